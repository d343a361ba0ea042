// Pool lifecycle on a manual clock where time is the point but not the measurement: idle close
// (CONN-2), the backoff schedule (CONN-6), config changes (CFG-9), removed/disabled (CONN-5),
// snapshots through the pool (CONN-11), and no child or timer left after dispose.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionPool } from '../../../electron/services/connections';
import { ManualClock } from '../../helpers/manual-clock';
import type { ServerState } from '../../../shared/schemas/server';
import { ROOT, pidAlive, stdioSpec, tempDir, until } from './helpers';
import { fixture } from '../../helpers/fixtures';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => (dir = await tempDir()));
afterAll(() => dir.cleanup());

describe('idle close (CONN-2)', () => {
  it('closes an idle connection after idleMs (child reaped) and reopens on the next call', async () => {
    const clock = new ManualClock();
    const pool = new ConnectionPool({ dataDir: dir.path, env: process.env, clock, idleMs: 15 * 60_000 });
    pool.setServers([stdioSpec('echo', 'echo')]);
    expect(pool.info('echo')!.live).toBe(false); // lazy: nothing started before first use
    expect(await pool.callTool('echo', 'echo', { text: 'a' })).toMatchObject({ isError: false });
    const pid = pool.info('echo')!.pid!;
    clock.advance(14 * 60_000);
    expect(pool.info('echo')!.live).toBe(true);
    // Use resets the idle timer.
    await pool.callTool('echo', 'echo', { text: 'b' });
    clock.advance(14 * 60_000);
    expect(pidAlive(pid)).toBe(true);
    clock.advance(60_001);
    await until(() => !pidAlive(pid), 30_000, 'child exit after idle close');
    expect(pool.info('echo')!.live).toBe(false);
    expect(pool.state('echo')).toMatchObject({ kind: 'connected', code: 'idle_closed', params: { seconds: expect.any(Number) }, reason: '' });
    expect(await pool.callTool('echo', 'echo', { text: 'c' })).toMatchObject({ content: [{ type: 'text', text: 'c' }] });
    const pid2 = pool.info('echo')!.pid!;
    expect(pid2).not.toBe(pid);
    await pool.dispose();
    expect(pidAlive(pid2)).toBe(false);
    expect(clock.pending).toBe(0);
  });
});

describe('backoff (CONN-6)', () => {
  it('retries a failed server after 10, 30, 60, 120, 300, 300 s and recovers', async () => {
    const clock = new ManualClock(0);
    const script = join(dir.path, 'late-server.mjs');
    writeFileSync(script, 'process.exit(1)\n');
    const pool = new ConnectionPool({ dataDir: dir.path, env: process.env, clock });
    const states: ServerState[] = [];
    pool.on('stateChanged', (_id, s) => states.push(s));
    pool.setServers([{ ...stdioSpec('late', 'echo'), args: [script] }]);
    await pool.discover();
    const retryDelays: number[] = [];
    for (let i = 0; i < 6; i++) {
      const s = pool.state('late')!;
      expect(s.kind).toBe('failed');
      const retryAt = (s as Extract<ServerState, { kind: 'failed' }>).retryAt!;
      retryDelays.push(retryAt - clock.now());
      const before = states.length;
      clock.advance(retryAt - clock.now());
      await until(() => states.length > before + 0 && pool.state('late')!.kind === 'failed' && pool.state('late') !== s, 30_000, 'retry');
    }
    expect(retryDelays).toEqual([10_000, 30_000, 60_000, 120_000, 300_000, 300_000]);
    // The server gets fixed: the next scheduled retry connects and the schedule resets.
    writeFileSync(script, `import(${JSON.stringify(fixture('test/fixtures/servers/echo.mjs'))});\n`);
    const s = pool.state('late') as Extract<ServerState, { kind: 'failed' }>;
    clock.advance(s.retryAt! - clock.now());
    await until(() => pool.state('late')!.kind === 'connected', 30_000, 'recovery');
    expect(await pool.callTool('late', 'echo', { text: 'back' })).toMatchObject({ isError: false });
    await pool.dispose();
    expect(clock.pending).toBe(0);
  });
});

