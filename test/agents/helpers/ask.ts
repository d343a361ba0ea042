// Asking each agent's own CLI, in a sandbox, what it makes of its servers (AGENT-7): one function
// per question, parsed for the pinned version. A non-zero exit is an error with the agent's output.
import { installedAgent, type AgentId } from './installed';
import type { AgentServer } from '../../../shared/profiles/agent-cli';
import { parseClaudeGet, parseClaudeList } from '../../../shared/profiles/claude-code/agent-cli';
import { parseCopilotList, type CopilotServer } from '../../../shared/profiles/copilot/agent-cli';
import { parseCodexGet, parseCodexList, parseCodexStatus, parseCodexThread, type CodexStatus } from '../../../shared/profiles/codex/agent-cli';
import { parseGeminiList, type GeminiList } from '../../../shared/profiles/gemini/agent-cli';
import { parseOpenCodeList } from '../../../shared/profiles/opencode/agent-cli';
import { parseQwenList } from '../../../shared/profiles/qwen/agent-cli';
import type { AgentRun, AgentRunOptions, Sandbox } from './sandbox';

const version = (id: AgentId) => installedAgent(id).version;

/** Runs the agent's CLI; throws with its output unless it exits 0. */
export async function must(sb: Sandbox, id: AgentId, args: string[], opts?: AgentRunOptions): Promise<AgentRun> {
  const r = await sb.agent(id, args, opts);
  if (r.code !== 0) throw new Error(`${id} ${args.join(' ')} exited ${r.code}${r.signal ? ` (${r.signal})` : ''}: ${r.output}`);
  return r;
}

function find<T extends AgentServer>(list: T[], name: string, agent: string): T {
  const s = list.find((x) => x.name === name);
  if (!s) throw new Error(`${agent}'s mcp list does not list ${name} (it lists ${list.map((x) => x.name).join(', ') || 'nothing'})`);
  return s;
}

export const claudeList = async (sb: Sandbox) => parseClaudeList((await must(sb, 'claude-code', ['mcp', 'list'])).output, version('claude-code'));
/** `claude mcp get NAME`: its scope, entry, and a health check. */
export const claudeGet = async (sb: Sandbox, name: string) => parseClaudeGet((await must(sb, 'claude-code', ['mcp', 'get', name])).output, version('claude-code'));

export interface ClaudeInit {
  tools: string[];
  mcp_servers: Array<{ name: string; status: string; source?: string }>;
}

/**
 * Claude's start-up line: `claude -p hello --output-format stream-json --verbose` prints its
 * system/init message (every tool, each MCP server's status; with ENABLE_TOOL_SEARCH=false every
 * mcp__ tool is named) and then stops by itself for want of a login. It is left to stop: it
 * writes ~/.claude.json on its way out. By default it waits about 5 s for its MCP servers (a
 * server slower than that is "pending" and its tools are missing); CLAUDE_CODE_MCP_STARTUP_WAIT_MS
 * lifts that, so a loaded machine does not decide what the names check sees.
 */
export async function claudeStartup(sb: Sandbox): Promise<ClaudeInit> {
  const env = { ENABLE_TOOL_SEARCH: 'false', CLAUDE_CODE_MCP_STARTUP_WAIT_MS: '120000' };
  const r = await sb.agent('claude-code', ['-p', 'hello', '--output-format', 'stream-json', '--verbose'], { env });
  const line = r.stdout.split('\n').find((l) => l.includes('"type":"system"') && l.includes('"subtype":"init"'));
  if (!line) throw new Error(`claude printed no system/init line: ${r.output}`);
  return JSON.parse(line) as ClaudeInit;
}

/**
 * `gemini mcp add ARGS` with a 60 s `timeout`: its list's health check gives a server its
 * `timeout`, else 5 s (MCP_LIST_DEFAULT_TIMEOUT_MSEC in packages/cli/src/commands/mcp/list.ts),
 * which a fixture server's start can miss on a loaded machine. A deadline, not what is checked.
 */
export const geminiAdd = (sb: Sandbox, args: string[]) => must(sb, 'gemini', ['mcp', 'add', '--timeout', '60000', ...args]);

export const geminiList = async (sb: Sandbox): Promise<GeminiList> => parseGeminiList((await must(sb, 'gemini', ['mcp', 'list'])).output, version('gemini'));
export const geminiServer = async (sb: Sandbox, name: string) => find((await geminiList(sb)).servers, name, 'gemini');

