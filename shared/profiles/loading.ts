// The shapes an agent's files module (shared/profiles/<id>/files.ts) and the engine's loader
// (electron/services/config/) share: where a layer's file is, what a load is given, and one
// LoadedLayer per file (or env/session source), holding the servers it declares before the
// merge decides which ones win. Types only: the engine does the I/O (AgentIo below).
import type { ConnectionSpec, LayerInfo, LayerKind, Problem, Profile, Transport } from '../schemas/server';
import type { Dialect } from '../schemas/dialects';
import type { ProblemCode, ProblemNote } from '../schemas/notes';
import type { AgentDefaults } from './fields';
import type { AgentRefusal, ConfigFormat, ToolMapEntry } from './types';
import type { RuleLists } from '../permissions/rules';

export interface LayerServer {
  /** Merge key: the file key, or minara's `id` override. */
  name: string;
  layer: LayerKind;
  path: string;
  pointer: string;
  /** The entry as written (unknown fields kept). */
  entry: Record<string, unknown>;
  transport: Transport | null;
  enabled: boolean;
  error: string | null;
  /** `error` as a code (UI-9, issue 22): what the page says instead of the English. */
  errorNote?: ProblemNote;
  /** Passed its dialect schema. Minara skips invalid entries in the merge (seed 001). */
  valid: boolean;
  deferred: boolean;
  subagent: boolean;
  trusted: boolean;
  /** Set where the agent keeps its own trust of the workspace (AgentFiles.agentTrust): whether it reads this layer. */
  agentTrusted?: boolean;
  spec: ConnectionSpec | null;
  /** AGENT-5: turned off by one of the agent's switches outside the entry (AgentFiles.switches). */
  switchedOff?: SwitchedOff;
  /** AGENT-2: the agent itself skips or refuses this entry (ProfileFacts.agentCheck). */
  agentRefusal?: AgentRefusal;
  /** The agent's own entry (ProfileFacts.ownEntry): whose (its short label); nothing for the panel to start, and no error. */
  agentOwn?: string;
  /** VS Code inputs the entry uses (ProfileFacts.prompts): the agent asks for them; the panel cannot. */
  inputs?: { ids: string[]; agent: string; profile?: string; variables?: string[] };
  /** AGENT-9: the plugin or extension of the agent that adds this server (read-only). */
  contributedBy?: Contributor;
}

/** AGENT-9: a plugin (Claude Code, Codex), an extension (Gemini CLI) of the agent, or another app's file it discovers (VS Code). */
export interface Contributor {
  kind: 'plugin' | 'extension' | 'discovery';
  name: string;
}

/**
 * AGENT-9: the servers one plugin or extension contributes, as the agent reads them: names as the
 * agent gives them (Claude Code: `plugin:<plugin>:<server>`), its placeholders for the plugin's
 * own folder resolved; `off` when the agent has the plugin switched off here.
 */
export interface PluginServers extends Contributor {
  /** The manifest the servers were read from: the layer's path. */
  path: string;
  servers: Record<string, Record<string, unknown>>;
  off: SwitchedOff | null;
  /** Switched on only by the workspace's own files (a committed settings file): its servers wait for the panel's trust (SEC-5). */
  fromWorkspace?: boolean;
}

/** AGENT-5: one edit of an agent's own switch file: a name in or out of a list, or a value set (undefined: removed). */
export type SwitchEdit = { file: string; format: ConfigFormat; path: readonly [string, ...string[]] } & ({ kind: 'list'; value: string; present: boolean } | { kind: 'value'; value: unknown });

/** AGENT-5: where an agent keeps a server off outside its entry: the file, and the key in it. */
export interface SwitchedOff {
  path: string;
  key: string;
}

export interface LoadedLayer {
  info: LayerInfo;
  servers: LayerServer[];
  problems: Problem[];
  /** The agent itself does not read this layer (it has not trusted the workspace). */
  agentSkips?: boolean;
  /** AGENT-2: the agent reads the file and refuses it as a whole (OpenCode: a `{file:…}` that is not there): why. */
  agentRefuses?: string;
  /** CONN-8: the file's tool map, where the agent has one (ProfileFacts.toolMap: OpenCode's `tools`). */
  toolMap?: ToolMapEntry[];
}

/**
 * CFG-3 + CFG-8 + SEC-6: the variables the host injects at connect time (the keychain field).
 * Names only: values never enter the config engine or its view.
 */
export interface HostVariables {
  /** Per owner key (secret-owner.ts): the variables held for exactly that entry. */
  byOwner: ReadonlyMap<string, ReadonlySet<string>>;
  /** Per server name, every variable held for any entry of that name: says why one is missing. */
  byName: ReadonlyMap<string, ReadonlySet<string>>;
}

