import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/platform/db/database';
import { migrateToLatest } from '../../src/platform/db/migrate';
import {
  BatchedCounters,
  databaseRateLimitStore,
  pruneRateLimits,
} from '../../src/platform/requests/rate-limit-store';
import { DATABASES, grantCredits, registerVerified, startProduct } from '../harness';

describe('rate-limit counters in the database', () => {
  let dir: string;
  let database: Db;
  let clock = 1_000_000;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falkenhost-rl-'));
    database = await openDatabase(`sqlite:${join(dir, 'rl.db')}`);
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const incr = (store: ReturnType<typeof storeFor>, key: string) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 5),
    );
  const storeFor = () => {
    const Store = databaseRateLimitStore(database.db, () => clock);
    return new Store().child({ routeInfo: { method: 'POST', url: '/api/auth/login' } } as never);
  };

  it('counts one window across instances, then starts a new one', async () => {
    // Two API instances: two stores on the same database.
    const a = storeFor();
    const b = storeFor();
    const counts = await Promise.all([incr(a, 'ip:1'), incr(b, 'ip:1'), incr(a, 'ip:1'), incr(b, 'ip:1')]);
    expect(counts.map((c) => c.current).sort()).toEqual([1, 2, 3, 4]);
    expect((await incr(a, 'ip:2')).current).toBe(1);
    clock += 30_000;
    expect(await incr(b, 'ip:1')).toEqual({ current: 5, ttl: 30_000 });
    clock += 30_000;
    expect(await incr(a, 'ip:1')).toEqual({ current: 1, ttl: 60_000 });
    clock += 60_000;
    expect(await pruneRateLimits(database.db, clock)).toBe(2);
  });
});

describe('per-customer limit on private routes', () => {
  it('answers 429 past the limit for that customer only', async () => {
    const product = await startProduct('sqlite', { privateRateLimit: 4 });
    try {
      const one = await registerVerified(product);
      const other = await registerVerified(product);
      await grantCredits(product, one.username, 1);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await one.session.get('/api/private/credits')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      const refused = await one.session.get('/api/private/credits');
      expect(refused.body).toEqual({ reason: 'rate-limited' });
      // Answers within a limit carry no X-RateLimit-* headers; a refusal says when to come back.
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('x-ratelimit-limit')).toBe('4');
      const admitted = await other.session.get('/api/private/credits');
      expect(admitted.status).toBe(200);
      expect([...admitted.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    } finally {
      await product.close();
    }
  });
});

describe.each(DATABASES)('batched counting of the private limit on %s', (kind) => {
  let dir: string;
  let database: Db;
  let clock = 5_000_000;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falkenhost-rl-'));
    database = await openDatabase(
      kind === 'postgres' ? (process.env.DATABASE_URL as string) : `sqlite:${join(dir, 'rl.db')}`,
      { schema: kind === 'postgres' ? schema : undefined },
    );
    await migrateToLatest(database);
  });
  afterAll(async () => {
    if (kind === 'postgres') await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One API instance: its own counters (written only when the test says) and its store for a private route. */
  const instance = () => {
    const counters = new BatchedCounters(database.db, () => clock, 3_600_000);
    const Store = databaseRateLimitStore(database.db, () => clock, counters);
    const store = new Store().child({
      routeInfo: { method: 'GET', url: '/api/private/credits' },
      batched: true,
    } as never);
    const incr = (key: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 120),
      );
    return { counters, incr };
  };
  const stored = async (key: string) =>
    (
      await database.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', `GET /api/private/credits:${key}`)
        .executeTakeFirst()
    )?.count;

  it('counts in memory, writes in batches, and each instance starts from the shared total', async () => {
    const a = instance();
    // The first request of the window is written at once, the next ones wait for the flush.
    const first = await Promise.all([a.incr('user:1'), a.incr('user:1'), a.incr('user:1')]);
    expect(first.map((r) => r.current)).toEqual([1, 2, 3]);
    expect(Number(await stored('user:1'))).toBe(1);
    await a.incr('user:1');
    await a.counters.flush();
    expect(Number(await stored('user:1'))).toBe(4);

    // A second instance on the same database: its first request brings back the four counted by the first.
    const b = instance();
    clock += 20_000;
    expect(await b.incr('user:1')).toEqual({ current: 5, ttl: 40_000 });
    expect((await b.incr('user:1')).current).toBe(6);
    // The first instance learns of the second's requests at its next write.
    expect((await a.incr('user:1')).current).toBe(5);
    await b.counters.flush();
    await a.counters.flush();
    expect(Number(await stored('user:1'))).toBe(7);
    expect((await a.incr('user:1')).current).toBe(8);
    // Closing an instance writes what it still holds; a restarted instance goes on from the total.
    await a.counters.close();
    await b.counters.close();
    expect((await instance().incr('user:1')).current).toBe(9);

    // A new window once the shared one ends.
    clock += 40_000;
    const c = instance();
    expect(await c.incr('user:1')).toEqual({ current: 1, ttl: 60_000 });
    expect((await c.incr('user:1')).current).toBe(2);
    // Other customers count apart.
    expect((await c.incr('user:2')).current).toBe(1);
    await c.counters.close();
  });

  it('answers the 121st request within a minute with 429 (PRIVATE_RATE_LIMIT_PER_MINUTE 120)', async () => {
    const product = await startProduct(kind, { privateRateLimit: 120 });
    try {
      const one = await registerVerified(product);
      const statuses: number[] = [];
      for (let i = 0; i < 122; i++) statuses.push((await one.session.get('/api/private/credits')).status);
      expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(120)).toEqual([429, 429]);
      // A minute later the customer is served again.
      product.advance(60_000);
      expect((await one.session.get('/api/private/credits')).status).toBe(200);
    } finally {
      await product.close();
    }
  });
});
