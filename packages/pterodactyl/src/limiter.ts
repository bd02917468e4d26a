import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who waits for a panel call: `foreground` for a customer or staff member waiting on an answer (orders,
 * server details), `background` for jobs (the panel queue, billing suspensions, reconcilers).
 */
export type PanelPriority = 'foreground' | 'background';

const priorityScope = new AsyncLocalStorage<PanelPriority>();

/**
 * Runs `fn` so that every panel call it makes (however deep) waits behind the customers' calls
 * (decisions/111-panel-budget.md).
 * @returns what `fn` returns
 */
export function inBackground<T>(fn: () => Promise<T>): Promise<T> {
  return priorityScope.run('background', fn);
}

/** Runs `fn` at foreground priority, even inside `inBackground` (a customer's own action run by a job). */
export function inForeground<T>(fn: () => Promise<T>): Promise<T> {
  return priorityScope.run('foreground', fn);
}

/** The priority of the calls made here: foreground unless inside `inBackground`. */
export function currentPriority(): PanelPriority {
  return priorityScope.getStore() ?? 'foreground';
}

/** Options of a `RequestBudget`. */
export interface RequestBudgetOptions {
  /** calls per minute the limiter lets through on average */
  perMinute: number;
  /** calls that may go at once after a quiet spell (the bucket's size) */
  burst: number;
  /** tokens background calls leave in the bucket, so a customer's call finds one at once */
  reserve: number;
  /** clock in epoch milliseconds (default Date.now) */
  now?: () => number;
}

/** Counters of a `RequestBudget` since it was made. */
export interface RequestBudgetStats {
  /** calls let through */
  granted: number;
  /** calls that had to wait for a token or a pause */
  waited: number;
  /** pauses ordered by the panel (429 answers) */
  paused: number;
}

/**
 * A token bucket for one API key: `perMinute` tokens a minute, at most `burst` saved up. A call takes one
 * token; foreground calls are served before any waiting background call, and background calls only take
 * a token while more than `reserve` remain. Over any 60 s the bucket lets through at most
 * `burst + perMinute` calls, so `burst + perMinute` below the panel's limit keeps a fixed window (the
 * panel's Laravel throttle) from ever answering 429 on its own.
 */
export class RequestBudget {
  private readonly perMs: number;
  private readonly burst: number;
  private readonly reserve: number;
  private readonly now: () => number;
  private tokens: number;
  private last: number;
  private pausedUntil = 0;
  private readonly waiting: Record<PanelPriority, Array<() => void>> = { foreground: [], background: [] };
  private timer: NodeJS.Timeout | null = null;
  private readonly counters: RequestBudgetStats = { granted: 0, waited: 0, paused: 0 };

  constructor(options: RequestBudgetOptions) {
    if (!(options.perMinute > 0)) throw new Error('RequestBudget: perMinute must be positive');
    this.perMs = options.perMinute / 60_000;
    this.burst = Math.max(1, options.burst);
    this.reserve = Math.min(Math.max(0, options.reserve), this.burst - 1);
    this.now = options.now ?? Date.now;
    this.tokens = this.burst;
    this.last = this.now();
  }

  /**
   * Resolves when a call of `priority` may be made (a token was taken for it).
   * @param priority defaults to the caller's scope (`inBackground`)
   */
  take(priority: PanelPriority = currentPriority()): Promise<void> {
    return new Promise((resolve) => {
      const queue = this.waiting[priority];
      queue.push(resolve);
      this.serve();
      if (queue.includes(resolve)) this.counters.waited += 1;
    });
  }

  /** Lets no call through for `ms` (the panel's `Retry-After`), and drops the saved-up tokens. */
  pause(ms: number): void {
    this.counters.paused += 1;
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + Math.max(0, ms));
    // The panel's window starts again then; nothing is saved up meanwhile.
    this.tokens = 0;
    this.last = this.pausedUntil;
    this.schedule();
  }

  /**
   * Caps the saved-up tokens at what the panel says remains of its window (`X-RateLimit-Remaining`):
   * calls made with the same key elsewhere (another instance, the panel's own UI) count against it too.
   */
  clampTo(remaining: number): void {
    if (Number.isFinite(remaining) && remaining >= 0 && remaining < this.tokens) this.tokens = remaining;
  }

  /** Counters since creation. */
  stats(): RequestBudgetStats {
    return { ...this.counters };
  }

  private refill(): void {
    const t = this.now();
    if (t > this.last) {
      this.tokens = Math.min(this.burst, this.tokens + (t - this.last) * this.perMs);
      this.last = t;
    }
  }

  private serve(): void {
    this.refill();
    if (this.now() >= this.pausedUntil) {
      while (this.waiting.foreground.length > 0 && this.tokens >= 1) this.grant('foreground');
      while (
        this.waiting.foreground.length === 0 &&
        this.waiting.background.length > 0 &&
        this.tokens >= 1 + this.reserve
      )
        this.grant('background');
    }
    this.schedule();
  }

  private grant(priority: PanelPriority): void {
    this.tokens -= 1;
    this.counters.granted += 1;
    this.waiting[priority].shift()?.();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const foreground = this.waiting.foreground.length > 0;
    if (!foreground && this.waiting.background.length === 0) return;
    const need = foreground ? 1 : 1 + this.reserve;
    const t = this.now();
    const wait = Math.max(this.pausedUntil - t, (need - this.tokens) / this.perMs, 1);
    this.timer = setTimeout(() => this.serve(), Math.ceil(wait));
  }
}
