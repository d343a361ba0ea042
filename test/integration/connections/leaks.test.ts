// Disposables (DESIGN.md): after dispose no socket, timer or child is left, over all three
// transports. Sockets are counted from the host side; the fixtures close idle keep-alive
// sockets after 200 ms, so only a stream we forgot to close could keep one open. Timers are
// the ones the engine and the SDK under it set (unref'd ones included), followed from their
// creation: the test runner's own come and go on a schedule of their own.
import { createHook } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionPool, liveChildPids } from '../../../electron/services/connections';
import { type Running, pidAlive, spec, startFixture, stdioSpec, tempDir, until } from './helpers';

const count = (kind: string) => process.getActiveResourcesInfo().filter((r) => r === kind).length;

/** Live timers created by the panel's services or the MCP SDK since `start()` (cleared or fired ones drop out). */
function engineTimers() {
  const live = new Set<number>();
  const hook = createHook({
    init(id, type) {
      if (type !== 'Timeout') return;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 50;
      const stack = new Error().stack ?? '';
      Error.stackTraceLimit = limit;
      if (/\/electron\/services\/|@modelcontextprotocol\/sdk\//.test(stack)) live.add(id);
    },
    destroy: (id) => void live.delete(id),
  });
  return {
    start: () => void hook.enable(),
    stop: () => void hook.disable(),
    get count() {
      return live.size;
    },
  };
}

describe('no leaks after dispose', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let http: Running;
  let sse: Running;
  beforeAll(async () => {
    dir = await tempDir();
    [http, sse] = await Promise.all([startFixture('echo', 'http', ['--keepalive', '200']), startFixture('echo', 'sse', ['--keepalive', '200'])]);
  });
  afterAll(async () => {
    await Promise.all([http?.stop(), sse?.stop()]);
    await dir.cleanup();
  });

  it('closes every socket, clears every timer, reaps every child', async () => {
    const base = { tcp: count('TCPSocketWrap') };
    const timers = engineTimers();
    timers.start();
    const pool = new ConnectionPool({ dataDir: dir.path, env: process.env });
    const unsubscribe = pool.on('stateChanged', () => undefined);
    pool.setServers([
      spec({ id: 'h', transport: 'http', url: http.url }),
      spec({ id: 's', transport: 'sse', url: sse.url }),
      stdioSpec('o', 'echo'),
      stdioSpec('hang', 'hang', ['--no-init'], { startupTimeoutMs: 60_000 }),
    ]);
    // The hanging one is still starting when dispose comes: its child must go too.
    const round = pool.discover();
    await until(() => liveChildPids().length >= 2, 30_000, 'children started');
    const pids = [...liveChildPids()];
    for (const id of ['h', 's', 'o']) expect((await pool.callTool(id, 'echo', { text: id })).isError).toBe(false);
    expect(count('TCPSocketWrap')).toBeGreaterThan(base.tcp);
    expect(timers.count).toBeGreaterThan(0);
    await pool.dispose();
    await round;
    unsubscribe();
    expect(pids.filter(pidAlive)).toEqual([]);
    expect(liveChildPids().filter((p) => pids.includes(p))).toEqual([]);
    await until(() => count('TCPSocketWrap') <= base.tcp, 30_000, 'sockets closed');
    await until(() => timers.count === 0, 30_000, "the engine's timers cleared");
    timers.stop();
  });

  it('dispose also waits for the children of connections a config change replaced or removed', async () => {
    const pool = new ConnectionPool({ dataDir: dir.path, env: process.env });
    const starting = (id: string, ...args: string[]) => stdioSpec(id, 'hang', ['--no-init', ...args], { startupTimeoutMs: 60_000 });
    const before = new Set(liveChildPids());
    pool.setServers([starting('changed'), starting('removed')]);
    const round = pool.discover();
    await until(() => liveChildPids().filter((p) => !before.has(p)).length >= 2, 30_000, 'children started');
    const pids = liveChildPids().filter((p) => !before.has(p));
    expect(pool.setServers([starting('changed', '--other')])).toMatchObject({ changed: ['changed'], removed: ['removed'] });
    await pool.dispose();
    expect(pids.filter(pidAlive)).toEqual([]);
    await round;
  });

  it('a config reload that lands after dispose (a watcher event in flight) starts nothing', async () => {
    const pool = new ConnectionPool({ dataDir: dir.path, env: process.env });
    const before = new Set(liveChildPids());
    pool.setServers([stdioSpec('kept', 'echo')]);
    await pool.dispose();
    // What a reload does with the config it read: the servers again, one of them new, then a round.
    pool.setServers([stdioSpec('kept', 'echo', ['--other']), stdioSpec('new', 'echo')]);
    const round = await pool.discover();
    await expect(pool.listTools('new')).rejects.toThrow();
    expect(round.servers.filter((s) => s.state.kind === 'connected')).toEqual([]);
    expect(liveChildPids().filter((p) => !before.has(p))).toEqual([]);
  });
});
