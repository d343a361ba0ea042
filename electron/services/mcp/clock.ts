// Time as a dependency (DESIGN.md): the pool's own timers (idle close, backoff, budgets) go
// through a Clock so tests can run idle close and backoff on a manual clock
// (test/helpers/manual-clock.ts).
export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, ms);
    // Never keep the host alive for a pool timer; dispose() cancels them anyway.
    t.unref?.();
    return { cancel: () => clearTimeout(t) };
  },
};
