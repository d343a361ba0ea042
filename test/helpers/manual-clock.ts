// A Clock for tests: time moves only when the test says so.
import type { Clock, TimerHandle } from '../../electron/services/connections/clock';

/** A clock that moves only when told to; `pending` counts live timers (leak checks). */
export class ManualClock implements Clock {
  private time: number;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private seq = 0;

  constructor(start = 1_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn });
    return { cancel: () => void this.timers.delete(id) };
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
