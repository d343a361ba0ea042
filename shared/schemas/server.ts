// The shapes every part of the panel agrees on: where a server came from (config engine),
// what it takes to connect to it (connection engine), and what state it is in (CONN-5).
import { PROFILE_IDS } from '../profiles/ids';
import { z } from 'zod';
import { LayerNoteCodeSchema, NoteParamsSchema, ProblemNoteSchema } from './notes';

/** AGENT-1: an agent the panel knows, as `--profile` takes it (shared/profiles/ids.ts: one folder each). */
export const ProfileSchema = z.enum(PROFILE_IDS);
export type Profile = z.infer<typeof ProfileSchema>;
export const PROFILES = ProfileSchema.options;

/** `env` is minara's MCP_SERVERS / v1 variables; `plugin` sits under kimi's files. */
export const LayerKindSchema = z.enum(['user', 'project', 'project-local', 'session', 'plugin', 'env']);
export type LayerKind = z.infer<typeof LayerKindSchema>;

export const LayerStateSchema = z.enum(['ok', 'missing', 'invalid', 'void', 'untrusted']);
export type LayerState = z.infer<typeof LayerStateSchema>;

/** Normalised transport: `streamable-http` is `http` on the wire. */
export const TransportSchema = z.enum(['stdio', 'http', 'sse']);
export type Transport = z.infer<typeof TransportSchema>;

/** Where a server's tools come from, for naming priority (NAME-1) and disclosure (DISC-1). */
export const ToolSourceSchema = z.enum(['configured', 'plugin-official', 'plugin-local', 'session']);
export type ToolSource = z.infer<typeof ToolSourceSchema>;

