// A Clock for tests: time moves only when the test says so.
import type { Clock, TimerHandle } from '../../electron/services/mcp/clock';

/**
 * A clock that moves only when told to; `pending` counts live timers (leak checks). A test
 * that drives real processes on it waits with `timerAt` until the code under test has armed
 * the timer it means to fire, then `advance`s: the order is set by events, never by how fast
 * the machine is.
 */
export class ManualClock implements Clock {
  private time: number;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private seq = 0;
  private waiters: Array<{ at: number; resolve: () => void }> = [];

  constructor(start = 1_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    const at = this.time + Math.max(0, ms);
    this.timers.set(id, { at, fn });
    this.waiters = this.waiters.filter((w) => (w.at === at ? (w.resolve(), false) : true));
    return { cancel: () => void this.timers.delete(id) };
  }

  /**
   * Resolves once a live timer is due at clock time `at` (now or later armed). Rejects after
   * `failAfterMs` of real time with the timers there are: a deadline for the failure message,
   * not a verdict (the test timeout would fail it anyway).
   */
  timerAt(at: number, failAfterMs = 30_000): Promise<void> {
    if ([...this.timers.values()].some((t) => t.at === at)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const fail = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no timer due at ${at} (now ${this.time}; due: ${[...this.timers.values()].map((t) => t.at).join(', ') || 'none'})`));
      }, failAfterMs);
      const waiter = {
        at,
        resolve: () => {
          clearTimeout(fail);
          resolve();
        },
      };
      this.waiters.push(waiter);
    });
  }

  get pending(): number {
    return this.timers.size;
  }

  /** Earliest due time of a live timer, if any. */
  nextAt(): number | undefined {
    let min: number | undefined;
    for (const t of this.timers.values()) if (min === undefined || t.at < min) min = t.at;
    return min;
  }

  /** Moves time forward, firing due timers in order (timers they add fire too if due). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const e of this.timers) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].fn();
    }
    this.time = end;
  }
}
