// Codex's `codex mcp list --json` and `codex mcp get NAME --json` (checked on 0.171.0;
// codex-rs/cli/src/mcp_cmd.rs): { name, enabled, disabled_reason, transport: { type: "stdio",
// command, args, env, env_vars, cwd } | { type: "streamable_http", url, bearer_token_env_var, … } }.
// It lists without connecting and names no scope. What it connects to, and the tools it gets,
// come from its app server (`codex app-server`, JSON-RPC over stdio): `thread/start { cwd }`
// starts a session's MCP servers (the project's too, in a trusted project), and
// `mcpServerStatus/list { threadId }` answers, once they are up, { data: [{ name, serverInfo,
// runtimeStatus, tools: { <tool>: {…} }, toolsError, authStatus, … }] } (serverInfo null: not
// started, e.g. enabled = false).
import { type AgentCli, forVersion, type AgentServer } from '../agent-cli';

interface CodexEntry {
  name: string;
  enabled: boolean;
  disabled_reason: string | null;
  transport: { type: 'stdio'; command: string; args: string[] } | { type: 'streamable_http'; url: string };
}

function fromEntry(e: CodexEntry): AgentServer {
  const t = e.transport;
  return {
    name: e.name,
    ...(t.type === 'stdio' ? { transport: 'stdio' as const, command: t.command, args: t.args } : { transport: 'http' as const, url: t.url }),
    state: e.enabled ? 'enabled' : 'disabled',
    detail: e.enabled ? 'enabled' : `disabled${e.disabled_reason ? `: ${e.disabled_reason}` : ''}`,
  };
}

/** The JSON document in the output (Codex prints warnings around it on stderr). */
function json<T>(stdout: string): T {
  const start = stdout.search(/^[[{]/m);
  if (start < 0) throw new Error(`codex printed no JSON: ${stdout}`);
  return JSON.parse(stdout.slice(start)) as T;
}

export interface CodexStatus {
  name: string;
  /** It started the server and initialized (a server it does not start is listed with no serverInfo). */
  connected: boolean;
  /** The raw names of the tools Codex got. */
  tools: string[];
  toolsError: string | null;
}

interface StatusAnswer {
  result?: { data: Array<{ name: string; serverInfo: unknown; tools: Record<string, unknown> | null; toolsError: string | null }> };
}

/** The app server's whole answers, by request id (a line is whole once its newline came). */
function answer<T>(stdout: string, id: number): T | null {
  for (const line of stdout.split('\n').slice(0, -1)) {
    if (!line.startsWith('{')) continue;
    const m = JSON.parse(line) as { id?: number; result?: T; error?: { message: string } };
    if (m.id !== id) continue;
    if (m.error || !m.result) throw new Error(`codex app-server: ${m.error?.message ?? line}`);
    return m.result;
  }
  return null;
}

function statusAnswer(stdout: string, id: number): CodexStatus[] | null {
  const r = answer<NonNullable<StatusAnswer['result']>>(stdout, id);
  return r && r.data.map((d) => ({ name: d.name, connected: d.serverInfo != null, tools: Object.keys(d.tools ?? {}).sort(), toolsError: d.toolsError }));
}

const formats = {
  '0.171': {
    list: (stdout: string) => json<CodexEntry[]>(stdout).map(fromEntry),
    get: (stdout: string) => fromEntry(json<CodexEntry>(stdout)),
    status: statusAnswer,
    threadId: (stdout: string, id: number) => answer<{ thread: { id: string } }>(stdout, id)?.thread.id ?? null,
  },
};

export const parseCodexList = (stdout: string, version: string) => forVersion('codex', version, formats).list(stdout);
export const parseCodexGet = (stdout: string, version: string) => forVersion('codex', version, formats).get(stdout);

/** The app server's `mcpServerStatus/list` answer to request `id`, or null while it has not come. */
export const parseCodexStatus = (stdout: string, id: number, version: string) => forVersion('codex', version, formats).status(stdout, id);
/** The id of the thread its `thread/start` request `id` started, or null while it has not come. */
export const parseCodexThread = (stdout: string, id: number, version: string) => forVersion('codex', version, formats).threadId(stdout, id);

/** AGENT-8: how the panel asks this agent for its own view of its servers (its list connects to nothing). */
export const cli: AgentCli = { bin: 'codex', list: ['mcp', 'list', '--json'], startsServers: false, stream: 'stdout', parse: parseCodexList };
