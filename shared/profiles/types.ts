// AGENT-1 / DESIGN "Agents differ; the panel's model does not": what one agent profile answers,
// as pure facts the renderer, the CLI and the engine share. The engine half (files per layer
// and OS, loading, detection) is electron/services/config/profiles/. Every caller asks the
// profile; none tests the agent's name.
import type { z } from 'zod';
import type { Expansion } from '../schemas/expansion';
import type { LayerKind, Profile, Transport } from '../schemas/server';
import type { RuleSyntax } from '../permissions/syntax';
import type { AgentDefaults, ConnectionExtras } from './fields';
import type { ProfileNoteCode } from '../schemas/notes';
import type { Locale, MessageKey } from '../i18n';

/** The file format of the agent's config (AGENT-2: each is edited by span, never re-serialised). */
export type ConfigFormat = 'json' | 'jsonc' | 'toml' | 'yaml';

/**
 * CONN-8: the per-tool switch an agent reads in a server's entry: an allow-list field, a
 * deny-list field, either or neither. With both, an entry that already has the allow-list
 * keeps using it; otherwise the deny-list holds the disabled tools (kimi, seed 002).
 */
export interface ToolFilterFacts {
  allow: string | null;
  deny: string | null;
  /** An allow-list holding this entry lets every tool through (Copilot CLI `"tools": ["*"]`). */
  every?: string;
}

/** One key of an agent's file-wide tool map and its value, as a file holds them (OpenCode `"srv_*": false`). */
export type ToolMapEntry = [key: string, on: boolean];

/**
 * CONN-8 where the agent has no per-entry field: a map at the top of its files that turns tools on
 * and off by the names the agent gives them (OpenCode's `tools`). Each file's map is read apart,
 * since the agent merges them its own way; these functions are the agent's rules, so the engine,
 * the plan and the switch ask them instead of knowing the agent.
 */
export interface ToolMapFacts {
  /** The map's key at the top of each file. */
  key: string;
  /** The entries a file's top level holds, in the file's order ([] when it has none the agent takes). */
  read(root: Record<string, unknown>): ToolMapEntry[];
  /** The files' maps, lowest precedence first, merged as the agent merges them. */
  merge(layers: readonly (readonly ToolMapEntry[])[]): ToolMapEntry[];
  /** The merged map turns this tool of this server off. */
  off(merged: readonly ToolMapEntry[], server: string, tool: string): boolean;
  /** The key may match a tool of this server (what a server's spec keeps of the maps). */
  reaches(key: string, server: string): boolean;
  /** The key that names exactly this tool. */
  keyOf(server: string, tool: string): string;
}

/** How the agent turns (server, tool) into the name the model sees (NAME-1…4). */
export interface NamingScheme {
  /** `mcp__` / `mcp_`: what comes before the server part. */
  prefix: string;
  /** Between the server and the tool part. */
  sep: string;
  /** The name before collisions are resolved, for one server's many tools. */
  namer(server: string): (tool: string) => string;
  /** The name before any length limit (what two colliding tools meet on). */
  untruncated(server: string, tool: string): string;
  /**
   * NAME-1: a persistent registry hands out `_2`, `_3`…; else the first (or last) claimant keeps the
   * name; `server-prefix` (Zed): every holder of a shared name is shown as `<server>_<name>`;
   * `all-dropped` (Copilot CLI): no holder of a shared name is offered at all.
   */
  collisions: 'registry' | 'first-wins' | 'last-wins' | 'server-prefix' | 'all-dropped';
  /**
   * `first-wins`: in which order servers claim. Absent: configuration order. `ready` (Kimi): the
   * first to finish connecting, since it connects every server at once and registers each on its
   * status change (mcpService.ts registerMcpServer); the panel's measured connect + first list decides.
   */
  order?: 'ready';
  /**
   * NAME-4: the longest name the model's API takes. `enforced: false`: the agent sends a longer
   * one as it is and the API rejects the request (Claude Code); the panel flags it first.
   */
  limit?: { max: number; enforced: boolean };
  /** NAME-4: the sentence that says who keeps a contested name (tools.why.*, with {agent}, {winner}, {loser}). */
  whyKey: MessageKey;
  /** `server-prefix`: what a shared name becomes for one of its holders (Zed: `<server>_<name>`, cut to its limit). */
  clashName?: (server: string, tool: string) => string;
  /** NAME-2: the agent logs a dropped loser as an `MCP_TOOL_NAME_COLLISION` event (kimi). */
  collisionEvent: boolean;
  /** kimi (seed 002): a `needs-auth` server shows this one tool instead of its own. */
  authTool?: (server: string) => string;
  /**
   * Which entries the agent marks needs-auth on a 401 (then `authTool`); the others it marks
   * failed. Absent: every remote entry.
   */
  authToolFor?: (entry: Record<string, unknown>) => boolean;
  /** minara (seed 001): a `subagent` server is this one tool. */
  subagentTool?: (server: string) => string;
}

