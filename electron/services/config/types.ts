// Internal shapes of the loader: one LoadedLayer per file (or env/session source), each
// holding the servers it declares before the merge decides which ones win.
import type { ConnectionSpec, LayerInfo, LayerKind, Problem, Profile, Transport } from '../../../shared/schemas/server';
import type { Dialect } from '../../../shared/schemas/dialects';
import type { KimiMcpDefaults } from '../../../shared/schemas/dialects';

import type { ProblemNote } from '../../../shared/schemas/notes';

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
  spec: ConnectionSpec | null;
}

export interface LoadedLayer {
  info: LayerInfo;
  servers: LayerServer[];
  problems: Problem[];
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
  /** kimi: global defaults after the `mcp` section and KIMI_MCP_* env are applied. */
  kimiDefaults?: KimiMcpDefaults;
}

export interface LayerOptions {
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
}
