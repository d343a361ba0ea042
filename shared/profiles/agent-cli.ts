// What an agent's own CLI says about one server, in one shape for every agent (each agent's folder
// has its agent-cli.ts: the parsers of its `mcp list` / `mcp get`, per version of its output
// format). The panel asks on the person's request (AGENT-8, `mcp-panel agents --ask`), and the
// agent contract suite asks the same parsers of the pinned agents' real output (AGENT-7).

export type AgentState =
  /** The agent connected to it (its list's health check). */
  | 'connected'
  /** The agent tried and failed. */
  | 'failed'
  /** Listed and on, not checked (Codex lists without connecting). */
  | 'enabled'
  /** Waiting for the user's approval (Claude Code's project servers). */
  | 'pending'
  /** Off by the agent's own switch. */
  | 'disabled'
  /** Off by a policy list (Gemini CLI `mcp.excluded` / `mcp.allowed`, admin settings). */
  | 'blocked'
  | 'needs-auth'
  | 'unknown';

export interface AgentServer {
  name: string;
  /** The layer, named as the panel names layers, where the agent says (`mcp get`). */
  scope?: string;
  transport?: 'stdio' | 'http' | 'sse' | 'ws';
  command?: string;
  args?: string[];
  /** A stdio server's command line as printed, where the agent joins command and args. */
  commandLine?: string;
  url?: string;
  state: AgentState;
  /** The agent's own words for the state. */
  detail: string;
}

/** The agent will start it (approved, not switched off, not blocked). */
export const agentRuns = (s: AgentServer): boolean => s.state !== 'pending' && s.state !== 'disabled' && s.state !== 'blocked';

/** How the panel asks an agent's own CLI for its view of its servers (AGENT-8). */
export interface AgentCli {
  /** The command a person types, found on PATH. */
  bin: string;
  /** The reading command: it lists and changes nothing in the agent's files. */
  list: readonly string[];
  /** The listing connects to the servers it would start (a health check): said before it runs. */
  startsServers: boolean;
  /** Where the listing is printed (text listings mix in warnings on stderr). */
  stream: 'stdout' | 'both';
  /** The servers in the listing for this version of the agent; throws for a version it was not written for. */
  parse(output: string, version: string): AgentServer[];
}

/** The first x.y.z in what `BIN --version` printed. */
export function versionIn(output: string): string | null {
  return /(\d+\.\d+\.\d+)/.exec(output)?.[1] ?? null;
}

/**
 * The parser for an agent version: formats are keyed by "major.minor" (a patch release keeps
 * its output). A version with no parser fails loudly, so a pin bump re-checks the format.
 */
export function forVersion<T>(agent: string, version: string, formats: Record<string, T>): T {
  const key = version.split('.').slice(0, 2).join('.');
  const f = formats[key];
  if (!f) throw new Error(`no ${agent} output parser for version ${version} (written for ${Object.keys(formats).join(', ')}): check its mcp output and add one`);
  return f;
}

// eslint-disable-next-line no-control-regex -- the escape sequences are what is removed
export const stripAnsi = (s: string): string => s.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
