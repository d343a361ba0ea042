// Issue 38 item 1 through the real CLI and a real server that pulls the rug (poisoned.mjs
// --drift FILE: clean until FILE exists, then a poisoned description): the approval follows the
// server, not the entry's name. Renaming the entry after the rug pull still shows the change; a
// copy of the entry in another agent shows it too; one accept, from either agent, approves it
// for every entry that runs the server.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../helpers/fixtures';
import { runCli } from '../../helpers/run-cli';
import { tempDir } from './helpers';

let home: Awaited<ReturnType<typeof tempDir>>;
let env: NodeJS.ProcessEnv;
let drifted: string;

const cli = async (args: string[]) => {
  const r = await runCli([...args, '--workspace', home.path], { env, cwd: home.path, timeoutMs: 60_000 });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
};
type Listed = { servers: Array<{ server: string; snapshotDiff: { changed: Array<{ name: string }> } | null }> };
const tools = async (profile: string) => JSON.parse(await cli(['tools', '--json', '--refresh', '--profile', profile])) as Listed;
const changedOf = (l: Listed, server: string) => l.servers.find((s) => s.server === server)?.snapshotDiff?.changed.map((c) => c.name) ?? null;

beforeAll(async () => {
  home = await tempDir('pins-cli-');
  env = { ...process.env, HOME: home.path, MCP_PANEL_DATA_DIR: join(home.path, 'panel') };
  drifted = join(home.path, 'drifted');
  const entry = { command: process.execPath, args: [fixture('test/fixtures/servers/poisoned.mjs'), 'stdio', '--drift', drifted] };
  mkdirSync(join(home.path, '.minimax'), { recursive: true });
  writeFileSync(join(home.path, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { drift: entry } }));
  mkdirSync(join(home.path, '.kimi-code'), { recursive: true });
  writeFileSync(join(home.path, '.kimi-code', 'mcp.json'), JSON.stringify({ mcpServers: { 'drift-copy': entry } }));
});
afterAll(() => home.cleanup());

describe('pins that follow the server (CONN-11, issue 38 item 1)', () => {
  it('first sight is approved; after a rug pull a rename keeps showing it, a copy in another agent shows it, and one accept clears both', async () => {
    expect(changedOf(await tools('minimax'), 'drift')).toBeNull();
    writeFileSync(drifted, 'now');
    await cli(['server', 'rename', 'drift', '--to', 'renamed', '--profile', 'minimax', '--layer', 'user']);
    expect(changedOf(await tools('minimax'), 'renamed')).toEqual(['add']);
    expect(changedOf(await tools('kimi'), 'drift-copy')).toEqual(['add']);
    const accepted = JSON.parse(await cli(['tools', 'accept', 'drift-copy', '--profile', 'kimi', '--json'])) as { appliesTo: Array<{ profile: string; name: string }> };
    expect(accepted.appliesTo).toEqual([
      { profile: 'minimax', name: 'drift' },
      { profile: 'minimax', name: 'renamed' },
      { profile: 'kimi', name: 'drift-copy' },
    ]);
    expect(changedOf(await tools('minimax'), 'renamed')).toBeNull();
    expect(changedOf(await tools('kimi'), 'drift-copy')).toBeNull();
  });
});