/** CTX-1: what the agent does with tools past a cap; `unstated`: its sources do not say. */
export const LIMIT_ACTIONS = ['refused', 'truncated', 'warned', 'deferred', 'unstated'] as const;
export type LimitAction = (typeof LIMIT_ACTIONS)[number];

/**
 * CTX-1: one limit of an agent. `cap`: at most `max` tools per request or in total, and what it
 * does past them. The deferrals (DISC-3) keep definitions out of the model's context until it
 * searches for them: `defer-share` once the definitions pass `share` of a `window`-token context
 * (null: the model's, given by the caller); `defer-count` past `max` tools; `defer-all` every MCP
 * tool; `defer-marked` the tools of servers marked with `field`. `setting`: the variable that
 * switched the rule.
 */
export type ToolLimit =
  | { kind: 'cap'; max: number; per: 'request' | 'total'; past: LimitAction }
  | { kind: 'defer-share'; share: number; window: number | null; setting?: string; only?: 'configured'; whitelist?: boolean }
  | { kind: 'defer-count'; max: number; setting?: string }
  | { kind: 'defer-all'; setting?: string }
  | { kind: 'defer-marked'; field: string };
export const TOOL_LIMIT_KINDS = ['cap', 'defer-share', 'defer-count', 'defer-all', 'defer-marked'] as const satisfies readonly ToolLimit['kind'][];
export type ToolLimitKind = (typeof TOOL_LIMIT_KINDS)[number];

/** DISC-3: how the agent itself defers tools. */
export interface Deferral {
  deferred: boolean;
  mechanism: 'select_tools' | 'defer_loading' | null;
}

/** UI-2: one of the agent's own fields in the editor form, after the transport's fields. */
export interface FormField {
  key: string;
  /** flag: `true` or absent; enabled: absent (on) or `false`. */
  kind: 'text' | 'number' | 'flag' | 'enabled';
  /** The element's id. */
  id: string;
  /** A message for the label; without one the label is the field's own name, as the file spells it. */
  label?: MessageKey;
  help?: MessageKey;
  /** Shown for remote transports only. */
  only?: 'remote';
}

/**
 * AGENT-3: how the agent spells an entry in its file, beyond the fields every agent shares: what
 * install, import and "make these the same" write for the panel's canonical entry
 * (shared/install/canonical.ts reads and writes every agent through this).
 */
export interface EntrySpelling {
  /** The key naming the transport; null: the agent infers it from the fields. */
  typeKey: 'type' | 'transport' | null;
  /** The word written for each transport; a transport left out is inferred (command → stdio, URL → http). */
  typeWords: Partial<Record<Transport, string>>;
  /** Where a remote URL goes per transport (Gemini `httpUrl`, Windsurf `serverUrl`); default `url`. */
  urlKey: Partial<Record<Transport, string>>;
  /** The field of literal headers (Codex `http_headers`). */
  headersKey: string;
  /** How the file spells the panel's `${NAME}`: as it is, `${env:NAME}` (VS Code, Cursor, Windsurf, Cline) or `{env:NAME}` (OpenCode). */
  variable: 'dollar' | 'env-colon' | 'env-brace';
  /** `${NAME:-default}` is understood where the agent expands. */
  defaults: boolean;
  /** A bearer token read from a variable named here (Codex `bearer_token_env_var`, kimi `bearerTokenEnvVar`, minara `authTokenEnv`). */
  tokenEnvField: string | null;
  /** Headers whose whole value is a variable, by the variable's name (Codex `env_http_headers`). */
  envHeadersField: string | null;
  /** Variables passed to a stdio server by name (Codex `env_vars`). */
  forwardEnvField: string | null;
  /** Where the command and the environment go (Goose `cmd`, `envs`; OpenCode `environment`). */
  commandKey: string;
  envKey: string;
  /** The command and its arguments are one array under `commandKey` (OpenCode `command: ["npx", "-y", …]`). */
  argv: boolean;
  /** The per-server switch: `enabled: false` turns a server off, or (Cline) `disabled: true`. */
  switchKey: 'enabled' | 'disabled';
  /** A field holding the server's own name (Goose `name`), written with every entry. */
  nameField: string | null;
  /** `enabled: true` is written too (Goose requires the field). */
  enabledAlways: boolean;
  /** The editor's own variables the agent fills in: `${workspaceFolder}` (the open workspace), `${userHome}`. */
  predefined: readonly ('workspaceFolder' | 'userHome')[];
}

