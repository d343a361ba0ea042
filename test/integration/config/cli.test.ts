// The CLI face, spawned for real (slow: a handful of cases).
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { kimiWorkDirKey } from '../../../shared/profiles/kimi/files';
import { mkdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { useSandbox } from './helpers';
import { runCli } from '../../helpers/run-cli';

const sb = useSandbox('all');

const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(args, { env: { ...process.env, ...sb.env, ...env } });

describe('config CLI', () => {
  it('status --json has exactly the documented shape', async () => {
    await sb.write(join(sb.home, '.minimax', 'mcp.json'), { mcpServers: { docs: { url: 'https://d.example/mcp' }, broken: { args: 1 } } });
    await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { docs: { command: 'node' } } });
    // SEC-5: until the workspace is trusted its layer is shown, its server takes no part.
    const untrusted = JSON.parse((await cli(['status', '--profile', 'minimax', '--workspace', sb.ws, '--no-connect', '--json'])).stdout);
    expect(untrusted.layers[1]).toEqual({ layer: 'project', path: join(sb.ws, '.mcp.json'), state: 'untrusted', error: null, writable: false });
    expect(untrusted.servers.map((s: { name: string; layer: string; trusted: boolean; state: string }) => [s.name, s.layer, s.trusted, s.state])).toEqual([
      ['docs', 'user', true, 'pending'],
      ['broken', 'user', true, 'failed'],
      ['docs', 'project', false, 'disabled'],
    ]);
    expect((await cli(['trust', '--workspace', sb.ws])).code).toBe(0);
    const r = await cli(['status', '--profile', 'minimax', '--workspace', sb.ws, '--no-connect', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['profile', 'workspace', 'layers', 'servers', 'problems', 'limits', 'bridges']);
    // CTX-1: --no-connect lists no tools, so it claims no standing against the agent's limits.
    expect(out.limits).toBeNull();
    expect(out.layers).toEqual([
      { layer: 'user', path: join(sb.home, '.minimax', 'mcp.json'), state: 'ok', error: null, writable: true },
      { layer: 'project', path: join(sb.ws, '.mcp.json'), state: 'ok', error: null, writable: false },
    ]);
    const docs = out.servers.find((s: { name: string }) => s.name === 'docs');
    expect(docs).toMatchObject({ layer: 'project', transport: 'stdio', enabled: true, state: 'pending', error: null, shadows: [{ layer: 'user' }] });
    expect(out.servers.find((s: { name: string }) => s.name === 'broken')).toMatchObject({ state: 'failed', transport: null });
    expect(out.problems[0]).toMatchObject({ pointer: '/mcpServers/broken/args', path: join(sb.home, '.minimax', 'mcp.json') });
    expect((await cli(['trust', '--workspace', sb.ws, '--revoke'])).code).toBe(0);
  });

  it('trust DIR trusts that folder, not the one the command runs from; two folders are refused (CFG-10)', async () => {
    const elsewhere = { cwd: sb.home };
    const run = (args: string[]) => runCli(args, { env: { ...process.env, ...sb.env }, ...elsewhere });
    const t = await run(['trust', sb.ws, '--json']);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.stdout).workspace).toBe(await realpath(sb.ws));
    const listed = JSON.parse((await run(['trust', '--list', '--json'])).stdout).trusted.map((x: { workspace: string }) => x.workspace);
    expect(listed).toContain(await realpath(sb.ws));
    expect(listed).not.toContain(await realpath(sb.home));
    const two = await run(['trust', sb.ws, sb.home]);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('trust takes one folder');
    const both = await run(['trust', sb.ws, '--workspace', sb.home]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('names two folders');
    expect((await run(['trust', sb.ws, '--revoke'])).code).toBe(0);
  });

  it('check exits 1 on a file that does not parse, naming line and column; 0 on a valid one', async () => {
    const bad = await sb.write('check/bad.json', '{\n  "mcpServers": {\n    "a": {"url": "https://a"},,\n  }\n}');
    const r = await cli(['check', bad, '--dialect', 'minara', '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.ok).toBe(false);
    expect(out.problems[0]).toMatchObject({ line: 3, column: 31 });
    expect(r.stderr).toMatch(/line 3, column 31/);
    const good = await sb.write('check/good.json', { mcpServers: { p: { type: 'streamable-http', url: 'http://example.com/mcp' } } });
    const ok = await cli(['check', good, '--dialect', 'kimi', '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, servers: [{ name: 'p', transport: 'http', error: null }] });
    // A plugin may not point at plain http (CFG-11): an error, so the exit says so too.
    const plugin = await cli(['check', good, '--dialect', 'minimax-plugin', '--json']);
    expect(plugin.code).toBe(1);
    expect(JSON.parse(plugin.stdout).problems[0]).toMatchObject({ pointer: '/mcpServers/p/url' });
    const usage = await cli(['check', good, '--dialect', 'nope']);
    expect(usage.code).toBe(2);
  });

  it('trust + status for kimi, and profiles --json', async () => {
    await mkdir(join(sb.home, '.kimi-code'), { recursive: true });
    await sb.write(join(sb.ws, '.kimi-code', 'mcp.json'), { mcpServers: { local: { command: 'x' } } });
    let st = JSON.parse((await cli(['status', '--profile', 'kimi', '--workspace', sb.ws, '--no-connect', '--json'])).stdout);
    const local = (x: { servers: Array<{ name: string }> }) => x.servers.find((s) => s.name === 'local');
    expect(local(st)).toMatchObject({ layer: 'project-local', state: 'disabled', trusted: false });
    const t = await cli(['trust', '--workspace', sb.ws, '--json']);
    expect(t.code).toBe(0);
    // Kimi 2.1.0 reads the project files only once it trusts the folder itself (its own record).
    await sb.write(join(sb.home, '.kimi-code', 'workspace-trust', kimiWorkDirKey(sb.ws, (x) => createHash('sha256').update(x).digest('hex'))), { root: sb.ws, trustedAt: 1 });
    st = JSON.parse((await cli(['status', '--profile', 'kimi', '--workspace', sb.ws, '--no-connect', '--json'])).stdout);
    expect(local(st)).toMatchObject({ state: 'pending', error: null, trusted: true });
    expect((await cli(['trust', '--workspace', sb.ws, '--revoke', '--json'])).code).toBe(0);
    const prof = JSON.parse((await cli(['profiles', '--json'])).stdout);
    expect(prof.agents.find((a: { agent: string }) => a.agent === 'kimi').detected).toBe(true);
    expect(prof.defaultProfile).toBe('minimax'); // the first detected profile (minimax's folder was made by the first case)
    const bad = await cli(['status', '--profile', 'nope', '--json']);
    expect(bad.code).toBe(2);
  });
});
