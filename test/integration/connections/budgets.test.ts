// CONN-3 discovery budgets on real time with short budgets: a slow server misses its budget
// (no tools, an error, retried next round) without delaying the others, and a bounded stdio
// start queue never makes a server miss its budget just by waiting for a slot. Each agent's own
// budget applies: kimi waits its startup timeout for remote servers too (seed 002).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { spec, startFixture, startSlowRemote, stdioSpec } from './helpers';
import { usePoolBed } from './pool-bed';

const { newPool, keep } = usePoolBed();

describe('discovery budgets (CONN-3)', () => {
  it('a server that misses its budget has no tools and an error; the others stream in first; next round it is there', async () => {
    const pool = newPool({ stdioBudgetMs: 3_000 });
    pool.setServers([stdioSpec('fast', 'echo'), stdioSpec('slow', 'slow', ['--startup-ms', '4500'])]);
    const order: Array<[string, number]> = [];
    const t0 = Date.now();
    const round = await pool.discover({ onResult: (id) => order.push([id, Date.now() - t0]) });
    expect(order.map((o) => o[0])).toEqual(['fast', 'slow']);
    // The fast one did not wait for the slow one's budget.
    expect(order[0]![1]).toBeLessThan(2_500);
    const slow = round.servers.find((s) => s.id === 'slow')!;
    expect(slow.tools).toEqual([]);
    expect(slow.state.kind).toBe('failed');
    expect(slow.error).toMatch(/did not answer within its 3000 ms discovery budget/);
    expect(order[1]![1]).toBeGreaterThanOrEqual(2_900);
    expect(round.initialLoadDurationMs).toBeGreaterThanOrEqual(2_900);
    // The attempt went on in the background: once it lands, the next round has the server.
    if (pool.state('slow')?.kind !== 'connected') await new Promise<void>((resolve) => {
      const off = pool.on('stateChanged', (id, st) => id === 'slow' && st.kind === 'connected' && (off(), resolve()));
    });
    const next = await pool.discover();
    expect(next.servers.find((s) => s.id === 'slow')!.tools.map((t) => t.name)).toEqual(['slow_echo']);
  });

  it("the server's own timeout caps the budget; a remote that never answers is cut at the remote budget", async () => {
    const hang = keep(await startFixture('slow', 'http', ['--latency', '10']));
    // A remote that accepts the connection and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentPort = (silent.address() as AddressInfo).port;
    const pool = newPool({ remoteBudgetMs: 1_200 });
    pool.setServers([
      stdioSpec('capped', 'slow', ['--startup-ms', '2000'], { startupTimeoutMs: 600 }),
      spec({ id: 'remote', transport: 'http', url: `http://127.0.0.1:${silentPort}/mcp` }),
      spec({ id: 'ok', transport: 'http', url: hang.url }),
    ]);
    const t0 = Date.now();
    const round = await pool.discover();
    const byId = Object.fromEntries(round.servers.map((s) => [s.id, s]));
    expect(byId.capped!.error).toMatch(/600 ms/);
    expect(byId.remote!.error).toMatch(/1200 ms discovery budget/);
    expect(byId.ok!.state.kind).toBe('connected');
    expect(Date.now() - t0).toBeLessThan(3_000);
    await pool.dispose();
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
  });

  it("a kimi remote gets kimi's startup timeout as its budget; a minimax remote keeps the remote budget", async () => {
    // Two remotes that hold their initialize 800 ms; the remote budget is cut to 300 ms.
    const [a, b] = await Promise.all([startFixture('echo', 'http'), startFixture('echo', 'http')]);
    const slowA = keep(await startSlowRemote(keep(a!).url, 800));
    const slowB = keep(await startSlowRemote(keep(b!).url, 800));
    const pool = newPool({ remoteBudgetMs: 300 });
    pool.setServers([
      spec({ id: 'minimax', profile: 'minimax', transport: 'http', url: slowA.url }),
      spec({ id: 'kimi', profile: 'kimi', transport: 'http', url: slowB.url, startupTimeoutMs: 5_000 }),
    ]);
    const round = await pool.discover();
    const byId = Object.fromEntries(round.servers.map((s) => [s.id, s]));
    expect(byId.minimax!.error).toMatch(/did not answer within its 300 ms discovery budget/);
    expect(byId.kimi!.state.kind).toBe('connected');
    expect(byId.kimi!.tools.map((t) => t.name)).toContain('echo');
  });

  it('queued stdio starts get their whole budget from their own start', async () => {
    // One start slot, three servers that each take ~2 s to come up, a 3.5 s budget: the last
    // one waits ~4 s in the queue (longer than the budget) and must still make it.
    const pool = newPool({ stdioStartConcurrency: 1, stdioBudgetMs: 3_500 });
    pool.setServers(['a', 'b', 'c'].map((id) => stdioSpec(id, 'slow', ['--startup-ms', '1500'])));
    const t0 = Date.now();
    const round = await pool.discover();
    expect(round.servers.map((s) => [s.id, s.state.kind])).toEqual([
      ['a', 'connected'],
      ['b', 'connected'],
      ['c', 'connected'],
    ]);
    // They really were started one after the other: the round outlasted the budget.
    expect(Date.now() - t0).toBeGreaterThan(3_500);
    expect(pool.stdioSlots.inFlight).toBe(0);
  });
});
