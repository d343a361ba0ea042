// The one contract between the renderer and the host (process model, SEC-1, SEC-2).
// Every method is `domain.verb` with a zod input and output; every event `domain.event`
// with a payload. IPC handlers, the preload bridge, the web bridge, the renderer client
// and the CLI are derived from this object (shared/rpc.ts); no channel name is written
// anywhere else.
import { z } from 'zod';
import {
  EffectiveServerSchema,
  EffectiveViewSchema,
  ProfileSchema,
  ServerStateSchema,
} from './schemas/server';
import { defineContract, method } from './rpc';
import { editorMethods } from './contract/editor';
import { toolsMethods } from './contract/tools';
import { authEvents, authMethods } from './contract/auth';

export * from './contract/editor';
export * from './contract/tools';
export * from './contract/auth';

const Empty = z.object({});

export const HostKindSchema = z.enum(['electron', 'web']);

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  host: HostKindSchema,
  platform: z.string(),
});

export const SelectionSchema = z.object({
  profile: ProfileSchema,
  /** Absolute path of the workspace (project root), null for user layers only. */
  workspace: z.string().nullable(),
});
export type Selection = z.infer<typeof SelectionSchema>;

export const DetectedProfileSchema = z.object({
  profile: ProfileSchema,
  /** CFG-12: the agent's data folder exists. */
  detected: z.boolean(),
  /** The files/folders that made us think so (for the picker's tooltip). */
  evidence: z.array(z.string()),
});

export const ProfilesSchema = z.object({
  /** Detected agents first (CFG-12), then the rest. */
  profiles: z.array(DetectedProfileSchema),
  recentWorkspaces: z.array(z.string()),
  selection: SelectionSchema,
});
export type Profiles = z.infer<typeof ProfilesSchema>;

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
  /** The entry as written, secrets masked. */
  entry: z.record(z.string(), z.unknown()),
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

export const contract = defineContract({
  methods: {
    'app.info': method(Empty, AppInfoSchema),
    /** SEC-1: only http(s), only on a user's click; the host checks again. */
    'app.openExternal': method(z.object({ url: z.string().max(4096) }), Empty),
    'profiles.detect': method(Empty, ProfilesSchema),
    'profiles.select': method(SelectionSchema, SelectionSchema),
    'servers.list': method(Empty, ServersViewSchema),
    'servers.reconnect': method(ServerId, Empty),
    'servers.setEnabled': method(ServerId.extend({ enabled: z.boolean() }), Empty),
    'workspace.trust': method(z.object({ workspace: z.string().min(1), trusted: z.boolean() }), Empty),
    // Issue 7 views, one file per domain under shared/contract/.
    ...editorMethods,
    ...toolsMethods,
    ...authMethods,
  },
  events: {
    /** CONN-5: one server changed state; the store patches its row. */
    'servers.stateChanged': z.object({ id: z.string(), state: ServerStateSchema, toolCount: z.number().int().nullable() }),
    /** Config files, trust or selection changed: the store refetches `servers.list`. */
    'servers.changed': z.object({ reason: z.string() }),
    ...authEvents,
  },
});

export type AppContract = typeof contract;
export const SECRET_MASK = '••••••';