/** What a profile loader needs from the outside world; all of it injectable for tests. */
export interface LoadContext {
  profile: Profile;
  env: NodeJS.ProcessEnv;
  home: string;
  cwd: string;
  /** Absolute workspace root, or null when none was given. */
  workspace: string | null;
  panelDataDir: string;
  isTrusted: (workspace: string) => Promise<boolean>;
  /** Asked only when a layer expands `${VAR}` (minimax project files, minara headers). */
  hostVariables?: () => Promise<HostVariables>;
  /** Which OS's paths the profile resolves (tests inject another). */
  platform?: NodeJS.Platform;
  /** Global defaults the agent applies to every entry (kimi: its `mcp` section and KIMI_MCP_*). */
  agentDefaults?: AgentDefaults;
}

export interface LayerOptions {
  /** The same-name entry of the layers below, merged so far, when the agent merges this layer's onto it (ProfileFacts.mergesSameName). */
  mergeOnto?: (name: string) => Record<string, unknown> | undefined;
  path: string;
  layer: LayerKind;
  dialect: Dialect;
  /** Where the servers object sits (default: the profile's servers key). */
  container?: readonly string[];
  /** AGENT-2/SEC-5: per server, may the agent use it (Claude Code's per-server approval); a reason when not. */
  serverTrust?: (name: string) => string | null;
  /** MCP_SERVERS: a JSON array of entries instead of `{mcpServers: {…}}`. */
  listMode?: boolean;
  /** Where `${VAR}` expands (shared/schemas/expansion expansionFor): variables the host holds per server; they count as set in env and headers. */
  hostVariables?: HostVariables;
  /** CFG-4: names this layer may not use. */
  reservedNames?: readonly string[];
  /** CFG-10: shown, never started. */
  trusted?: boolean;
  /** CFG-7: the panel may write this file (default true). */
  writable?: boolean;
  /** Project layers: stdio servers run in the workspace root (CFG-4, CONN-4). */
  projectRoot?: string;
  /** Plugin layer: official plugins claim names before local ones (NAME-1). */
  pluginOrigin?: 'official' | 'local';
  /** AGENT-2: the agent refuses the file when the servers key is missing (Claude Code's `.mcp.json`). */
  serversKeyRequired?: boolean;
}

export interface LayerLocation {
  layer: LayerKind;
  /** The file the layer reads (and the writer edits); for minara the legacy file when only it exists. */
  path: string;
  /** minimax project files are read-only for the agent and the panel (CFG-7). */
  writable: boolean;
  /** Project layers start nothing until the workspace is trusted (CFG-10, SEC-5: every profile). */
  needsTrust: boolean;
  /** Set when `path` is a legacy fallback: the file new content should go to. */
  preferredPath?: string;
  /** Other spellings of this layer's file, not read while `path` exists (still scanned for secrets). */
  alternates?: string[];
  /** Where the servers object sits in the file, when not at the profile's servers key. */
  container?: string[];
  /**
   * Project layers: the folder the file must stay inside (by realpath) to be read or written
   * (issue 21 F9: a repository's link to `~/.ssh/authorized_keys` is neither).
   */
  confineTo?: string;
  /** CFG-4: a file larger than this is void as a whole (minimax project files: 1 MiB). */
  maxBytes?: number;
  /** CFG-4: names this layer may not use. */
  reservedNames?: readonly string[];
  /** AGENT-2: the agent refuses this file when it has no servers key (Claude Code's `.mcp.json`: "mcpServers: expected record"). */
  serversKeyRequired?: boolean;
  /** This file's syntax where it is not the profile's (Copilot CLI: JSONC at home, strict JSON in the workspace). */
  format?: ConfigFormat;
}

/** AGENT-2: a file the agent refuses as a whole, by its text: why (a problem code and its words), and where in the text. */
export interface FileRefusal {
  code: ProblemCode;
  params: Record<string, string>;
  offset: number;
}

export interface LayerEnv {
  env: NodeJS.ProcessEnv;
  home: string;
  workspace: string | null;
  /** Defaults to the host's platform; tests give another to resolve Windows or macOS paths. */
  platform?: NodeJS.Platform;
}

/** The path functions of the OS a profile resolves for (node's posix or win32, given by the engine). */
export interface PathApi {
  join(...parts: string[]): string;
  dirname(p: string): string;
  resolve(...parts: string[]): string;
  relative(from: string, to: string): string;
  isAbsolute(p: string): boolean;
}

/**
 * What an agent's files module may ask of the machine: the engine implements it over the real
 * file system (electron/services/config/profiles/io.ts), with the same bounded, regular-file-only
 * reads as the loader (SEC-7), so a profile never does I/O of its own.
 */
export interface AgentIo {
  path: PathApi;
  exists(path: string): Promise<boolean>;
  /** A config file's parsed value; undefined when it is missing, unreadable or does not parse. */
  readValue(path: string, format?: ConfigFormat): Promise<unknown>;
  /** The regular files directly in a folder, by name, sorted; [] when it cannot be listed. */
  listFiles(dir: string): Promise<string[]>;
  /** The folders (links to folders too) directly in a folder, by name, sorted; [] when it cannot be listed. */
  listDirs(dir: string): Promise<string[]>;
  /** Seed 002: the nearest folder up from `start` holding `.git` (a folder or a file). */
  gitRoot(start: string): Promise<string | null>;
  /** The nearest folder up from `start` holding a folder `name`, other than `except` by realpath. */
  findUp(start: string, name: string, except: string): Promise<string | null>;
  /** SHA-256 of the text's UTF-8 bytes, lowercase hex (Kimi names its trust records with it). */
  sha256Hex(text: string): string;
}

