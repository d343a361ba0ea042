// What each agent declares when it connects (SPEC AGENT-6; issue 34 item 4), captured from the
// agents themselves: the initialize-log fixture (test/fixtures/servers/initialize-log.mjs) records
// every message a client sends, over stdio and over streamable HTTP, while the agent starts a
// session the way it does for real; beside them, a server of the 2026-07-28 era only (the SDK v2
// fixture, test/fixtures/servers/v2.mjs --modern-only) over each transport shows whether the agent
// speaks that era at all (its own report of the connection). The captures are file snapshots beside this file
// (capabilities/<agent>.json, written by `vitest run -u`): a new agent version that declares
// something else, speaks another protocol version or probes another era fails here with the diff.
// /work/notes/agent-capabilities.md says what they mean for the panel.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { claudeStartup, codexStatus, geminiAdd, geminiList, must, opencodeList, qwenList, qwenSession } from './helpers/ask';
import { installedAgent, type AgentId } from './helpers/installed';
import { stdioFixture } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';

interface Logged {
  transport: string;
  method: string | null;
  params: unknown;
  protocolHeader?: string;
}

let sb: Sandbox;
let logs: { stdio: string; http: string };
let server: { command: string; args: string[] };
let httpUrl: string;
/** Servers that speak 2026-07-28 only (they refuse a 2025 `initialize` with -32022). */
let modern: { command: string; args: string[] };
let modernUrl: string;

beforeEach(async () => {
  sb = await createSandbox({ git: true });
  logs = { stdio: join(sb.root, 'stdio.jsonl'), http: join(sb.root, 'http.jsonl') };
  server = stdioFixture('initialize-log', ['--log', logs.stdio]);
  httpUrl = (await sb.http('initialize-log', ['--log', logs.http])).url;
  modern = stdioFixture('v2', ['--modern-only']);
  modernUrl = (await sb.http('v2', ['--modern-only'])).url;
});
afterEach(() => sb.cleanup());

const read = (file: string): Logged[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Logged)
    : [];

/** Both servers were asked for their tools: the agent's session start got as far as it goes. */
const listedBoth = () => read(logs.stdio).some((m) => m.method === 'tools/list') && read(logs.http).some((m) => m.method === 'tools/list');

/**
 * What one transport's log says about the client: what it sent before its first `initialize` (an
 * era probe), each distinct `initialize` params verbatim (an agent may connect more than once:
 * Codex's app server does, for the session and for its status list), the MCP-Protocol-Version header it then
 * sent, and the other methods that followed (as a set: agents ask for lists in parallel).
 */
function summary(file: string) {
  const all = read(file);
  const first = all.findIndex((m) => m.method === 'initialize');
  if (first < 0) throw new Error(`${file}: no initialize request among ${all.map((m) => m.method).join(', ')}`);
  const rest = all.slice(first);
  const header = rest.find((m) => m.protocolHeader)?.protocolHeader;
  return {
    before: all.slice(0, first).map(({ method, params, protocolHeader }) => ({ method, params, ...(protocolHeader ? { protocolHeader } : {}) })),
    // Distinct, in a stable order: two connections of one agent may initialize in either order.
    initialize: [...new Set(rest.filter((m) => m.method === 'initialize').map((m) => JSON.stringify(m.params)))].sort().map((t) => JSON.parse(t) as unknown),
    ...(header ? { protocolHeaderAfter: header } : {}),
    after: [...new Set(rest.filter((m) => m.method !== 'initialize').map((m) => m.method))].sort(),
  };
}

/** The agent's own word on the two modern-only servers: connected, failed, … */
type ModernOnly = { stdio: string | undefined; http: string | undefined };

/** Both logs as the session left them (read before anything else connects to those servers). */
const sessionLogs = () => ({ stdio: summary(logs.stdio), http: summary(logs.http) });

async function expectCapture(agent: AgentId, command: string, session: ReturnType<typeof sessionLogs>, modernOnly: ModernOnly): Promise<void> {
  const capture = { agent, version: installedAgent(agent).version, command, ...session, modernOnly };
  await expect(`${JSON.stringify(capture, null, 2)}\n`).toMatchFileSnapshot(`./capabilities/${agent}.json`);
}

it('Claude Code: its -p start-up connects to both servers', async () => {
  await must(sb, 'claude-code', ['mcp', 'add', '-s', 'user', 'logged', '--', server.command, ...server.args]);
  await must(sb, 'claude-code', ['mcp', 'add', '-s', 'user', '-t', 'http', 'logged-http', httpUrl]);
  await must(sb, 'claude-code', ['mcp', 'add', '-s', 'user', 'modern', '--', modern.command, ...modern.args]);
  await must(sb, 'claude-code', ['mcp', 'add', '-s', 'user', '-t', 'http', 'modern-http', modernUrl]);
  const init = await claudeStartup(sb);
  expect(listedBoth()).toBe(true);
  const status = (name: string) => init.mcp_servers.find((m) => m.name === name)?.status;
  await expectCapture('claude-code', 'CLAUDE_CODE_MCP_STARTUP_WAIT_MS=120000 claude -p hello --output-format stream-json --verbose', sessionLogs(), { stdio: status('modern'), http: status('modern-http') });
});

