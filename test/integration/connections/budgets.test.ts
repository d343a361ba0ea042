// CONN-3 discovery budgets with real fixture processes and sockets on a manual clock: a slow
// server misses its budget (no tools, an error, retried next round) without delaying the
// others, and a bounded stdio start queue never makes a server miss its budget just by waiting
// for a slot. Each agent's own budget applies: kimi waits its startup timeout for remote
// servers too (seed 002). "Slow" is a gate the test opens, and budgets pass when the test moves
// the clock after the pool armed them: the verdicts hold however busy the machine is.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DiscoveryResult } from '../../../electron/services/connections/types';
import { ManualClock } from '../../helpers/manual-clock';
import { spec, startFixture, startSlowRemote, stdioSpec } from './helpers';
import { usePoolBed } from './pool-bed';

const bed = usePoolBed();
const { newPool, keep } = bed;

/** A file the gated fixture waits for (`--gate`): the server starts once the test opens it. */
function gate(name: string): { args: string[]; open(): void } {
  const path = join(bed.dir, `${name}-${Math.random().toString(36).slice(2)}.gate`);
  return { args: ['--gate', path], open: () => writeFileSync(path, '') };
}

/** Each server's result as it arrives, with the clock time it arrived at. */
function arrivals(clock: ManualClock) {
  const t0 = clock.now();
  const order: Array<[string, number]> = [];
  const waiting = new Map<string, () => void>();
  const seen = new Map<string, Promise<void>>();
  const arrived = (id: string): Promise<void> => {
    let p = seen.get(id);
    if (!p) seen.set(id, (p = new Promise<void>((r) => waiting.set(id, r))));
    return p;
  };
  const onResult = (id: string, _r: DiscoveryResult): void => {
    order.push([id, clock.now() - t0]);
    void arrived(id);
    waiting.get(id)?.();
  };
  return { t0, order, onResult, arrived };
}

