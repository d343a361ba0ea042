// REG-2 against the agents' own CLIs (SPEC AGENT-7; issue 43 "done when"): a server found in a
// registry on 127.0.0.1 (added with `registry add-source`), installed with `install
// --from-registry` into Claude Code and Codex: each agent lists it and connects to it (the echo
// fixture over streamable HTTP, its URL in the registry's entry), and `install --undo` puts both
// files back byte for byte.
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { claudeGet, claudeList, codexStatus, must } from './helpers/ask';
import { expectSameBytes, snapshot, stdioFixture } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';
import { startTestRegistry, type TestRegistry } from '../fixtures/registry/server';

const echo = stdioFixture('echo');
const ECHO_TOOLS = ['echo', 'env', 'fail', 'parts', 'pid', 'roots', 'sleep'];

let sb: Sandbox;
let reg: TestRegistry | undefined;

beforeEach(async () => {
  sb = await createSandbox({ git: true });
  // Each agent's files as it leaves them after a start (Claude Code adds its userID to ~/.claude.json).
  await must(sb, 'claude-code', ['mcp', 'add', '-s', 'user', 'mine', '--', echo.command, ...echo.args]);
  await must(sb, 'codex', ['mcp', 'add', 'mine', '--', echo.command, ...echo.args]);
  await claudeList(sb);
});
afterEach(async () => {
  await reg?.stop();
  await sb.cleanup();
});

it('a registry entry installed into Claude Code and Codex: each lists it connected; the undo restores both files byte for byte', async () => {
  const web = await sb.http('echo');
  reg = await startTestRegistry({ synthetic: 0, extra: [{ name: 'io.example.local/echo-web', description: 'The echo fixture over streamable HTTP', version: '1.0.0', remotes: [{ type: 'streamable-http', url: web.url }] }] });
  await sb.panelJson(['registry', 'add-source', reg.url, '--name', 'local']);
  const files = [join(sb.home, '.claude.json'), join(sb.home, '.codex', 'config.toml')];
  const before = snapshot(files);
  const done = await sb.panelJson<{ id: string; written: { path: string }[]; failed: unknown[] }>(['install', '--from-registry', 'io.example.local/echo-web', '--source', 'local', '--agent', 'claude-code', '--agent', 'codex', '--layer', 'user', '--workspace', sb.workspace]);
  expect(done.failed).toEqual([]);
  expect(done.written.map((w) => w.path).sort()).toEqual([...files].sort());
  expect(await claudeGet(sb, 'echo-web')).toMatchObject({ scope: 'user', state: 'connected' });
  expect((await codexStatus(sb)).find((s) => s.name === 'echo-web')).toEqual({ name: 'echo-web', connected: true, tools: ECHO_TOOLS, toolsError: null });
  await sb.panelJson(['install', '--undo', done.id]);
  expectSameBytes(before);
});