export const ProblemSchema = z.object({
  path: z.string(),
  /** RFC 6901 pointer into the file, '' for the whole file. */
  pointer: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
  /** `message` as a code (UI-9, issue 22): what the page says, in its language. */
  note: ProblemNoteSchema.optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;

export const LayerInfoSchema = z.object({
  layer: LayerKindSchema,
  path: z.string(),
  state: LayerStateSchema,
  error: z.string().nullable(),
  /** CFG-7: false where the agent treats the file as read-only (minimax project) or it is no file (session, plugin, env). */
  writable: z.boolean(),
  /** UI-9: why the layer holds nothing, as a code (layer.note.*); `error` carries its English. */
  note: z.object({ code: LayerNoteCodeSchema, params: NoteParamsSchema }).optional(),
});
export type LayerInfo = z.infer<typeof LayerInfoSchema>;

/** Tool filters applied after discovery (CONN-8). */
export const ToolLimitsSchema = z.object({
  include: z.array(z.string()).optional(),
  maxTools: z.number().int().positive().optional(),
  enabledTools: z.array(z.string()).optional(),
  disabledTools: z.array(z.string()).optional(),
  /** Plugin-sourced servers: more than 128 tools, or 256 in a snapshot, is rejected. */
  pluginCaps: z.boolean().optional(),
  /**
   * The agent's file-wide tool map (ProfileFacts.toolMap: OpenCode's `tools`): each file's entries
   * that may match this server's tools, lowest layer first; the profile merges and matches them.
   */
  toolMap: z.object({ profile: ProfileSchema, layers: z.array(z.object({ layer: LayerKindSchema, entries: z.array(z.tuple([z.string(), z.boolean()])) })) }).optional(),
});
export type ToolLimits = z.infer<typeof ToolLimitsSchema>;

/**
 * Everything the connection engine needs, already resolved from the dialect. Values that
 * hold `${VAR}` or name an env variable for a token stay unresolved here: secrets are read
 * at connect time (AUTH-4) and never stored.
 */
export const ConnectionSpecSchema = z.object({
  /** Stable identity of the server within the profile (NAME-1: never the public name). */
  id: z.string(),
  name: z.string(),
  profile: ProfileSchema,
  layer: LayerKindSchema,
  source: ToolSourceSchema,
  transport: TransportSchema,
  command: z.string().optional(),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).default({}),
  /** Env variable holding a bearer token (minara authTokenEnv, kimi bearerTokenEnvVar). */
  bearerTokenEnv: z.string().optional(),
  /** A literal token from a hand-written file (minara authToken): read, never written. */
  bearerToken: z.string().optional(),
  callTimeoutMs: z.number().int().positive().optional(),
  startupTimeoutMs: z.number().int().positive().optional(),
  limits: ToolLimitsSchema.default({}),
  /** Project servers: headers must not follow a cross-origin redirect (CFG-4). */
  dropHeadersOnCrossOriginRedirect: z.boolean().default(true),
  /** SEC-6: the entry's owner key; keychain-held variables reach only specs with the same key. */
  secretOwner: z.string().optional(),
  /** CFG-3: `${VAR}` in env and headers is sent as written (its agent does not expand there). */
  literalVars: z.boolean().optional(),
});
export type ConnectionSpec = z.infer<typeof ConnectionSpecSchema>;
export type ConnectionSpecInput = z.input<typeof ConnectionSpecSchema>;

export const ShadowSchema = z.object({ layer: LayerKindSchema, path: z.string() });

export const EffectiveServerSchema = z.object({
  name: z.string(),
  layer: LayerKindSchema,
  path: z.string(),
  /** JSON pointer of the entry in its file. */
  pointer: z.string(),
  transport: TransportSchema.nullable(),
  enabled: z.boolean(),
  /** Why this server cannot run (missing ${VAR}, reserved name, SSE-only in minara…). */
  error: z.string().nullable(),
  /** `error` as a code (UI-9, issue 22). */
  errorNote: ProblemNoteSchema.optional(),
  shadows: z.array(ShadowSchema),
  deferred: z.boolean().default(false),
  /** minara `subagent`: the agent sees one `mcp_<id>_query` tool (NAME-3). */
  subagent: z.boolean().default(false),
  /** Untrusted workspace: shown, never started (CFG-10). */
  trusted: z.boolean().default(true),
  /** AGENT-5: off for this agent by a switch of its own outside the entry: the file and the key that say so. */
  switchedOff: z.object({ path: z.string(), key: z.string() }).optional(),
  /** Where the agent keeps its own workspace trust (Kimi, Gemini, Codex…): whether it reads this entry's file. */
  agentTrusted: z.boolean().optional(),
  /**
   * The agent starts with none of its file servers because of one entry it refuses (Kimi: one
   * invalid entry in any file it reads): which one, and why.
   */
  agentVoid: z.object({ path: z.string(), pointer: z.string(), reason: z.string() }).optional(),
  /** AGENT-2 (issue 42): the agent itself skips this entry: its words, and the field that would make it take it. */
  agentRefusal: z.object({ reason: z.string(), set: z.object({ field: z.string(), value: z.string() }).optional() }).optional(),
  /** The agent's own entry (Goose's builtin and platform extensions): whose; nothing for the panel to start. */
  agentOwn: z.string().optional(),
  /**
   * VS Code inputs (prompts) the entry uses that the panel cannot answer: the agent asks for them
   * when it starts the server. `variables`: the keychain names under which the panel would answer
   * each (kept for this entry with `secrets set`); `profile`: whose entry it is.
   */
  inputs: z.object({ ids: z.array(z.string()), agent: z.string(), profile: z.string().optional(), variables: z.array(z.string()).optional() }).optional(),
  /** AGENT-9: the agent's plugin or extension that adds this server: read-only, named as the agent names it. */
  contributedBy: z.object({ kind: z.enum(['plugin', 'extension', 'discovery']), name: z.string() }).optional(),
  /** The entry as written, unknown fields included. */
  entry: z.record(z.string(), z.unknown()),
  spec: ConnectionSpecSchema.nullable(),
});
export type EffectiveServer = z.infer<typeof EffectiveServerSchema>;

export const ServerStateKindSchema = z.enum(['pending', 'connected', 'failed', 'disabled', 'needs-auth', 'removed']);
export type ServerStateKind = z.infer<typeof ServerStateKindSchema>;

/**
 * Why a server is in its state (UI-9): a code the renderer and the CLI turn into words from
 * the `reason.*` catalogue, with `params` for the sentence. `reason` keeps the raw detail (an
 * OS or server message, which cannot be translated), '' when the code says it all.
 */
export const ReasonCodeSchema = z.enum([
  'not_connected',
  'reconnecting',
  'connected',
  'idle_closed',
  'auth_required',
  'spawn_failed',
  'exited',
  'connection_closed',
  'timeout',
  'discovery_timeout',
  'command_timeout',
  'own_timeout',
  'http_error',
  'protocol_error',
  'too_many_tools',
  'connect_failed',
  'url_credentials',
  'removed',
  'disabled_in_config',
  'disabled_by_agent',
  // The agent's own entry (Goose builtin/platform extension): it runs inside the agent.
  'agent_own',
  // VS Code inputs: the agent asks for them when it starts the server; the panel has no answer.
  'input_required',
  // The same, declared: its value kept in the keychain for the entry lets the panel answer it.
  'input_keychain',
  'untrusted',
  'config_error',
  // CLI without a running panel: the server's last recorded tool list, not a live connection.
  'cached',
  // The launch doctor's diagnoses of a stdio server that did not start.
  'command_not_found',
  'file_missing',
  'command_elsewhere',
  'not_executable',
  'interpreter_missing',
  'exited_at_once',
  'node_engine',
  'variable_unset',
  'cwd_missing',
]);
export type ReasonCode = z.infer<typeof ReasonCodeSchema>;
/** The launch doctor's codes: a stdio server that did not start, and the fix. */
export const LAUNCH_DIAGNOSIS_CODES = ['command_not_found', 'file_missing', 'command_elsewhere', 'not_executable', 'interpreter_missing', 'exited_at_once', 'node_engine', 'variable_unset', 'cwd_missing'] as const satisfies readonly ReasonCode[];
export function isLaunchDiagnosis(code: ReasonCode): boolean {
  return (LAUNCH_DIAGNOSIS_CODES as readonly string[]).includes(code);
}
export const ReasonParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ReasonParams = z.infer<typeof ReasonParamsSchema>;

const why = { code: ReasonCodeSchema, params: ReasonParamsSchema.optional(), reason: z.string(), since: z.number() };
/** PROTO-1: 2025-11-25 and before open with `initialize` (legacy); 2026-07-28 with `server/discover` (modern). */
export const ProtocolEraSchema = z.enum(['legacy', 'modern']);
export type ProtocolEra = z.infer<typeof ProtocolEraSchema>;
/** PROTO-1: the person's per-server choice, kept in the panel's settings. */
export const EraModeSchema = z.enum(['legacy', 'auto', 'modern']);
export type EraMode = z.infer<typeof EraModeSchema>;
export const ServerStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pending'), ...why }),
  z.object({
    kind: z.literal('connected'),
    ...why,
    toolCount: z.number().int(),
    connectMs: z.number(),
    /** CONN-3: the first tools/list over this connection (ms); with connectMs, what a cold discovery took. */
    listMs: z.number().optional(),
    /** PROTO-1: the negotiated era and protocol version (absent only from hosts older than them). */
    era: ProtocolEraSchema.optional(),
    protocolVersion: z.string().max(64).optional(),
  }),
  z.object({ kind: z.literal('failed'), ...why, retryAt: z.number().nullable() }),
  z.object({ kind: z.literal('disabled'), ...why }),
  z.object({ kind: z.literal('needs-auth'), ...why }),
  z.object({ kind: z.literal('removed'), ...why }),
]);
export type ServerState = z.infer<typeof ServerStateSchema>;

export const ToolDefSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
});
export type ToolDef = z.infer<typeof ToolDefSchema>;

/** What the config engine answers for one profile and workspace (CFG-6, `status --json`). */
export const EffectiveViewSchema = z.object({
  profile: ProfileSchema,
  workspace: z.string().nullable(),
  layers: z.array(LayerInfoSchema),
  servers: z.array(EffectiveServerSchema),
  problems: z.array(ProblemSchema),
});
export type EffectiveView = z.infer<typeof EffectiveViewSchema>;
