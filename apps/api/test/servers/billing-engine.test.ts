/**
 * Issue 7 "Billing engine that scales": three instances (each with its own database connection, as
 * three API processes would have) run the billing tick at once over the same servers; every server-hour
 * is charged exactly once, no balance goes below zero, and a server whose hour cannot be paid is
 * suspended with its panel suspension queued.
 */
import { hourlyUnits } from '@falkenhost/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS, hourStart } from '../../src/platform/clock';
import type { AppContext } from '../../src/platform/context';
import { openDatabase } from '../../src/platform/db/database';
import { newUserPackage } from '../../src/platform/db/rows';
import { billHourlyServers } from '../../src/servers/hourly-billing';
import { insertCustomer, type Product, startProduct } from '../harness';
import { PANEL_CASES } from '../panels';

const USERS = 10;
const SERVERS_PER_USER = 3;
const HOURS_DUE = 5;
const MONTHLY = 100 * 10_000;

describe.each(PANEL_CASES)('billing engine on $db, $panel', ({ db: kind, panel: panelKind }) => {
  let product: Product;
  const extra: Array<{ destroy(): Promise<void> }> = [];
  beforeAll(async () => {
    product = await startProduct(kind, { panel: panelKind });
  });
  afterAll(async () => {
    for (const db of extra) await db.destroy();
    await product?.close();
  });

  it('charges each server-hour exactly once when three instances bill at once', async () => {
    const ctx = product.server.ctx;
    const t = ctx.now();
    const price = hourlyUnits(MONTHLY);
    const pkg = await ctx.db.selectFrom('packages').select('id').limit(1).executeTakeFirstOrThrow();
    const users: { id: number; credits: number }[] = [];
    for (let i = 0; i < USERS; i++) {
      const credits = 2 * i * price; // user i can pay 2i hours; 15 are due
      const userId = await insertCustomer(ctx.db, `engine_${kind}_${i}_${t}`, credits, t);
      users.push({ id: userId, credits });
      for (let s = 0; s < SERVERS_PER_USER; s++) {
        await ctx.db
          .insertInto('user_packages')
          .values(
            newUserPackage({
              user_id: userId,
              package_id: pkg.id,
              name: `engine-${i}-${s}`,
              billing_type: 'hourly',
              status: 'paid',
              egg_id: 1,
              nest_id: 1,
              location_id: 1,
              credits_monthly: MONTHLY,
              billed_until: hourStart(t) - (HOURS_DUE - 1) * HOUR_MS,
              created_at: t,
            }),
          )
          .execute();
      }
    }

    // PostgreSQL: three instances, each with its own pool. SQLite is for one instance (README: its
    // driver waits for locks synchronously, so a second connection in one process would stall the
    // first): three runs at once in that instance.
    const instances: AppContext[] = [ctx];
    for (let i = 0; i < 2; i++) {
      if (kind === 'sqlite') {
        instances.push(ctx);
        continue;
      }
      const db = await openDatabase(ctx.config.databaseUrl, { schema: product.databaseSchema });
      extra.push(db);
      instances.push({ ...ctx, db: db.db });
    }
    // Small batches, so the three instances interleave over many transactions.
    const runs = await Promise.all(instances.map((c) => billHourlyServers(c, { batchSize: 7 })));
    const charged = runs.reduce((sum, r) => sum + r.charged, 0);
    const due = SERVERS_PER_USER * HOURS_DUE;
    const expected = users.reduce((sum, _u, i) => sum + Math.min(due, 2 * i), 0);
    expect(charged).toBe(expected);

    for (const [i, user] of users.entries()) {
      const rows = await ctx.db
        .selectFrom('credit_ledger')
        .select(['amount', 'reference', 'balance_after'])
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(Math.min(due, 2 * i));
      expect(new Set(rows.map((r) => r.reference)).size).toBe(rows.length);
      const { credits } = await ctx.db
        .selectFrom('users')
        .select('credits')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Number(credits)).toBe(user.credits - rows.length * price);
      expect(Number(credits)).toBeGreaterThanOrEqual(0);
      expect(Math.min(...rows.map((r) => Number(r.balance_after)), Number(credits))).toBeGreaterThanOrEqual(
        0,
      );
      const servers = await ctx.db
        .selectFrom('user_packages')
        .select(['id', 'status'])
        .where('user_id', '=', user.id)
        .execute();
      const suspended = servers.filter((s) => s.status === 'suspended');
      // Whoever cannot pay every hour has servers suspended, each with one queued panel suspension.
      expect(suspended.length > 0).toBe(2 * i < due);
      for (const server of suspended) {
        const tasks = await ctx.db
          .selectFrom('panel_tasks')
          .select('kind')
          .where('user_package_id', '=', server.id)
          .execute();
        expect(tasks).toEqual([{ kind: 'suspend' }]);
      }
    }
    // Nothing is due any more: another tick charges nothing.
    expect((await billHourlyServers(ctx)).charged).toBe(0);
  });
});