it('Gemini CLI: its -p session connects to both servers before its model call fails offline', async () => {
  sb.write('.gemini/trustedFolders.json', `${JSON.stringify({ [sb.workspace]: 'TRUST_FOLDER' })}\n`);
  await geminiAdd(sb, ['-s', 'user', 'logged', server.command, ...server.args]);
  await geminiAdd(sb, ['-s', 'user', '-t', 'http', 'logged-http', httpUrl]);
  await geminiAdd(sb, ['-s', 'user', 'modern', modern.command, ...modern.args]);
  await geminiAdd(sb, ['-s', 'user', '-t', 'http', 'modern-http', modernUrl]);
  // An API key lets the session start (its `mcp list` health check uses a bare test client
  // instead, "mcp-test-client" with no capabilities); the model call then fails at the sandbox's
  // refusing proxy, and the run is ended once both servers listed their tools.
  const command = 'GEMINI_API_KEY=… gemini -p hello';
  await sb.agent('gemini', ['-p', 'hello'], { env: { GEMINI_API_KEY: 'offline-contract-suite' }, until: listedBoth });
  expect(listedBoth()).toBe(true);
  const session = sessionLogs();
  // The session says nothing per server: its list's health check (the same SDK client class) does.
  const list = (await geminiList(sb)).servers;
  const state = (name: string) => list.find((m) => m.name === name)?.state;
  await expectCapture('gemini', command, session, { stdio: state('modern'), http: state('modern-http') });
});

it('Codex: a session its app server starts (thread/start) connects to both servers', async () => {
  await must(sb, 'codex', ['mcp', 'add', 'logged', '--', server.command, ...server.args]);
  await must(sb, 'codex', ['mcp', 'add', 'logged-http', '--url', httpUrl]);
  await must(sb, 'codex', ['mcp', 'add', 'modern', '--', modern.command, ...modern.args]);
  await must(sb, 'codex', ['mcp', 'add', 'modern-http', '--url', modernUrl]);
  const status = await codexStatus(sb);
  expect(status.filter((s) => s.name.startsWith('logged')).map((s) => [s.name, s.connected])).toEqual([['logged', true], ['logged-http', true]]);
  expect(listedBoth()).toBe(true);
  const connected = (name: string) => ({ true: 'connected', false: 'failed' })[String(status.find((m) => m.name === name)?.connected) as 'true' | 'false'];
  await expectCapture('codex', 'codex app-server: initialize, thread/start { cwd }, mcpServerStatus/list { threadId }', sessionLogs(), { stdio: connected('modern'), http: connected('modern-http') });
});

it('OpenCode: its mcp list connects to both servers with its session client', async () => {
  await must(sb, 'opencode', ['mcp', 'add', 'logged', '--', server.command, ...server.args]);
  await must(sb, 'opencode', ['mcp', 'add', 'logged-http', '--url', httpUrl]);
  await must(sb, 'opencode', ['mcp', 'add', 'modern', '--', modern.command, ...modern.args]);
  await must(sb, 'opencode', ['mcp', 'add', 'modern-http', '--url', modernUrl]);
  const list = await opencodeList(sb);
  expect(listedBoth()).toBe(true);
  const state = (name: string) => list.find((m) => m.name === name)?.state;
  await expectCapture('opencode', 'opencode mcp list', sessionLogs(), { stdio: state('modern'), http: state('modern-http') });
});

it('Qwen Code: its -p session connects to both servers before its model call fails offline', async () => {
  await must(sb, 'qwen', ['mcp', 'add', 'logged', server.command, ...server.args]);
  await must(sb, 'qwen', ['mcp', 'add', '-t', 'http', 'logged-http', httpUrl]);
  await must(sb, 'qwen', ['mcp', 'add', 'modern', modern.command, ...modern.args]);
  await must(sb, 'qwen', ['mcp', 'add', '-t', 'http', 'modern-http', modernUrl]);
  // Its `mcp list` health check is a bare "mcp-test-client" that declares only the MCP Apps
  // extension; the session's own client is what the servers meet.
  await qwenSession(sb, { until: listedBoth });
  expect(listedBoth()).toBe(true);
  const session = sessionLogs();
  const list = await qwenList(sb);
  const state = (name: string) => list.find((m) => m.name === name)?.state;
  await expectCapture('qwen', 'OPENAI_API_KEY=… qwen -p hello --auth-type openai', session, { stdio: state('modern'), http: state('modern-http') });
});
