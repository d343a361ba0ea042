// The CLI views that need live servers (`status` without --no-connect, `names` and `search`
// without --tools) run one real discovery round over the profile's configured servers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { type Sandbox, sandbox } from '../config/helpers';
import { runCli } from '../../helpers/run-cli';
import { fixture } from '../../helpers/fixtures';

const ECHO = fixture('test/fixtures/servers/echo.mjs');
let sb: Sandbox;

const cli = (args: string[]) => runCli(args, { env: { ...process.env, ...sb.env } });

beforeAll(async () => {
  sb = await sandbox();
  await sb.write(join(sb.home, '.minimax', 'mcp.json'), {
    mcpServers: {
      echo: { command: process.execPath, args: [ECHO, 'stdio'] },
      missing: { command: 'mcp-panel-no-such-binary' },
      off: { command: process.execPath, args: [ECHO, 'stdio'], enabled: false },
    },
  });
});
afterAll(() => sb.dispose());

describe('CLI over discovered tools', () => {
  it('status connects: live state, tool count and connect time per server', async () => {
    const r = await cli(['status', '--profile', 'minimax', '--workspace', sb.ws, '--json']);
    expect(r.code).toBe(0);
    const byName = Object.fromEntries(JSON.parse(r.stdout).servers.map((s: { name: string }) => [s.name, s]));
    expect(byName.echo).toMatchObject({ state: 'connected', error: null });
    expect(byName.echo.toolCount).toBeGreaterThan(0);
    expect(byName.echo.connectMs).toBeGreaterThan(0);
    expect(byName.missing).toMatchObject({ state: 'failed', toolCount: null });
    expect(byName.missing.error).toMatch(/ENOENT|not found/);
    expect(byName.off).toMatchObject({ state: 'disabled', toolCount: null });
  });

  it('names and search without --tools use the tools the servers really offer', async () => {
    const names = await cli(['names', '--profile', 'kimi', '--workspace', sb.ws, '--json']);
    // kimi reads ~/.kimi-code, which is empty here: no servers, no names.
    expect(names.code).toBe(0);
    expect(JSON.parse(names.stdout)).toEqual([]);
    const mm = await cli(['names', '--profile', 'minimax', '--workspace', sb.ws, '--json']);
    expect(JSON.parse(mm.stdout).map((n: { name: string }) => n.name)).toContain('mcp__echo__echo');
    const search = await cli(['search', 'echo text back', '--workspace', sb.ws, '--json']);
    expect(search.code).toBe(0);
    expect(JSON.parse(search.stdout).results[0].name).toBe('mcp__echo__echo');
  });

  it('search and disclosure use the --profile given (its servers, its names), as the panel does', async () => {
    await sb.write(join(sb.home, '.kimi-code', 'mcp.json'), { mcpServers: { 'echo.k': { command: process.execPath, args: [ECHO, 'stdio'] } } });
    const search = await cli(['search', 'echo text back', '--profile', 'kimi', '--workspace', sb.ws, '--json']);
    expect(search.code).toBe(0);
    // kimi's scheme: dots become underscores (seed 002), and only kimi's servers take part.
    expect(JSON.parse(search.stdout).results[0].name).toBe('mcp__echo_k__echo');
    const plan = await cli(['disclosure', '--model', 'anthropic/claude-x', '--context-window', '200000', '--profile', 'kimi', '--workspace', sb.ws, '--json']);
    expect(plan.code).toBe(0);
    expect(JSON.parse(plan.stdout).perServer.map((s: { server: string }) => s.server)).toEqual(['echo.k']);
    const bad = await cli(['search', 'x', '--profile', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--profile must be one of minimax, kimi, minara, claude-code, .*, got "nope"/);
  });
});
