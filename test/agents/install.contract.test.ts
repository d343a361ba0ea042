// `install` into several agents at once, against the agents' own CLIs (SPEC AGENT-3, AGENT-7;
// issue 34 item 6): each agent lists the server it was given and connects to it, and `install
// --undo` puts every agent's file back byte for byte, beside the entries each agent wrote itself.
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { claudeGet, claudeList, codexStatus, geminiAdd, geminiServer, must, opencodeList, opencodeServer } from './helpers/ask';
import { expectSameBytes, snapshot, stdioFixture } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';

const echo = stdioFixture('echo');
const ECHO_TOOLS = ['echo', 'env', 'fail', 'parts', 'pid', 'roots', 'sleep'];

let sb: Sandbox;
let files: string[];

interface Installed {
  id: string;
  written: Array<{ profile: string; path: string }>;
  failed: unknown[];
}

beforeEach(async () => {
  sb = await createSandbox({ git: true });
  // Each agent's own entry, as it writes it, and its files as it leaves them after a start
  // (Claude Code adds its userID to ~/.claude.json, OpenCode "$schema" to a config file it loads).
  await must(sb, 'claude-code', ['mcp', 'add', '-s', 'user', 'mine', '--', echo.command, ...echo.args]);
  await geminiAdd(sb, ['-s', 'user', 'mine', echo.command, ...echo.args]);
  await must(sb, 'codex', ['mcp', 'add', 'mine', '--', echo.command, ...echo.args]);
  await must(sb, 'opencode', ['mcp', 'add', 'mine', '--', echo.command, ...echo.args]);
  await claudeList(sb);
  await opencodeList(sb);
  sb.write('.gemini/trustedFolders.json', `${JSON.stringify({ [sb.workspace]: 'TRUST_FOLDER' })}\n`);
  files = [join(sb.home, '.claude.json'), join(sb.home, '.gemini', 'settings.json'), join(sb.home, '.codex', 'config.toml'), join(sb.home, '.config', 'opencode', 'opencode.jsonc')];
});
afterEach(() => sb.cleanup());

/** Every agent lists `name` and connects to it, with the echo fixture's tools where it says them. */
async function everyAgentConnects(name: string): Promise<void> {
  expect(await claudeGet(sb, name)).toMatchObject({ scope: 'user', state: 'connected' });
  expect(await geminiServer(sb, name)).toMatchObject({ state: 'connected' });
  expect((await codexStatus(sb)).find((s) => s.name === name)).toEqual({ name, connected: true, tools: ECHO_TOOLS, toolsError: null });
  expect(await opencodeServer(sb, name)).toMatchObject({ state: 'connected' });
}

it('install a remote server from a server.json into Claude Code, Gemini CLI, Codex and OpenCode: each connects; install --undo restores every file byte for byte', async () => {
  const web = await sb.http('echo');
  const serverJson = join(sb.root, 'server.json');
  sb.write(serverJson, JSON.stringify({ name: 'io.example/web', remotes: [{ type: 'streamable-http', url: web.url }] }));
  const before = snapshot(files);
  const done = await sb.panelJson<Installed>(['install', 'web', '--from-file', serverJson, '--agents', 'claude-code,gemini,codex,opencode', '--layer', 'user', '--workspace', sb.workspace]);
  expect(done.failed).toEqual([]);
  expect(done.written.map((w) => w.path).sort()).toEqual([...files].sort());
  await everyAgentConnects('web');
  await sb.panelJson(['install', '--undo', done.id]);
  expectSameBytes(before);
});

it('install a stdio server from Claude Code\'s file into the three others: each connects; the undo restores their files byte for byte', async () => {
  await must(sb, 'claude-code', ['mcp', 'add', '-s', 'user', 'tool', '--', echo.command, ...echo.args]);
  const before = snapshot(files.slice(1));
  const done = await sb.panelJson<Installed>(['install', 'tool', '--from', 'claude-code', '--agents', 'gemini,codex,opencode', '--layer', 'user', '--workspace', sb.workspace]);
  expect(done.failed).toEqual([]);
  await everyAgentConnects('tool');
  await sb.panelJson(['install', '--undo', done.id]);
  expectSameBytes(before);
});
