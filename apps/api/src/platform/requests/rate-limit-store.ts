/** `@fastify/rate-limit` stores in the database, shared by instances (docs/decisions/002-rate-limits.md). */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

declare module '@fastify/rate-limit' {
  interface RateLimitOptions {
    /** count in memory and write in batches ({@link BatchedCounters}); default: one write per request */
    batched?: boolean;
  }
}

type Incr = FastifyRateLimitStore['incr'];
type Callback = Parameters<Incr>[1];

/** Adds `n` to the key's window or starts a new one at `t`. @returns the shared count and window end */
export async function addToWindow(
  db: Kysely<Database>,
  key: string,
  n: number,
  t: number,
  timeWindow: number,
): Promise<{ count: number; resetAt: number }> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: n, reset_at: t + timeWindow })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${t} then ${n} else rate_limits.count + ${n} end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${t} then ${t + timeWindow} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

interface Counter {
  timeWindow: number;
  resetAt: number;
  shared: number;
  writing: number;
  pending: number;
  write: Promise<void> | null;
  known: boolean;
}

/** The in-memory side of batched counting: counters by key, written every `flushMs`. */
export class BatchedCounters {
  private readonly counters = new Map<string, Counter>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly flushMs = 1_000,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const t = this.now();
    let counter = this.counters.get(key);
    if (!counter || (counter.known && t >= counter.resetAt)) {
      // This instance's first request of the window: written at once, to start from the shared total.
      counter = {
        timeWindow,
        resetAt: t + timeWindow,
        shared: 0,
        writing: 0,
        pending: 0,
        write: null,
        known: false,
      };
      this.counters.set(key, counter);
      counter.pending = 1;
      this.writeCounter(key, counter).then(
        () => this.answer(counter!, callback, t),
        (error: Error) => callback(error),
      );
      return;
    }
    if (!counter.known) {
      const first = counter.write;
      void first?.finally(() => this.incr(key, callback, timeWindow));
      return;
    }
    counter.pending += 1;
    this.schedule();
    this.answer(counter, callback, t);
  }

  private answer(counter: Counter, callback: Callback, t: number): void {
    callback(null, {
      current: counter.shared + counter.writing + counter.pending,
      ttl: Math.max(0, counter.resetAt - t),
    });
  }

  /** Writes the counter's pending increments; a failed write keeps them pending for the next flush. */
  private writeCounter(key: string, counter: Counter): Promise<void> {
    const n = counter.pending;
    counter.pending = 0;
    counter.writing = n;
    const write = addToWindow(this.db, key, n, this.now(), counter.timeWindow).then(
      ({ count, resetAt }) => {
        counter.writing = 0;
        counter.write = null;
        counter.shared = count;
        counter.resetAt = resetAt;
        counter.known = true;
      },
      (error: unknown) => {
        counter.writing = 0;
        counter.write = null;
        counter.pending += n;
        if (!counter.known && this.counters.get(key) === counter) this.counters.delete(key);
        throw error;
      },
    );
    counter.write = write.catch(() => undefined);
    return write;
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushMs);
    this.timer.unref();
  }

  /** Writes every pending increment now and forgets windows that have ended. */
  async flush(): Promise<void> {
    const t = this.now();
    const writes: Promise<void>[] = [];
    for (const [key, counter] of this.counters) {
      if (counter.write) {
        writes.push(counter.write);
      } else if (t >= counter.resetAt) {
        // The window has ended: increments still pending belong to it and are dropped.
        this.counters.delete(key);
      } else if (counter.pending > 0) {
        writes.push(this.writeCounter(key, counter).catch(() => undefined));
      }
    }
    await Promise.all(writes);
    if ([...this.counters.values()].some((c) => c.pending > 0)) this.schedule();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/**
 * @param batched this instance's in-memory counters (give them to close them with the server)
 * @returns a store class as `@fastify/rate-limit`'s `store` option expects
 */
export function databaseRateLimitStore(
  db: Kysely<Database>,
  now: () => number,
  batched = new BatchedCounters(db, now),
) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
      private readonly batch = false,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = `${this.prefix}${key}`.slice(0, 191);
      if (this.batch) {
        batched.incr(fullKey, callback, timeWindow);
        return;
      }
      const t = now();
      addToWindow(db, fullKey, 1, t, timeWindow).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - t) }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const options = routeOptions as {
        routeInfo?: { method?: string | string[]; url?: string };
        batched?: boolean;
      };
      const { method = '', url = '' } = options.routeInfo ?? {};
      return new DatabaseRateLimitStore(
        undefined,
        `${Array.isArray(method) ? method.join(',') : method} ${url}:`,
        options.batched === true,
      );
    }
  };
}

/** Deletes windows that have ended (run by the hourly job). @returns rows deleted */
export async function pruneRateLimits(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