/** CFG-12: the folder or file whose presence says the agent is installed, and its config files. */
export interface Detection {
  marker: string;
  /** Other folders whose presence says the same (MiniMax: each data folder it may use, its installer's). */
  otherMarkers?: string[];
  configFiles: string[];
}

/** What a rule file's text holds (PERM-4), when the agent keeps rules in a format of its own. */
export interface ReadRules {
  rules: RuleLists;
  problem: { code: string; params?: Record<string, string | number> } | null;
}

/**
 * The loader's own steps, for an agent whose layers are not plain files (minara's MCP_SERVERS):
 * generic over the engine's read type, which the agent's module only passes along.
 */
export interface LoadKit<R> {
  readFile(path: string, opts?: { confineTo?: string; maxBytes?: number; format?: ConfigFormat }): Promise<R>;
  readText(text: string, label: string): R;
  loaded(read: R): boolean;
  loadLayer(read: R, opts: LayerOptions, ctx: LoadContext): LoadedLayer;
  emptyLayer(opts: LayerOptions, state: LayerInfo['state']): LoadedLayer;
  /** The keychain-held variables, and a warning when the keychain could not be asked. */
  hostVariables(ctx: LoadContext): Promise<{ vars: HostVariables | undefined; problem: Omit<Problem, 'path' | 'pointer' | 'severity'> | null }>;
  /** The plain way: these files, lowest precedence first, project layers only when trusted. */
  loadFiles(locations: readonly LayerLocation[], ctx: LoadContext): Promise<LoadedLayer[]>;
}

/**
 * AGENT-4: everything about an agent's files, per layer and OS, as pure functions over AgentIo.
 * The engine turns it into loading, writing, detection and rule reading (profiles/engine.ts).
 */
export interface AgentFiles {
  /** The file layers, lowest precedence first (session, plugin and env are not files). */
  layers(where: LayerEnv, io: AgentIo): Promise<LayerLocation[]>;
  detection(where: Omit<LayerEnv, 'workspace'>, path: PathApi): Detection;
  /** Why the agent itself will not use this project layer (Codex trusted projects, Gemini folder trust), or null. */
  agentTrust?(ctx: LoadContext, loc: LayerLocation, io: AgentIo): Promise<string | null>;
  /** Per server of a layer: why the agent has not approved it (Claude Code), or null. */
  serverTrust?(ctx: LoadContext, loc: LayerLocation, io: AgentIo): Promise<((name: string) => string | null) | undefined>;
  /** Global defaults the agent applies to every entry (kimi's `mcp` section, KIMI_MCP_*). */
  defaults?(ctx: LoadContext, io: AgentIo): Promise<AgentDefaults>;
  /**
   * AGENT-5: the agent's own on/off switches outside the entries (Claude Code's per-project
   * `disabledMcpServers`, Gemini's `mcp.excluded`, `mcp.allowed` and its enablement file): per
   * server, where it is off, or null.
   */
  switches?(ctx: LoadContext, io: AgentIo): Promise<(server: { name: string; layer: LayerKind }) => SwitchedOff | null>;
  /**
   * AGENT-5: the edits that turn one server off or on with the agent's own switch, where that is
   * not a flag in the entry (Claude Code's per-project list, Gemini's enablement file); null: the
   * entry's flag, or no switch at all (the writer says so).
   */
  switchEdits?(server: { name: string; layer: LayerKind }, on: boolean, where: LayerEnv, io: AgentIo): Promise<SwitchEdit[] | null>;
  /** The agent's data folder, where `disclosureConfig` and its own files (MiniMax's name registry) are. */
  dataDir?(where: Omit<LayerEnv, 'workspace'>, io: AgentIo): Promise<string>;
  /** Layers that are not plain files (minara's MCP_SERVERS and v1 variables); the default is loadFiles. */
  load?<R>(ctx: LoadContext, io: AgentIo, kit: LoadKit<R>): Promise<LoadedLayer[]>;
  /** PERM-4: where the agent keeps its permission rules, when not in its MCP files; lowest precedence first. */
  ruleFiles?(where: LayerEnv, io: AgentIo): Promise<LayerLocation[]>;
  /** PERM-4: the rules a rule file holds, when not `permissions` lists; `value` is the file parsed in `ruleFormat`. */
  readRules?(value: unknown, path: string): ReadRules;
  /** The format a rule file is parsed in (Codex TOML, Gemini policy `.toml` beside settings.json). */
  ruleFormat?(path: string): ConfigFormat;
  /** AGENT-9: what the agent's installed plugins or extensions add, under every file of its own. */
  plugins?(where: LayerEnv, io: AgentIo): Promise<PluginServers[]>;
  /** AGENT-2: why the agent refuses this file as a whole, from its text (OpenCode: a `{file:…}` that is not there), or null. */
  refusesFile?(text: string, loc: LayerLocation, where: LayerEnv, io: AgentIo): Promise<FileRefusal | null>;
}
