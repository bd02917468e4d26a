/**
 * A store for `@fastify/rate-limit` in the product database, so every API instance counts the same
 * requests (architecture.md, "Modes": nothing kept in one process's memory that another instance needs).
 *
 * One row per key and window: the first request of a window inserts `count = 1, reset_at = now + window`;
 * later ones increment it in the same upsert; a request after `reset_at` starts a new window. The upsert
 * is atomic on SQLite and PostgreSQL, so concurrent requests on several instances are all counted.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * @param db the product database (table `rate_limits`, migration 0002)
 * @param now the product clock, milliseconds
 * @returns a store class as `@fastify/rate-limit`'s `store` option expects (constructed per plugin, with
 *   `child` per route; every route shares the one table, keys are prefixed by the route's own prefix)
 */
export function databaseRateLimitStore(db: Kysely<Database>, now: () => number) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** @param _options the plugin's options (unused) @param prefix the route's key prefix */
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const t = now();
      db.insertInto('rate_limits')
        .values({ key: `${this.prefix}${key}`.slice(0, 191), count: 1, reset_at: t + timeWindow })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${t} then 1 else rate_limits.count + 1 end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${t} then ${t + timeWindow} else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow()
        .then(
          (row) => callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.reset_at) - t) }),
          (error: Error) => callback(error),
        );
    }

    /** A route's store: its own counters, keyed `<method> <url>:<client key>`. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the merged limit options with `routeInfo` (the route) beside the route's fields.
      const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const { method = '', url = '' } = info ?? {};
      return new DatabaseRateLimitStore(
        undefined,
        `${Array.isArray(method) ? method.join(',') : method} ${url}:`,
      );
    }
  };
}

/** Deletes windows that have ended (run by the hourly job). @returns rows deleted */
export async function pruneRateLimits(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
