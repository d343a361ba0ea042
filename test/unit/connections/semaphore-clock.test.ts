import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../helpers/manual-clock';
import { Semaphore } from '../../../electron/services/connections/semaphore';
import { LineRing, Ring } from '../../../electron/services/mcp/ring';

describe('Semaphore (CONN-2)', () => {
  it('runs at most `limit` at once and serves waiters first in, first out', async () => {
    const sem = new Semaphore(2);
    const order: number[] = [];
    let active = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      sem.run(async () => {
        order.push(i);
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((r) => gates.push(r));
        active--;
      }),
    );
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    expect(sem.waiting).toBe(4);
    // Release in reverse order: the queue still hands slots out in arrival order.
    while (gates.length) {
      gates.pop()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all(tasks);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(sem.inFlight).toBe(0);
  });

  it('release is idempotent', async () => {
    const sem = new Semaphore(1);
    const r = await sem.acquire();
    r();
    r();
    expect(sem.inFlight).toBe(0);
    const r2 = await sem.acquire();
    expect(sem.inFlight).toBe(1);
    r2();
  });

  it('rejects a limit below one', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});

describe('ManualClock', () => {
  it('fires due timers in order and counts pending ones', () => {
    const clock = new ManualClock(0);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('b'), 20);
    clock.setTimeout(() => fired.push('a'), 10);
    const c = clock.setTimeout(() => fired.push('c'), 30);
    c.cancel();
    expect(clock.pending).toBe(2);
    clock.advance(15);
    expect(fired).toEqual(['a']);
    clock.advance(100);
    expect(fired).toEqual(['a', 'b']);
    expect(clock.pending).toBe(0);
    expect(clock.now()).toBe(115);
  });
});

describe('bounded logs (CONN-4, SEC-4)', () => {
  it('keeps only the last lines of a flood, cutting overlong lines', () => {
    const ring = new LineRing(3, 10);
    for (let i = 0; i < 1000; i++) ring.write(`line ${i}\n`);
    ring.write('x'.repeat(50));
    ring.write('partial');
    const lines = ring.lines();
    expect(lines).toEqual(['line 998', 'line 999', 'xxxxxxxxxx …[cut]', 'partial']);
  });

  it('Ring keeps the newest items', () => {
    const r = new Ring<number>(3);
    for (let i = 0; i < 100; i++) r.push(i);
    expect(r.toArray()).toEqual([97, 98, 99]);
  });
});
