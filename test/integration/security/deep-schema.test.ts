// Issue 21 F10: one tool whose input schema nests thousands of levels failed its whole server
// ("Maximum call stack size exceeded"). A real SDK server (test/fixtures/servers/hostile-content)
// with such a tool beside a normal one, through the real CLI: the server connects, the normal
// tool is kept (and callable), the deep one is left out and named in the server's error.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { fixture } from '../../helpers/fixtures';

const FIXTURE = fixture('test/fixtures/servers/hostile-content.mjs');
let dir: string;
let env: NodeJS.ProcessEnv;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-deep-'));
  const home = join(dir, 'home');
  mkdirSync(join(home, '.minimax'), { recursive: true });
  mkdirSync(join(dir, 'ws'));
  writeFileSync(join(home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { hostile: { command: process.execPath, args: [FIXTURE, 'stdio'] } } }));
  env = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(dir, 'data') };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a tool schema nested 2,000 levels deep (F10)', () => {
  it('is left out and reported; the server and its other tools stay', async () => {
    const r = await runCli(['tools', '--profile', 'minimax', '--json'], { env, cwd: join(dir, 'ws') });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { tools: Array<{ name: string }>; servers: Array<{ state: string; toolCount: number; error: string | null }> };
    expect(out.servers[0]).toMatchObject({ state: 'connected', toolCount: 1 });
    expect(out.tools.map((t) => t.name)).toEqual(['fine']);
    expect(out.servers[0]!.error).toMatch(/tool "deep" left out: its schema is nested more than 64 levels deep/);
    const call = await runCli(['call', 'hostile', 'fine', '--args', '{"q":"x"}', '--profile', 'minimax'], { env, cwd: join(dir, 'ws') });
    expect(call.stdout).toContain('called fine');
  });
});
