import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { databaseRateLimitStore, pruneRateLimits } from '../src/lib/rate-limit-store';
import { grantCredits, registerVerified, startProduct } from './harness';

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
      expect((await one.session.get('/api/private/credits')).body).toEqual({ reason: 'rate-limited' });
      expect((await other.session.get('/api/private/credits')).status).toBe(200);
    } finally {
      await product.close();
    }
  });
});
