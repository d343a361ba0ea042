// CONN-2: per-connection concurrency limit; waiters are served strictly first in, first out.
export class Semaphore {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`semaphore limit must be ≥ 1, got ${limit}`);
  }

  get inFlight(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves with a release function once a slot is free; release is idempotent. */
  acquire(): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => resolve(this.take());
      if (this.active < this.limit) grant();
      else this.queue.push(grant);
    });
  }

  /** A slot now when one is free and no one waits (no promise on a call's path), else null. */
  tryAcquire(): (() => void) | null {
    return this.active < this.limit && this.queue.length === 0 ? this.take() : null;
  }

  private take(): () => void {
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.queue.shift()?.();
    };
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