describe('discovery budgets (CONN-3)', () => {
  it('a server that misses its budget has no tools and an error; the others stream in first; next round it is there', async () => {
    const clock = new ManualClock();
    const slowStart = gate('slow');
    const pool = newPool({ clock, stdioBudgetMs: 3_000 });
    pool.setServers([stdioSpec('fast', 'echo'), stdioSpec('slow', 'slow', slowStart.args)]);
    const a = arrivals(clock);
    let over = false;
    const pending = pool.discover({ onResult: a.onResult }).finally(() => (over = true));
    // The fast one did not wait for the slow one's budget: it is in before any time passed.
    await a.arrived('fast');
    expect(a.order).toEqual([['fast', 0]]);
    await clock.timerAt(a.t0 + 3_000);
    expect(over).toBe(false); // the round waits for the slow one's budget…
    clock.advance(3_000);
    const round = await pending; // …and ends when it runs out
    expect(a.order).toEqual([
      ['fast', 0],
      ['slow', 3_000],
    ]);
    const slow = round.servers.find((s) => s.id === 'slow')!;
    expect(slow.tools).toEqual([]);
    expect(slow.state.kind).toBe('failed');
    expect(slow.error).toMatch(/did not answer within its 3000 ms discovery budget/);
    // The attempt went on in the background: once the server is up and the attempt has landed,
    // the next round has the server.
    const landed = new Promise<void>((resolve) => {
      const off = pool.on('stateChanged', (id, st) => id === 'slow' && st.kind === 'connected' && (off(), resolve()));
    });
    slowStart.open();
    if (pool.state('slow')?.kind !== 'connected') await landed;
    const next = await pool.discover();
    expect(next.servers.find((s) => s.id === 'slow')!.tools.map((t) => t.name)).toEqual(['slow_echo']);
  });

  it("the server's own timeout caps the budget; a remote that never answers is cut at the remote budget", async () => {
    const hang = keep(await startFixture('slow', 'http', ['--latency', '10']));
    // A remote that accepts the connection and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    keep({ stop: () => new Promise<void>((r) => (silent.closeAllConnections(), silent.close(() => r()))) });
    const clock = new ManualClock();
    const pool = newPool({ clock, remoteBudgetMs: 1_200 });
    pool.setServers([
      // Its gate is never opened: only the 600 ms cap can end its part of the round.
      stdioSpec('capped', 'slow', gate('capped').args, { startupTimeoutMs: 600 }),
      spec({ id: 'remote', transport: 'http', url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp` }),
      spec({ id: 'ok', transport: 'http', url: hang.url }),
    ]);
    const a = arrivals(clock);
    const pending = pool.discover({ onResult: a.onResult });
    await a.arrived('ok');
    // Both budgets armed before the clock moves: the cap at 600, the remote budget at 1200.
    await Promise.all([clock.timerAt(a.t0 + 600), clock.timerAt(a.t0 + 1_200)]);
    clock.advance(600);
    await a.arrived('capped');
    clock.advance(600);
    const round = await pending;
    expect(a.order).toEqual([
      ['ok', 0],
      ['capped', 600],
      ['remote', 1_200],
    ]);
    const byId = Object.fromEntries(round.servers.map((s) => [s.id, s]));
    expect(byId.capped!.error).toMatch(/600 ms/);
    expect(byId.remote!.error).toMatch(/1200 ms discovery budget/);
    expect(byId.ok!.state.kind).toBe('connected');
  });

  it("a kimi remote gets kimi's startup timeout as its budget; a minimax remote keeps the remote budget", async () => {
    // Two remotes that hold their initialize until the test lets them answer; the remote budget is cut to 300 ms.
    let answer!: () => void;
    const held = new Promise<void>((r) => (answer = r));
    const [a, b] = await Promise.all([startFixture('echo', 'http'), startFixture('echo', 'http')]);
    const slowA = keep(await startSlowRemote(keep(a!).url, held));
    const slowB = keep(await startSlowRemote(keep(b!).url, held));
    const clock = new ManualClock();
    const pool = newPool({ clock, remoteBudgetMs: 300 });
    pool.setServers([
      spec({ id: 'minimax', profile: 'minimax', transport: 'http', url: slowA.url }),
      spec({ id: 'kimi', profile: 'kimi', transport: 'http', url: slowB.url, startupTimeoutMs: 30_000 }),
    ]);
    const t = arrivals(clock);
    const pending = pool.discover({ onResult: t.onResult });
    await Promise.all([clock.timerAt(t.t0 + 300), clock.timerAt(t.t0 + 30_000)]);
    clock.advance(300);
    await t.arrived('minimax');
    // Past the remote budget, well within kimi's: the remotes answer now.
    answer();
    const round = await pending;
    const byId = Object.fromEntries(round.servers.map((s) => [s.id, s]));
    expect(byId.minimax!.error).toMatch(/did not answer within its 300 ms discovery budget/);
    expect(byId.kimi!.state.kind).toBe('connected');
    expect(byId.kimi!.tools.map((x) => x.name)).toContain('echo');
  });

  it('queued stdio starts get their whole budget from their own start', async () => {
    // One start slot, three servers slow to start, a 3.5 s budget: each holds the slot for 3 s
    // of its budget, so the last one waits 6 s in the queue (longer than the budget) and must
    // still make it.
    const clock = new ManualClock();
    const pool = newPool({ clock, stdioStartConcurrency: 1, stdioBudgetMs: 3_500 });
    const gates = { a: gate('a'), b: gate('b'), c: gate('c') };
    pool.setServers(Object.entries(gates).map(([id, g]) => stdioSpec(id, 'slow', g.args)));
    const t = arrivals(clock);
    const pending = pool.discover({ onResult: t.onResult });
    for (const [id, g] of Object.entries(gates)) {
      // Its budget starts when it gets the slot: due 3.5 s after that, not after the round began.
      await clock.timerAt(clock.now() + 3_500);
      expect(pool.stdioSlots.inFlight).toBe(1);
      clock.advance(3_000);
      g.open();
      await t.arrived(id);
    }
    const round = await pending;
    expect(round.servers.map((s) => [s.id, s.state.kind])).toEqual([
      ['a', 'connected'],
      ['b', 'connected'],
      ['c', 'connected'],
    ]);
    // They really were started one after the other: the round outlasted the budget.
    expect(t.order).toEqual([
      ['a', 3_000],
      ['b', 6_000],
      ['c', 9_000],
    ]);
    expect(pool.stdioSlots.inFlight).toBe(0);
  });
});
