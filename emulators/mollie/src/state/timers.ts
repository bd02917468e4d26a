/** A set of timers that can all be stopped at once (the state's `close()`). */
export interface Timers {
  /** Runs `fn` after `ms` milliseconds unless cleared first; the timer does not keep Node alive. */
  later(ms: number, fn: () => void): void;
  /** Stops every pending timer; later calls to `later` are ignored. */
  clear(): void;
}

const MAX_DELAY_MS = 2_147_483_647;

/** Creates an empty timer set. Delays beyond setTimeout's 24.8-day limit are chained. */
export function createTimers(): Timers {
  const pending = new Set<NodeJS.Timeout>();
  let closed = false;
  function later(ms: number, fn: () => void): void {
    if (closed) return;
    const step = Math.min(Math.max(ms, 0), MAX_DELAY_MS);
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (ms > step) later(ms - step, fn);
      else fn();
    }, step);
    timer.unref();
    pending.add(timer);
  }
  function clear(): void {
    closed = true;
    for (const timer of pending) clearTimeout(timer);
    pending.clear();
  }
  return { later, clear };
}
