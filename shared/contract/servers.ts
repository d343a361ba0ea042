// servers.*: the rows of the host's read model (UI-1), reconnect and enable/disable, and the
// events that keep the page's copy current without asking again.
import { z } from 'zod';
import { EffectiveServerSchema, EffectiveViewSchema, EraModeSchema, ServerStateSchema } from '../schemas/server';
import { AgentVerdictSchema } from '../schemas/agent-view';
import { method, ACTION, READ, SERVED } from '../rpc';
import { WRITE_REFUSALS } from '../errors';
import { ToolsChangedSchema } from './snapshots';

/**
 * One server as the page sees it. No secret value ever crosses (SEC-2): env values,
 * inline tokens and literal auth headers are replaced by SECRET_MASK before this leaves
 * the host; `${VAR}` references stay, they are not secrets.
 */
export const ServerRowSchema = EffectiveServerSchema.omit({ spec: true }).extend({
  /** Stable identity (ConnectionSpec.id when the entry resolves, else layer:name). */
  id: z.string(),
  /** `command args…` or the URL without credentials or query, for display. */
  target: z.string().nullable(),
  state: ServerStateSchema,
  toolCount: z.number().int().nullable(),
  connectMs: z.number().nullable(),
  lastError: z.string().nullable(),
  /** The host's one rule (config/status.ts configState): enabled, trusted, resolved. The page never re-derives it. */
  runnable: z.boolean(),
  /**
   * CFG-7: the entry's file is not the panel's to write (minimax project file, minara
   * MCP_SERVERS, plugins): no disable, edit or remove is offered; the page says why.
   */
  readOnly: z.boolean(),
  /** The entry as written, secrets masked. */
  entry: z.record(z.string(), z.unknown()),
  /** CONN-11: the tool list changed since the user accepted it (tools.snapshotDiff shows how). */
  toolsChanged: ToolsChangedSchema.nullable().optional(),
  /** CONN-11: how many findings the poisoning checks make on its current tool list's own texts (absent: none, or not connected). */
  findings: z.number().int().positive().optional(),
  /** SKILL-2: its skills changed since they were approved (the Skills tab shows how; absent: unchanged or none). */
  skillsChanged: z.literal(true).optional(),
  /** Can the selected profile's agent use the entry as written (beside the panel's own `state`)? */
  agent: AgentVerdictSchema.optional(),
});
export type ServerRow = z.infer<typeof ServerRowSchema>;

export const ServersViewSchema = EffectiveViewSchema.extend({
  servers: z.array(ServerRowSchema),
  /** kimi: project layers exist but the workspace is not trusted (CFG-10). */
  needsTrust: z.boolean(),
  loadedAt: z.number(),
});
export type ServersView = z.infer<typeof ServersViewSchema>;

const ServerId = z.object({ id: z.string().min(1).max(512) });
/** What an action on one server answers: its row as the read model shows it afterwards. */
const TheRow = z.object({ server: ServerRowSchema });

export const serversMethods = {
  'servers.list': method(z.object({}), ServersViewSchema, SERVED),
  /** The row once the new connection settled (connected, failed, or waiting for a login). */
  'servers.reconnect': method(ServerId, TheRow, { ...ACTION, callers: [...ACTION.callers, 'tray'] }, ['not-found', 'refused', 'unavailable']),
  /** The row after the write; `servers.changed` carries the whole view to every page. */
  'servers.setEnabled': method(ServerId.extend({ enabled: z.boolean() }), TheRow, ACTION, WRITE_REFUSALS),
  /** PROTO-1: the person's era choice for this entry (the panel's settings; auto when none). */
  'servers.eraMode': method(ServerId, z.object({ mode: EraModeSchema }), READ, ['not-found', 'unavailable']),
  /** Saves the choice and reconnects the server with it. */
  'servers.setEraMode': method(ServerId.extend({ mode: EraModeSchema }), TheRow.extend({ mode: EraModeSchema }), ACTION, ['not-found', 'unavailable']),
  /** PROTO-2: drops the lists the server let the panel keep (`ttlMs`); the next read asks the server. */
  'servers.refreshLists': method(ServerId, TheRow, SERVED, ['not-found', 'refused', 'unavailable']),
};

export const serversEvents = {
  /** CONN-5: one server changed state; the store patches its row. */
  'servers.stateChanged': z.object({ id: z.string(), state: ServerStateSchema, toolCount: z.number().int().nullable(), toolsChanged: ToolsChangedSchema.nullable().optional(), findings: z.number().int().nonnegative().optional(), skillsChanged: z.boolean().optional(), agent: AgentVerdictSchema.optional() }),
  /**
   * Config files, trust, selection or a login changed. `view` is the host's read model after
   * the change: the store takes it as is, no refetch. Absent only when a transport may have
   * missed events (web socket reconnect): then the store asks `servers.list` once.
   */
  'servers.changed': z.object({ reason: z.string(), view: ServersViewSchema.optional() }),
};
