// CONN-8 on the command line: `tools disable|enable SERVER TOOL…` previews (names, collisions,
// budget) and writes the agent's file through the writer; the round trip gives the file back
// byte for byte, comments included. Real servers (the echo fixture over stdio), the built CLI.
// Kimi (2.1.0) gives a contested name to the server that finished connecting first, which the
// run measures: the tests read which one won from the answer instead of assuming it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { type Sandbox, sandbox } from '../config/helpers';
import { fixture } from '../../helpers/fixtures';

const ECHO = fixture('test/fixtures/servers/echo.mjs');
let sb: Sandbox;
let file: string;
const original = `{
  // the docs servers (hand-written)
  "mcpServers": {
    "docs_x": { "command": "node", "args": [${JSON.stringify(ECHO)}, "stdio"] }, // same names as docs.x
    "docs.x": { "command": "node", "args": [${JSON.stringify(ECHO)}, "stdio"] }
  }
}
`;
const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(args, { env: { ...process.env, ...sb.env, ...env }, cwd: sb.ws, timeoutMs: 90_000 });

beforeAll(async () => {
  sb = await sandbox();
  file = await sb.write(join(sb.home, '.kimi-code', 'mcp.json'), original);
  await sb.write(join(sb.home, '.minimax', 'mcp.json'), { mcpServers: { mm: { command: 'node', args: [ECHO, 'stdio'] } } });
});
afterAll(() => sb.dispose());

describe('tools disable / enable (CONN-8)', () => {
  it('--dry-run shows what would change and writes nothing', async () => {
    const r = await cli(['tools', 'disable', 'docs_x', 'echo', 'pid', '--profile', 'kimi', '--dry-run', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.saved).toBeNull();
    expect(out.preview.patch).toEqual({ disabledTools: ['echo', 'pid'] });
    // Each collision goes away; when docs_x held the names, docs.x's tools take the ones it gives up.
    expect(out.preview.resolved.map((c: { name: string }) => c.name).sort()).toEqual(['mcp__docs_x__echo', 'mcp__docs_x__pid']);
    const held = out.preview.resolved[0].winner.serverName === 'docs_x';
    expect(out.preview.disappear.map((n: { serverName: string; tool: string }) => `${n.serverName}/${n.tool}`).sort()).toEqual(held ? ['docs_x/echo', 'docs_x/pid'] : []);
    expect(out.preview.appear.map((n: { serverName: string; tool: string }) => `${n.serverName}/${n.tool}`).sort()).toEqual(held ? ['docs.x/echo', 'docs.x/pid'] : []);
    expect(await readFile(file, 'utf8')).toBe(original);
  });

  it('disable writes the switch with comments kept; enable gives the file back byte for byte', async () => {
    const off = await cli(['tools', 'disable', 'docs_x', 'echo', 'pid', '--profile', 'kimi']);
    expect(off.code).toBe(0);
    expect(off.stdout).toContain('Collisions resolved:');
    expect(off.stdout).toContain(`Saved to ${file}`);
    const written = await readFile(file, 'utf8');
    expect(written).toContain('// the docs servers (hand-written)');
    expect(written).toContain('// same names as docs.x');
    expect(JSON.parse(written.replace(/\/\/.*$/gm, '')).mcpServers.docs_x.disabledTools).toEqual(['echo', 'pid']);

    const on = await cli(['tools', 'enable', 'docs_x', 'echo', 'pid', '--profile', 'kimi'], { LANG: 'zh_CN.UTF-8' });
    expect(on.code).toBe(0);
    expect(on.stdout).toContain('新增的冲突：');
    expect(await readFile(file, 'utf8')).toBe(original);
  });

  it('says what is wrong: an unknown tool, an unknown server, an agent without per-tool switches', async () => {
    const tool = await cli(['tools', 'disable', 'docs_x', 'nope', '--profile', 'kimi']);
    expect(tool.code).toBe(1);
    expect(tool.stderr).toMatch(/docs_x offers no tool "nope"; it offers: .*echo/);
    const server = await cli(['tools', 'disable', 'ghost', 'echo', '--profile', 'kimi']);
    expect(server.code).toBe(1);
    expect(server.stderr).toMatch(/no server "ghost"; known: docs_x, docs\.x/);
    const minimax = await cli(['tools', 'disable', 'mm', 'echo', '--profile', 'minimax']);
    expect(minimax.code).toBe(1);
    expect(minimax.stderr).toMatch(/minimax has no per-tool setting/);
    expect(await readFile(file, 'utf8')).toBe(original);
  });
});
