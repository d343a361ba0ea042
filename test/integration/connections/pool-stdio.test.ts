// The pool over stdio with real fixture processes: discovery, calls, CONN-4 env/cwd, CONN-7
// roots, CONN-10 observability, CONN-2 semaphore, and nothing left behind after dispose.
import { realpathSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionPool, liveChildPids } from '../../../electron/services/connections';
import type { LogEntry } from '../../../electron/services/connections/types';
import type { ServerState } from '../../../shared/schemas/server';
import { pidAlive, stdioSpec, tempDir } from './helpers';

describe('ConnectionPool over stdio', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let home: Awaited<ReturnType<typeof tempDir>>;
  let pool: ConnectionPool;
  const logs: LogEntry[] = [];
  const events: Array<[string, ServerState['kind']]> = [];

  beforeAll(async () => {
    dir = await tempDir();
    home = await tempDir('home-');
    pool = new ConnectionPool({
      dataDir: dir.path,
      env: { ...process.env, HOME: home.path, BASE_ONLY: 'base', OVERRIDDEN: 'base' },
      workspaceRoot: dir.path,
      logger: (e) => logs.push(e),
      injectEnv: async (spec): Promise<Record<string, string>> => (spec.id === 'echo' ? { INJECTED: 'from-keychain', OVERRIDDEN: 'injected' } : {}),
    });
    pool.on('stateChanged', (id, s) => events.push([id, s.kind]));
    pool.setServers([
      stdioSpec('echo', 'echo', [], { env: { FROM_CONFIG: 'cfg ${BASE_ONLY}', OVERRIDDEN: 'config' } }),
      stdioSpec('proj', 'echo', [], { layer: 'project', cwd: dir.path }),
      stdioSpec('broken', 'echo', [], { command: '/nonexistent/binary' }),
      stdioSpec('flood', 'stderr-flood'),
      stdioSpec('garbage', 'garbage'),
    ]);
  });
  afterAll(async () => {
    await pool.dispose();
    await dir.cleanup();
    await home.cleanup();
  });

  it('discovers every server in one round, streaming results, and logs mcp_initialized / mcp_server_connect_failed', async () => {
    const streamed: string[] = [];
    const round = await pool.discover({ onResult: (id) => streamed.push(id) });
    expect(streamed.sort()).toEqual(['broken', 'echo', 'flood', 'garbage', 'proj']);
    const byId = Object.fromEntries(round.servers.map((s) => [s.id, s]));
    expect(byId.echo!.state.kind).toBe('connected');
    expect(byId.echo!.tools.map((t) => t.name)).toContain('echo');
    expect(byId.echo!.connectMs).toBeGreaterThan(0);
    expect(byId.broken!.state.kind).toBe('failed');
    expect(byId.broken!.error).toMatch(/ENOENT/);
    // UI-9: a code for the front doors to word (the launch doctor's: not found, and where it
    // looked), the OS message kept as the raw detail.
    expect(byId.broken!.state).toMatchObject({ code: 'file_missing', params: { file: '/nonexistent/binary' }, reason: expect.stringMatching(/ENOENT/) });
    expect(byId.broken!.tools).toEqual([]);
    expect(byId.flood!.state.kind).toBe('connected');
    expect(byId.garbage!.state.kind).toBe('connected');
    expect(round.initialLoadDurationMs).toBeGreaterThan(0);
    const init = logs.find((l) => l.action === 'mcp_initialized');
    expect(init).toMatchObject({ module: 'app', servers: expect.arrayContaining([{ name: 'echo', toolCount: 7 }]) });
    expect(logs.find((l) => l.action === 'mcp_server_connect_failed')).toMatchObject({ server: 'broken', error: expect.stringMatching(/ENOENT/) });
    expect(events).toContainEqual(['echo', 'connected']);
    expect(events).toContainEqual(['broken', 'failed']);
    // UI-7: a failed spawn is one transport error in the traffic, not a string of "invalid" messages.
    await pool.reconnect('broken').catch(() => undefined);
    const spawnErrors = pool.info('broken')!.traffic.filter((t) => /ENOENT/.test(t.text));
    expect(spawnErrors.map((t) => t.kind)).toEqual(['transport-error']);
  });

  it('calls a tool and converts every content part (CONN-9)', async () => {
    expect(await pool.callTool('echo', 'echo', { text: 'hi' })).toEqual({ isError: false, content: [{ type: 'text', text: 'hi' }] });
    const parts = await pool.callTool('echo', 'parts');
    expect(parts.content.map((p) => p.type)).toEqual(['text', 'image', 'audio', 'resource', 'resource_link']);
    const fail = await pool.callTool('echo', 'fail');
    expect(fail).toMatchObject({ isError: true, content: [{ type: 'text', text: 'this tool always fails' }] });
    expect(fail.error).toBeUndefined();
    const unknown = await pool.callTool('echo', 'no_such_tool');
    expect(unknown).toMatchObject({ isError: true });
  });

  it('stdio env = process env, then config env, then injected; cwd = home, or the given cwd (CONN-4)', async () => {
    const env = async (id: string, name: string) =>
      JSON.parse(((await pool.callTool(id, 'env', { name })).content[0] as { text: string }).text) as { value: string | null; cwd: string };
    expect((await env('echo', 'BASE_ONLY')).value).toBe('base');
    expect((await env('echo', 'FROM_CONFIG')).value).toBe('cfg base');
    expect((await env('echo', 'INJECTED')).value).toBe('from-keychain');
    expect((await env('echo', 'OVERRIDDEN')).value).toBe('injected');
    expect(realpathSync((await env('echo', 'X')).cwd)).toBe(realpathSync(home.path));
    expect(realpathSync((await env('proj', 'X')).cwd)).toBe(realpathSync(dir.path));
  });

  it('answers roots with the workspace root (CONN-7)', async () => {
    const r = await pool.callTool('echo', 'roots');
    const roots = JSON.parse((r.content[0] as { text: string }).text) as Array<{ uri: string }>;
    expect(roots).toHaveLength(1);
    expect(roots[0]!.uri).toBe(new URL(`file://${dir.path}`).href);
  });

  it('limits calls in flight to 5 per connection, queueing the rest in order (CONN-2)', async () => {
    const calls = Array.from({ length: 12 }, (_, i) => pool.callTool('proj', 'sleep', { ms: 80, tag: `c${i}` }));
    const results = await Promise.all(calls);
    const last = JSON.parse((results[11]!.content[0] as { text: string }).text) as { maxInFlight: number; starts: string[] };
    expect(last.maxInFlight).toBe(5);
    expect(last.starts).toEqual(Array.from({ length: 12 }, (_, i) => `c${i}`));
  });

  it('survives garbage on stdout and a stderr flood, keeping bounded logs (SEC-4, CONN-10)', async () => {
    expect(await pool.callTool('garbage', 'echo')).toMatchObject({ isError: false, content: [{ type: 'text', text: 'clean' }] });
    const flood = await pool.callTool('flood', 'echo');
    expect(flood.isError).toBe(false);
    const info = pool.info('flood')!;
    expect(info.stderrTail.length).toBeLessThanOrEqual(201);
    expect(info.stderrTail.at(-2)).toMatch(/^flood \d+ x+$/);
    const g = pool.info('garbage')!;
    expect(g.traffic.some((t) => t.kind === 'invalid')).toBe(true);
    expect(g.traffic.length).toBeLessThanOrEqual(300);
    const e = pool.info('echo')!;
    expect(e.traffic.find((t) => t.method === 'tools/call')).toMatchObject({ dir: 'out', kind: 'request' });
    expect(e.traffic.some((t) => t.dir === 'in' && t.kind === 'response')).toBe(true);
    expect(e.toolCount).toBe(7);
    expect(e.lastError).toBeNull();
  });

  it('dispose kills and reaps every child and leaves no timer', async () => {
    const pids = ['echo', 'proj', 'flood', 'garbage'].map((id) => pool.info(id)!.pid!);
    expect(pids.every((p) => typeof p === 'number' && pidAlive(p))).toBe(true);
    await pool.dispose();
    expect(pids.filter(pidAlive)).toEqual([]);
    expect(liveChildPids().filter((p) => pids.includes(p))).toEqual([]);
    for (const id of pool.ids()) expect(pool.info(id)!.live).toBe(false);
  });
});
