// The two timers a connection keeps, on the pool clock (DESIGN.md: time is a dependency, so
// tests run idle close and backoff on a manual clock).
import type { Clock, TimerHandle } from '../mcp/clock';

/** CONN-6: a failed server retries after 10, 30, 60, 120, 300, 300 … s; a success resets it. */
export class Backoff {
  private step = 0;
  private timer: TimerHandle | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly steps: readonly number[],
  ) {}

  /** Arms the next retry and answers when it will run. */
  schedule(retry: () => void): number {
    this.cancel();
    const delay = this.steps[Math.min(this.step, this.steps.length - 1)] ?? 300_000;
    this.step++;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      retry();
    }, delay);
    return this.clock.now() + delay;
  }

  reset(): void {
    this.step = 0;
  }

  cancel(): void {
    this.timer?.cancel();
    this.timer = null;
  }
}

export interface IdleTarget {
  live(): boolean;
  busy(): boolean;
  close(): void;
}

/**
 * CONN-2: closes a connection unused for idleMs; the next use reopens it. One timer per server
 * that re-arms for the remaining time, so a call costs no timer churn.
 */
export class IdleCloser {
  private timer: TimerHandle | null = null;
  private lastUsed = 0;

  constructor(
    private readonly clock: Clock,
    readonly idleMs: number,
    private readonly target: IdleTarget,
  ) {}

  touch(): void {
    this.lastUsed = this.clock.now();
    if (!this.timer) this.arm(this.idleMs);
  }

  cancel(): void {
    this.timer?.cancel();
    this.timer = null;
  }

  private arm(ms: number): void {
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (!this.target.live()) return;
      if (this.target.busy()) return this.arm(this.idleMs);
      const idleFor = this.clock.now() - this.lastUsed;
      if (idleFor < this.idleMs) return this.arm(this.idleMs - idleFor);
      this.target.close();
    }, ms);
  }
}
