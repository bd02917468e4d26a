/**
 * Benchmark of auto top-up's tick step (figures, not pass/fail): `startAutoTopUps` of
 * apps/api/src/orders/top-ups/top-up-tick.ts with N customers (default 10 000) crossing their threshold at
 * once, on SQLite (a temp file in WAL mode) and on PostgreSQL, against the Mollie emulator served over HTTP
 * in this process, through the product's own Mollie SDK client.
 *
 * For each database, in this one process: a fresh, migrated database and an empty emulator are filled (not
 * timed): N customers, each with a Mollie customer, a valid card mandate, auto top-up on and a balance
 * below the threshold. Then one run of the step is timed (wall clock, this process's CPU, the event
 * loop's longest delay). It is checked: payments started, one pending order per customer with its payment
 * id, one recurring payment per order at the emulator (none doubled), and a second run starts none. The
 * floor, measured in the same run just before and just after the tick (the machine's load moves between
 * them): the same N recurring payments created through the same client at the same concurrency (16) with
 * no database at all, on a second emulator; the lower of the two is printed with both.
 *
 * Recurring payments stay pending (`recurringAutoPaidAfterMs: null`): the bench times the start of the
 * top-ups, not the webhooks that settle them. `BENCH_CUSTOMERS`, `BENCH_DATABASES` (sqlite, postgres).
 * PostgreSQL: DATABASE_URL when it is a postgres:// URL; else a throwaway cluster started here when one is
 * installed; else skipped.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createMandate } from '@falkenhost/mollie-emulator/customers';
import mollieEmulator from '@falkenhost/mollie-emulator/plugin';
import { createMollieState, type MollieState } from '@falkenhost/mollie-emulator/state/state';
import Fastify from 'fastify';
import { Client } from 'mollie-api-typescript';
import { createRecurringPayment } from '../apps/api/src/integrations/mollie-recurring';
import { startAutoTopUps } from '../apps/api/src/orders/top-ups/top-up-tick';
import type { AppContext } from '../apps/api/src/platform/context';
import type { Db } from '../apps/api/src/platform/db/database';
import { migrateToLatest } from '../apps/api/src/platform/db/migrate';
import { type Opened, openSqlite, postgresOpener, startCluster } from './lib/databases';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const CONCURRENCY = 16;
const CHUNK = 1_000;
const API_KEY = 'test_benchAutoTopUpKey000000000000000';
const noop = () => undefined;
const log = { trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop, silent: noop };
const ms = (start: number) => performance.now() - start;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US').replace(/,/g, ' ');

interface Emulator {
  state: MollieState;
  client: Client;
  close(): Promise<void>;
}

/** The Mollie emulator on a free port, recurring payments left pending, and the SDK client on it. */
async function startMollie(): Promise<Emulator> {
  let base = '';
  const state = createMollieState({
    publicUrl: () => base,
    apiKeys: [API_KEY],
    recurringAutoPaidAfterMs: null,
  });
  const app = Fastify();
  await app.register(mollieEmulator, { prefix: '/mollie', state });
  base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/mollie`;
  const client = new Client({
    security: { apiKey: API_KEY },
    serverURL: base,
    retryConfig: { strategy: 'none' },
  });
  return {
    state,
    client,
    async close() {
      state.close();
      await app.close();
    },
  };
}

/** N Mollie customers with a valid card mandate each, made in the emulator's records (as first payments would). */
function mandates(state: MollieState, n: number): { customerId: string; mandateId: string }[] {
  const out = [];
  for (let i = 1; i <= n; i++) {
    const customerId = `cst_bench${i}`;
    state.store.customers.set(customerId, {
      id: customerId,
      mode: 'test',
      createdAt: Date.now(),
      name: `Bench ${i}`,
      email: `bench${i}@example.com`,
      locale: null,
      metadata: null,
    });
    out.push({ customerId, mandateId: createMandate(state.store, customerId, 'creditcard', 'test').id });
  }
  return out;
}

async function fill(db: Db['db'], cards: { customerId: string; mandateId: string }[], now: number) {
  await db.transaction().execute(async (trx) => {
    for (let first = 0; first < cards.length; first += CHUNK) {
      const part = cards.slice(first, first + CHUNK);
      const users = part.map((card, j) => ({
        id: first + j + 1,
        username: `bench${first + j + 1}`,
        email: `bench${first + j + 1}@example.com`,
        first_name: 'Bench',
        last_name: 'User',
        password_hash: 'x',
        role: 'customer',
        credits: 5 * 10_000,
        email_verified: 1,
        mollie_customer_id: card.customerId,
        language: ['en', 'cs', 'sk', 'de', 'fr'][(first + j) % 5] as string,
        time_zone: 'Europe/Prague',
        created_at: now,
        updated_at: now,
      }));
      await trx.insertInto('users').values(users).execute();
      await trx
        .insertInto('auto_top_ups')
        .values(
          part.map((card, j) => ({
            user_id: first + j + 1,
            status: 'on',
            threshold_units: 10 * 10_000,
            amount_credits: 500,
            monthly_cap_cents: 10_000,
            mandate_id: card.mandateId,
            first_order_id: null,
            billing_address: null,
            failed_at: null,
            updated_at: now,
          })),
        )
        .execute();
    }
  });
}

function contextOf(db: Db, mollie: Client, now: number): AppContext {
  return {
    db: db.db,
    dialect: db.dialect,
    now: () => now,
    mollie,
    config: { publicUrl: 'http://127.0.0.1:9' },
    log,
  } as unknown as AppContext;
}

/**
 * The floor: the same N recurring payments through the same client and concurrency, no database.
 * @returns wall clock and this process's CPU time, ms
 */
async function floor(n: number): Promise<{ wall: number; cpu: number }> {
  const mollie = await startMollie();
  try {
    const cards = mandates(mollie.state, n);
    let next = 0;
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const worker = async () => {
      while (next < cards.length) {
        const i = next++;
        const card = cards[i]!;
        await createRecurringPayment(mollie.client, {
          customerId: card.customerId,
          mandateId: card.mandateId,
          amountCents: 2061,
          description: `Falkenhost: auto top-up of 500 credits (order ${i + 1})`,
          webhookUrl: 'http://127.0.0.1:9/api/webhooks/mollie',
          metadata: { orderId: `floor-${i}` },
          idempotencyKey: `floor-${i}`,
        });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const wall = ms(start);
    const cpu = process.cpuUsage(cpuStart);
    return { wall, cpu: (cpu.user + cpu.system) / 1000 };
  } finally {
    await mollie.close();
  }
}

async function runOn(name: string, open: () => Promise<Opened>): Promise<void> {
  const { db, cleanup } = await open();
  const mollie = await startMollie();
  try {
    await migrateToLatest(db);
    const now = Date.now();
    await fill(db.db, mandates(mollie.state, CUSTOMERS), now);
    const ctx = contextOf(db, mollie.client, now);
    const floorBefore = await floor(CUSTOMERS);
    (globalThis as { gc?: () => void }).gc?.();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const result = await startAutoTopUps(ctx);
    const tickMs = ms(start);
    const cpu = process.cpuUsage(cpuStart);
    loop.disable();
    const again = await startAutoTopUps(ctx);
    const orders = await db.db
      .selectFrom('orders')
      .select(['user_id', 'public_id', 'mollie_payment_id', 'status'])
      .where('kind', '=', 'auto-top-up')
      .execute();
    const payments = mollie.state.payments().filter((p) => p.sequenceType === 'recurring');
    const byOrder = new Set(payments.map((p) => (p.metadata as { orderId: string }).orderId));
    const checks = [
      result.started === CUSTOMERS,
      again.started === 0,
      orders.length === CUSTOMERS,
      new Set(orders.map((o) => o.user_id)).size === CUSTOMERS,
      orders.every((o) => o.status === 'pending' && o.mollie_payment_id?.startsWith('tr_')),
      payments.length === CUSTOMERS && byOrder.size === CUSTOMERS,
      orders.every((o) => byOrder.has(o.public_id)),
    ];
    const floorAfter = await floor(CUSTOMERS);
    const floorMs = Math.min(floorBefore.wall, floorAfter.wall);
    const floorCpu = Math.min(floorBefore.cpu, floorAfter.cpu);
    const tickCpu = (cpu.user + cpu.system) / 1000;
    console.log(
      `${name}: ${fmt(CUSTOMERS)} customers crossing at once: tick ${fmt(tickMs)} ms ` +
        `(CPU ${fmt(tickCpu)} ms, loop max ${fmt(loop.max / 1e6)} ms), ` +
        `payments started ${fmt(result.started)}, second run ${again.started}, ` +
        `payments at Mollie ${fmt(payments.length)} for ${fmt(byOrder.size)} orders (doubled: ${payments.length - byOrder.size}); ` +
        `floor (the same ${fmt(CUSTOMERS)} Mollie creates, no database) ${fmt(floorBefore.wall)} ms before, ` +
        `${fmt(floorAfter.wall)} ms after (CPU ${fmt(floorCpu)} ms), tick/floor ${(tickMs / floorMs).toFixed(2)} ` +
        `(CPU ${(tickCpu / floorCpu).toFixed(2)}); checks ${checks.every(Boolean) ? 'ok' : `FAILED ${JSON.stringify(checks)}`}`,
    );
  } finally {
    await mollie.close();
    await cleanup();
  }
}

async function main(): Promise<void> {
  await floor(1_000); // warm-up, not printed: the SDK's and the emulator's code compiled before any figure
  if (DATABASES.includes('sqlite')) await runOn('SQLite', openSqlite);
  if (DATABASES.includes('postgres')) {
    const url = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
      ? process.env.DATABASE_URL
      : undefined;
    const cluster = url ? null : await startCluster();
    const target = url ?? cluster?.url;
    if (!target) console.log('PostgreSQL: skipped (no DATABASE_URL and no initdb)');
    else {
      try {
        await runOn('PostgreSQL', postgresOpener(target));
      } finally {
        cluster?.stop();
      }
    }
  }
}

await main();