describe('config changes and states (CFG-9, CONN-5)', () => {
  it('reconnects only changed servers; removed tools tell the caller to stop; disabled ones refuse', async () => {
    const pool = new ConnectionPool({ dataDir: dir.path, env: process.env });
    const a = stdioSpec('a', 'echo');
    const b = stdioSpec('b', 'echo');
    const c = stdioSpec('c', 'echo');
    pool.setServers([a, b, c]);
    await pool.discover();
    const pids = Object.fromEntries(['a', 'b', 'c'].map((id) => [id, pool.info(id)!.pid!]));
    const res = pool.setServers([a, { ...b, env: { CHANGED: '1' } }], { disabled: [{ id: 'd', name: 'd', code: 'disabled_in_config', reason: 'enabled: false' }] });
    expect(res).toEqual({ added: [], changed: ['b'], removed: ['c'], unchanged: ['a'] });
    await until(() => pool.state('b')!.kind === 'connected' && pool.info('b')!.pid !== pids.b, 30_000, 'b reconnects');
    expect(pool.info('a')!.pid).toBe(pids.a);
    await until(() => !pidAlive(pids.b!) && !pidAlive(pids.c!), 30_000, 'old children reaped');
    expect(pool.state('c')!.kind).toBe('removed');
    const removed = await pool.callTool('c', 'echo', { text: 'x' });
    expect(removed).toMatchObject({ isError: true, error: { code: 'server-removed' } });
    expect(removed.error!.message).toMatch(/Do not call it again/);
    expect(await pool.callTool('d', 'echo', {})).toMatchObject({ isError: true, error: { code: 'server-disabled' } });
    expect(pool.state('d')).toMatchObject({ kind: 'disabled', code: 'disabled_in_config', reason: 'enabled: false' });
    // A disabled server is a plain record: no made-up spec stands behind it.
    expect(pool.spec('d')).toBeUndefined();
    expect(pool.info('d')).toMatchObject({ state: { kind: 'disabled' }, live: false, pid: null });
    expect(await pool.callTool('zzz', 'echo', {})).toMatchObject({ error: { code: 'unknown-server' } });
    const env = JSON.parse(((await pool.callTool('b', 'env', { name: 'CHANGED' })).content[0] as { text: string }).text);
    expect(env.value).toBe('1');
    await pool.dispose();
  });

  it('reports a tool list that changed since the accepted snapshot, until accepted (CONN-11)', async () => {
    const snapDir = await tempDir('snap-');
    const pool = new ConnectionPool({ dataDir: snapDir.path, env: process.env });
    const diffs: string[] = [];
    pool.on('snapshotChanged', (id) => diffs.push(id));
    pool.setServers([stdioSpec('m', 'many-tools', ['--count', '3'])]);
    const r1 = await pool.discover();
    expect(r1.servers[0]!.snapshotDiff).toBeNull();
    pool.setServers([stdioSpec('m', 'many-tools', ['--count', '4', '--variant', ' (now with more)'])]);
    const r2 = await pool.discover();
    expect(r2.servers[0]!.snapshotDiff).toMatchObject({
      added: ['tool_3'],
      removed: [],
      changed: [
        { name: 'tool_0', fields: ['description'] },
        { name: 'tool_1', fields: ['description'] },
        { name: 'tool_2', fields: ['description'] },
      ],
    });
    expect(diffs).toEqual(['m']);
    expect(await pool.acceptSnapshot('m')).toBe(r2.servers[0]!.snapshotDiff!.currentSha);
    const r3 = await pool.discover();
    expect(r3.servers[0]!.snapshotDiff).toBeNull();
    await pool.dispose();
    await snapDir.cleanup();
  });
});

describe('host exit (CONN-4: no orphans)', () => {
  it('children are killed when the host process exits without disposing', async () => {
    const script = `
      import { ConnectionPool } from './electron/services/connections/index.ts';
      import { stdioSpec } from './test/integration/connections/helpers.ts';
      const pool = new ConnectionPool({ dataDir: ${JSON.stringify(dir.path)}, env: process.env });
      pool.setServers([stdioSpec('a', 'echo', ['--linger']), stdioSpec('b', 'hang', ['--linger'])]);
      await pool.discover();
      console.log(JSON.stringify([pool.info('a').pid, pool.info('b').pid]));
      process.exit(0);
    `;
    const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    const pids = JSON.parse(out.stdout.trim().split('\n').at(-1)!) as number[];
    expect(pids).toHaveLength(2);
    // SIGKILL was sent synchronously on exit; the kernel may take a moment to tear them down.
    await until(() => pids.every((p) => !pidAlive(p)), 30_000, 'children gone');
    expect(pids.filter(pidAlive)).toEqual([]);
  });
});