/**
 * AGENT-6: the client capabilities the agent declares when it connects (its `initialize`), spelled
 * as the MCP schema spells them. A server may offer tools only to clients declaring sampling or
 * URL elicitation (server-everything does), so the panel connects declaring exactly these.
 */
export interface DeclaredCapabilities {
  roots?: { listChanged?: boolean };
  sampling?: CapabilityObject;
  elicitation?: { form?: CapabilityObject; url?: CapabilityObject };
}

/** A capability's own settings (`{ applyDefaults: true }`, `{ tools: {} }`): JSON, as the schema takes it. */
export interface CapabilityObject {
  [key: string]: string | number | boolean | null | CapabilityObject;
}

/** How the agent decides that a workspace's servers may run (SEC-5: the panel's own trust comes first). */
export type TrustRule = 'panel' | 'per-server-approval' | 'trusted-projects' | 'folder-trust' | 'workspace-trust';

export interface ProfileFacts {
  id: Profile;
  /** The agent's own name for itself (a product name: never translated). */
  label: string;
  /** How the engine's English messages name it ("Kimi expands ${VAR} nowhere…"). */
  shortLabel: string;
  format: ConfigFormat;
  /** The layers that are files, lowest precedence first (session, plugin and env are not). */
  fileLayers: readonly LayerKind[];
  /** The key of the object that holds the servers, in every file of the profile. */
  serversKey: string;
  entrySchema: z.ZodType<Record<string, unknown>>;
  /** Top-level fields other than the servers (warned about, never fatal: CFG-5). */
  fileSchema: z.ZodType;
  /** The keys that name the transport, in the order the agent reads them (CFG-2). */
  transportKeys: readonly ('type' | 'transport')[];
  /** Transports an entry of this agent can use; the first is what an entry without one means. */
  transports: readonly Transport[];
  /** CFG-3: where the agent expands `${VAR}` in a file of this layer. */
  expansion(layer: LayerKind): Expansion;
  /** Where `${VAR}` expands, said in the "sent as written" warning, in each language the panel speaks. */
  expansionWhere: Readonly<Record<Locale, string>>;
  /** UI-2: the agent's own fields in the editor form, and a hint under the URL. */
  form: { fields: readonly FormField[]; urlHelp?: MessageKey };
  /** The agent has a per-server `enabled` switch (minara has none, seed 001). */
  serverSwitch: boolean;
  toolFilter: ToolFilterFacts;
  /** A file-wide tool map where the agent has one (OpenCode's `tools`); absent: none. */
  toolMap?: ToolMapFacts;
  naming: NamingScheme;
  /** PERM-1…4: how the agent matches permission rules against tool names. */
  rules: RuleSyntax;
  /** The agent logs in to remote servers by OAuth itself (BRIDGE-4: else the bridge does). */
  oauth: boolean;
  /** A broken override is skipped, leaving the lower valid entry in force (minara "記錄後跳過"). */
  invalidYields: boolean;
  /**
   * A same-name entry in a later layer is merged onto the earlier one key by key (tables and objects
   * merged, lists and values replaced) rather than replacing it: Codex 0.171.0 and OpenCode 1.18.33
   * list a user server with a project's `enabled = false` on it as that server, off (agent contract suite).
   */
  mergesSameName?: boolean;
  /** A field of the entry that overrides the key as the server's name (minara `id`). */
  idField: string | null;
  deferral(server: { deferred?: boolean }): Deferral;
  /** DISC-4: what the disclosure view says of this agent's own deferral (none for minimax, whose plan it is). */
  disclosureNote(anyDeferred: boolean): ProfileNoteCode | null;
  /** Entry fields that mark a server deferred (DISC-3). */
  deferredFields: readonly string[];
  /** CFG-2, CONN-2, CONN-8, AUTH-4: the agent's own fields (timeouts, tool limits, token variable) on the spec. */
  connection(entry: Record<string, unknown>, defaults: AgentDefaults): ConnectionExtras;
  /** The agent's own spelling (Codex `http_headers`, Gemini `httpUrl`, `${env:X}`) in the common one the spec is built from. */
  normalize?(entry: Record<string, unknown>): Record<string, unknown>;
  /** The transport of a normalized entry, where the agent infers it its own way. */
  transportOf?(entry: Record<string, unknown>): Transport | null;
  /** CFG-3: an unset `${VAR}` without default disables the server, or (Gemini) is sent as written. */
  missingVar: 'disable' | 'keep';
  /** SEC-5: what the agent itself asks before a workspace's servers run. */
  trust: TrustRule;
  /**
   * CONN-3: the entry field whose value is how long the agent waits for a server's first answer
   * (raising it gives a slow server its turn); null when no field of the entry sets it.
   */
  budgetField: string | null;
  /** DISC-1: where the agent reads its disclosure options, relative to its data folder (files.ts dataDir; MiniMax: `config.yaml`). */
  disclosureConfig?: readonly string[];
  /**
   * CTX-1: the agent's tool and context limits, as its docs or source state them (each one's
   * source is a row of the profile's README); empty where none was found. `env`: the agent's
   * environment, where a variable switches a rule (Claude Code `ENABLE_TOOL_SEARCH`).
   */
  limits(env: Readonly<Record<string, string | undefined>>): readonly ToolLimit[];
  /**
   * SKILL-1: the agent loads MCP servers' skills (SEP-2640) into its context, and on which
   * connections ('modern': only those that negotiated 2026-07-28); absent where it does not.
   */
  mcpSkills?: { era: 'modern' | 'any' };
  /** AGENT-6: what the agent declares when it connects; null where no source says (the panel then declares its own full set and says so). */
  clientCapabilities: DeclaredCapabilities | null;
  /** PROTO: the protocol era the agent speaks (BRIDGE-4: a legacy-only agent reaches a modern-only server through the bridge). */
  era: 'legacy' | 'dual' | 'unknown';
  /** AGENT-3: the agent's spelling of an entry (install, import, "make these the same"). */
  spelling: EntrySpelling;
  /** BRIDGE-4: the entry that starts `command args…` as a stdio server, in the agent's spelling. */
  stdioEntry(command: string, args: readonly string[]): Record<string, unknown>;
  /** The fields the agent drops from an entry and what that means, each said as a warning (kimi: `type`, `timeout`, `disabled`…). */
  ignoredFields?: (entry: Record<string, unknown>) => { field: string; message: string }[];
  /**
   * One entry the agent's schema refuses (or a file that does not parse) in any file the agent
   * reads, and it starts with none of its file or plugin servers (Kimi); absent: only that entry fails.
   */
  invalidEntryVoidsAll?: boolean;
  /** CONN-3: a server that misses the discovery budget gets no tools this turn (absent), or (Kimi) is failed for the session. */
  budgetMiss?: 'session';
  /**
   * AGENT-2 (issue 42): the published agent's own check of one entry, where it skips or refuses
   * entries the panel's schema would read (Claude Code's `url` without `type`): why, in the
   * agent's words, and the fix; null when the agent takes it. Absent: the entry schema is the agent's.
   */
  agentCheck?(name: string, entry: unknown): AgentRefusal | null;
  /** An entry that is the agent's own (Goose's builtin and platform extensions, a Zed extension's server): shown as the agent's, nothing for the panel to start. */
  ownEntry?(entry: Record<string, unknown>): boolean;
  /** Prompts the agent asks the person for when it starts a server (VS Code `inputs`): declared per file, used per entry. */
  prompts?: PromptFacts;
}

/** Why the agent itself skips or refuses an entry: its own words, and the field that would make it take the entry. */
export interface AgentRefusal {
  reason: string;
  set?: { field: string; value: string };
}

/** VS Code `${input:ID}` (AGENT-2, issue 42): a prompt VS Code asks for, never an environment variable. */
export interface PromptFacts {
  /** The ids the file declares (its top-level `inputs` list). */
  declared(root: Record<string, unknown>): ReadonlySet<string>;
  /** The ids an entry uses, in first-seen order. */
  used(entry: Record<string, unknown>): string[];
}