export const codexList = async (sb: Sandbox) => parseCodexList((await must(sb, 'codex', ['mcp', 'list', '--json'])).stdout, version('codex'));
export const codexGet = async (sb: Sandbox, name: string) => parseCodexGet((await must(sb, 'codex', ['mcp', 'get', name, '--json'])).stdout, version('codex'));

/**
 * What Codex connects to and the tools it gets, as a session in the workspace starts them (its
 * `mcp list` connects to nothing): its app server's thread/start { cwd }, then
 * mcpServerStatus/list { threadId }, which answers once the session's servers are up.
 */
export async function codexStatus(sb: Sandbox): Promise<CodexStatus[]> {
  const v = version('codex');
  const rpc = (m: object) => `${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`;
  const input = rpc({ id: 1, method: 'initialize', params: { clientInfo: { name: 'mcp-panel-contract', version: '1' } } }) + rpc({ method: 'initialized' }) + rpc({ id: 2, method: 'thread/start', params: { cwd: sb.workspace } });
  let asked = false;
  const reply = (out: string) => {
    const threadId = asked ? null : parseCodexThread(out, 2, v);
    if (!threadId) return undefined;
    asked = true;
    return rpc({ id: 3, method: 'mcpServerStatus/list', params: { threadId } });
  };
  const r = await sb.agent('codex', ['app-server'], { input, reply, until: (out) => parseCodexStatus(out, 3, v) !== null });
  const status = parseCodexStatus(r.stdout, 3, v);
  if (!status) throw new Error(`codex app-server gave no mcpServerStatus/list answer: ${r.output}`);
  return status.sort((a, b) => a.name.localeCompare(b.name));
}

export const opencodeList = async (sb: Sandbox) => parseOpenCodeList((await must(sb, 'opencode', ['mcp', 'list'])).output, version('opencode'));
export const opencodeServer = async (sb: Sandbox, name: string) => find(await opencodeList(sb), name, 'opencode');
/** `opencode debug config`: the config OpenCode resolved from all its files, as JSON on stdout. */
export const opencodeConfig = async (sb: Sandbox) => JSON.parse((await must(sb, 'opencode', ['debug', 'config'])).stdout) as { tools?: Record<string, boolean>; permission?: Record<string, unknown> };

/** `copilot mcp list --json`: the run (its warnings are on stderr) and every server it reads, with its source and on/off (it connects to none). */
export async function copilotListing(sb: Sandbox): Promise<{ run: AgentRun; servers: CopilotServer[] }> {
  const run = await must(sb, 'copilot', ['mcp', 'list', '--json']);
  return { run, servers: parseCopilotList(run.stdout, version('copilot')) };
}
export const copilotList = async (sb: Sandbox): Promise<CopilotServer[]> => (await copilotListing(sb)).servers;
export const copilotServer = async (sb: Sandbox, name: string) => find(await copilotList(sb), name, 'copilot');

/** `qwen mcp list`: its health check of every server it would start, and the ones waiting for approval. */
export const qwenList = async (sb: Sandbox) => parseQwenList((await must(sb, 'qwen', ['mcp', 'list'])).output, version('qwen'));
export const qwenServer = async (sb: Sandbox, name: string) => find(await qwenList(sb), name, 'qwen');

/**
 * A `qwen -p hello` session: it connects to every server it starts, then its model call fails at
 * the sandbox's refusing proxy and it ends by itself (an OpenAI-compatible key and model let it
 * start without a login).
 */
export const qwenSession = (sb: Sandbox, opts: AgentRunOptions = {}, extra: string[] = []) =>
  sb.agent('qwen', ['-p', 'hello', '--auth-type', 'openai', ...extra], { ...opts, env: { OPENAI_API_KEY: 'offline-contract-suite', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'offline', ...opts.env } });

/** The tools a Qwen session starts with: its stream-json system/init line (as Claude Code prints one), before its model call fails. */
export async function qwenStartup(sb: Sandbox): Promise<ClaudeInit> {
  const r = await qwenSession(sb, {}, ['--output-format', 'stream-json']);
  const line = r.stdout.split('\n').find((l) => l.includes('"type":"system"') && l.includes('"subtype":"init"'));
  if (!line) throw new Error(`qwen printed no system/init line: ${r.output}`);
  return JSON.parse(line) as ClaudeInit;
}
