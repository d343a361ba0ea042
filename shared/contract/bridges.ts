// BRIDGE-4: the bridge line in an agent's file (offer, install, uninstall) and the bridges
// running now. Codes cross the boundary; the page and the CLI word them (bridges catalogue).
import { z } from 'zod';
import { method, READ, SERVED, SERVED_WRITE, TRAY_FIX } from '../rpc';
import { WRITE_REFUSALS } from '../errors';
import { LiveBridgeSchema } from '../schemas/bridge';
import { LayerKindSchema, ProfileSchema } from '../schemas/server';
import { AgentIssueSchema } from '../schemas/agent-view';

const Id = z.string().min(1).max(512);

/** Why install or uninstall said no (`write`: the config writer's refusal, in data). */
export const BridgeErrorCodeSchema = z.enum(['unknown_server', 'untrusted_workspace', 'inline_secret', 'stdio_unsupported', 'stdio_target', 'shared_file_add', 'no_command', 'not_installed', 'edited', 'write']);
export type BridgeErrorCode = z.infer<typeof BridgeErrorCodeSchema>;

export const BridgeLineSchema = z.object({ command: z.string(), args: z.array(z.string()) });

export const BridgeOfferSchema = z.object({
  server: z.string(),
  profile: ProfileSchema,
  layer: LayerKindSchema,
  /** The file the entry (and the line) is in. */
  path: z.string().default(''),
  /** Why the agent cannot use the entry as written, where the bridge is a fix (the row's verdict, agent-view/). */
  advice: z.array(AgentIssueSchema),
  /** The panel's install of this entry, when there is one. */
  installed: z.object({ layer: LayerKindSchema, path: z.string(), installedAt: z.number() }).nullable(),
  /** What install would write now; null with `unavailable` when it cannot. */
  line: BridgeLineSchema.nullable(),
  unavailable: BridgeErrorCodeSchema.nullable(),
  /** Other agents that read the same file (kimi's git-root .mcp.json is MiniMax's project file): they start the line too. */
  sharedWith: z.array(z.object({ profile: ProfileSchema, layer: LayerKindSchema, agent: z.string() })).default([]),
  /** A workspace file may be committed: the paths in the line that exist only on this machine. */
  machineSpecific: z.array(z.string()).default([]),
});
export type BridgeOffer = z.infer<typeof BridgeOfferSchema>;

export const BridgeInstallResultSchema = z.object({ path: z.string(), layer: LayerKindSchema, changed: z.boolean(), replaced: z.boolean(), line: BridgeLineSchema });
export const BridgeUninstallResultSchema = z.object({
  path: z.string(),
  layer: LayerKindSchema,
  restored: z.enum(['exact', 'entry', 'removed']),
  /** Fields changed on the bridge line since install (disable, tool filters) that the restored entry keeps. */
  carried: z.array(z.string()).optional(),
});

export const LiveBridgesSchema = z.object({ bridges: z.array(LiveBridgeSchema) });

export const bridgesMethods = {
  /** The offer for one server row: why the agent needs the bridge, and the line install writes. */
  'bridges.advice': method(z.object({ id: Id }), BridgeOfferSchema, READ, ['not-found', 'unavailable']),
  /**
   * Install and uninstall are config writes through the writer, with its refusals: served on the
   * panel's socket (the CLI's `bridge install|uninstall`, issue 36 item 3), as the editor's are.
   * `layer`: the layer whose entry (the effective one's when absent).
   */
  'bridges.install': method(z.object({ id: Id, layer: LayerKindSchema.optional() }), BridgeInstallResultSchema, { ...TRAY_FIX, callers: [...TRAY_FIX.callers, 'socket'] }, [...WRITE_REFUSALS, 'unavailable']),
  'bridges.uninstall': method(z.object({ id: Id, layer: LayerKindSchema.optional() }), BridgeUninstallResultSchema, SERVED_WRITE, [...WRITE_REFUSALS, 'unavailable']),
  /** The bridges running now on this machine (every agent, every profile). */
  'bridges.list': method(z.object({}), LiveBridgesSchema, SERVED, ['unavailable']),
};

export const bridgesEvents = {
  /** The running bridges changed (one started, ended, or counted calls). */
  'bridges.changed': LiveBridgesSchema,
};
