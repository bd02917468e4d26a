/**
 * A top-up and a renewal retry survive a kill at any step (docs/decisions/429-top-up-recovery.md,
 * 421-renewal-retry-payments.md), tested by killing the process: the tick's step runs in a child process
 * against the real database and a Mollie emulator that lives in this process (Mollie outlives the crash).
 * The emulator holds the payment create, before it makes the payment or after it made it and before its
 * answer goes out; the child is killed with SIGKILL; then this process's next runs take the intent up.
 * Nothing is charged twice, no paid top-up is lost and a paid retry ends the grace once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createMandate } from '@falkenhost/mollie-emulator/customers';
import mollieEmulator from '@falkenhost/mollie-emulator/plugin';
import { createMollieState, type MollieState } from '@falkenhost/mollie-emulator/state/state';
import Fastify, { type FastifyInstance } from 'fastify';
import { Client } from 'mollie-api-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollPendingPayments } from '../../src/orders/mollie-webhook';
import { runRenewalRetries } from '../../src/orders/renewals/renewal-retries';
import { TOP_UP_KIND } from '../../src/orders/top-ups/top-up-records';
import { reconcileTopUps } from '../../src/orders/top-ups/top-up-tick';
import { createClock, DAY_MS, MINUTE_MS } from '../../src/platform/clock';
import type { AppContext } from '../../src/platform/context';
import { type Db, openDatabase } from '../../src/platform/db/database';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { newUserPackage } from '../../src/platform/db/rows';
import { bundleWorker } from '../fixtures/bundled-worker';
import { DATABASES, insertCustomer } from '../harness';

const ROOT = resolve(import.meta.dirname, '../../..');
const WORKER = resolve(import.meta.dirname, '../fixtures/top-up-worker.ts');
const API_KEY = 'test_crashTopUpKey0000000000000000000';

describe.each(DATABASES)('a top-up killed mid-way on %s', (kind) => {
  let database: Db;
  let ctx: AppContext;
  let dir: string;
  let app: FastifyInstance;
  let mollie: MollieState;
  let base = '';
  let worker: Awaited<ReturnType<typeof bundleWorker>>;
  /** when set, the next payment create is held at this step until released */
  let hold: { at: 'before' | 'after'; reached: () => void; release: Promise<void> } | null = null;
  const clock = createClock();
  const schema = kind === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  let url: string;

  beforeAll(async () => {
    worker = await bundleWorker(WORKER);
    dir = mkdtempSync(join(tmpdir(), 'falkenhost-top-up-crash-'));
    url = kind === 'postgres' ? (process.env.DATABASE_URL as string) : `sqlite:${join(dir, 'crash.db')}`;
    database = await openDatabase(url, { schema });
    await migrateToLatest(database);
    mollie = createMollieState({
      publicUrl: () => base,
      apiKeys: [API_KEY],
      recurringAutoPaidAfterMs: null,
      now: clock.now,
    });
    app = Fastify();
    const held = (at: 'before' | 'after', method: string, path: string) =>
      hold?.at === at && method === 'POST' && /\/customers\/[^/]+\/payments$/.test(path);
    app.addHook('onRequest', async (request) => {
      if (!held('before', request.method, request.url) || !hold) return;
      hold.reached();
      await hold.release;
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      if (held('after', request.method, request.url) && hold) {
        hold.reached();
        await hold.release;
      }
      return payload;
    });
    await app.register(mollieEmulator, { prefix: '/mollie', state: mollie });
    base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/mollie`;
    const quiet = () => undefined;
    const log = { info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet, fatal: quiet };
    ctx = {
      db: database.db,
      dialect: database.dialect,
      mollie: new Client({ security: { apiKey: API_KEY }, serverURL: base }),
      // The invoice names the supplier; no staff webhook (top-ups notify no staff).
      config: { publicUrl: 'http://127.0.0.1:9', supplier: { name: 'Falkenhost' }, staffWebhookUrl: null },
      now: clock.now,
      log,
    } as unknown as AppContext;
  });
  afterAll(async () => {
    if (schema) await database?.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await database?.destroy();
    mollie?.close();
    await app?.close();
    worker?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A customer with a Mollie customer and a valid card mandate, `credits` whole credits. */
  async function mandated(
    credits: number,
  ): Promise<{ userId: number; customerId: string; mandateId: string }> {
    const name = `crash${randomBytes(4).toString('hex')}`;
    const userId = await insertCustomer(database.db, name, credits * 10_000, clock.now());
    const customerId = (
      await ctx.mollie.customers.create({ entityCustomer: { name, email: `${name}@example.com` } })
    ).id;
    const mandate = createMandate(mollie.store, customerId, 'creditcard', 'test');
    await database.db
      .updateTable('users')
      .set({ mollie_customer_id: customerId })
      .where('id', '=', userId)
      .execute();
    return { userId, customerId, mandateId: mandate.id };
  }

  /** A customer below their threshold with auto top-up on and a valid card mandate. */
  async function customer(): Promise<{ userId: number; customerId: string }> {
    const { userId, customerId, mandateId } = await mandated(5);
    await database.db
      .insertInto('auto_top_ups')
      .values({
        user_id: userId,
        status: 'on',
        threshold_units: 10 * 10_000,
        amount_credits: 25,
        monthly_cap_cents: 1_000,
        mandate_id: mandateId,
        first_order_id: null,
        billing_address: null,
        failed_at: null,
        updated_at: clock.now(),
      })
      .execute();
    return { userId, customerId };
  }

  /** A monthly card server in the grace of a failed renewal, its first retry due now. */
  async function serverInGrace(): Promise<{ serverId: number; customerId: string }> {
    const { userId, customerId, mandateId } = await mandated(0);
    const t = clock.now();
    const game = await database.db
      .insertInto('games')
      .values({
        name: `Crash ${userId}`,
        desktop: 1,
        console: 0,
        mobile: 0,
        priority: 1,
        active: 1,
        image_url: '/crash.png',
        thumbnail_url: '/crash.png',
        created_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pkg = await database.db
      .insertInto('packages')
      .values({
        name: `Crash package ${userId}`,
        game_id: game.id,
        credits_monthly: 200 * 10_000,
        thumbnail_url: '/crash.png',
        vcpu: 100,
        io: 500,
        slots: 10,
        storage_size: 10,
        ram_size: 2048,
        swap: 0,
        databases: 0,
        backups: 0,
        ports: 1,
        active: 1,
        created_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const server = await database.db
      .insertInto('user_packages')
      .values(
        newUserPackage({
          user_id: userId,
          package_id: pkg.id,
          name: 'Grace crash',
          billing_type: 'monthly',
          status: 'paid',
          egg_id: 1,
          nest_id: 1,
          location_id: 1,
          credits_monthly: 200 * 10_000,
          mollie_mandate_id: mandateId,
          monthly_amount_cents: 1_000,
          period_anchor: t - 30 * DAY_MS,
          periods_paid: 1,
          paid_until: t - DAY_MS,
          renewal_failed_at: t - DAY_MS,
          grace_until: t + 2 * DAY_MS,
          renewal_retry_at: t,
          created_at: t - 30 * DAY_MS,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return { serverId: server.id, customerId };
  }

  /** Runs the step in a child and kills it once the emulator holds its payment create at `at`. */
  async function killedAt(
    at: 'before' | 'after',
    step: 'top-up' | 'renewal-retry' = 'top-up',
  ): Promise<void> {
    let release!: () => void;
    let reached!: () => void;
    const reachedP = new Promise<void>((done) => {
      reached = done;
    });
    hold = { at, reached, release: new Promise<void>((done) => (release = done)) };
    const child: ChildProcess = spawn(process.execPath, [worker.file], {
      cwd: ROOT,
      env: {
        ...process.env,
        WORKER_DB: url,
        WORKER_SCHEMA: schema ?? '',
        WORKER_MOLLIE_URL: base,
        WORKER_MOLLIE_KEY: API_KEY,
        WORKER_NOW: String(clock.now()),
        WORKER_STEP: step,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<NodeJS.Signals | null>((done) =>
      child.on('exit', (_code, signal) => done(signal)),
    );
    const outcome = await Promise.race([reachedP.then(() => 'held'), exited.then(() => 'exited')]);
    if (outcome !== 'held') throw new Error(`the run did not reach Mollie:\n${output}`);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    hold = null;
    release();
  }

  const orders = (userId: number) =>
    database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', TOP_UP_KIND)
      .execute();
  const paymentsOf = (customerId: string) => mollie.payments().filter((p) => p.customerId === customerId);

  for (const at of ['before', 'after'] as const) {
    it(`killed ${at} Mollie made the payment: one payment, credited once`, async () => {
      const { userId, customerId } = await customer();
      await killedAt(at);
      const [intent] = await orders(userId);
      expect(intent).toMatchObject({ status: 'pending', mollie_payment_id: null });
      // Held after: Mollie made the payment the dead process never heard of.
      await expect.poll(() => paymentsOf(customerId).length).toBe(at === 'after' ? 1 : 0);
      // The next runs (the first after a start included) take the intent up.
      clock.advance(2 * MINUTE_MS);
      await reconcileTopUps(ctx);
      await reconcileTopUps(ctx);
      const [charged] = await orders(userId);
      expect(paymentsOf(customerId)).toHaveLength(1);
      expect(charged?.mollie_payment_id).toBe(paymentsOf(customerId)[0]?.id);
      mollie.setPaymentStatus(charged?.mollie_payment_id ?? '', 'paid');
      // No webhook reaches this test (the URL is nobody's): the read-back settles it.
      clock.advance(3 * MINUTE_MS);
      await reconcileTopUps(ctx);
      await reconcileTopUps(ctx);
      const [settled] = await orders(userId);
      expect(settled?.status).toBe('completed');
      const ledger = await database.db
        .selectFrom('credit_ledger')
        .select('amount')
        .where('user_id', '=', userId)
        .where('kind', '=', 'purchase')
        .execute();
      expect(ledger.map((r) => Number(r.amount))).toEqual([25 * 10_000]);
      const user = await database.db
        .selectFrom('users')
        .select('credits')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(Number(user.credits)).toBe(30 * 10_000);
    });
  }
  for (const at of ['before', 'after'] as const) {
    it(`a renewal retry killed ${at} Mollie made the payment: one payment, the grace ends once`, async () => {
      const { serverId, customerId } = await serverInGrace();
      await killedAt(at, 'renewal-retry');
      const retries = () =>
        database.db
          .selectFrom('orders')
          .selectAll()
          .where('user_package_id', '=', serverId)
          .where('kind', '=', 'renewal-retry')
          .execute();
      const [intent] = await retries();
      expect(intent).toMatchObject({ status: 'pending', mollie_payment_id: null });
      await expect.poll(() => paymentsOf(customerId).length).toBe(at === 'after' ? 1 : 0);
      // The next runs find the payment the dead process made (by its metadata) or make it, once.
      clock.advance(2 * MINUTE_MS);
      await runRenewalRetries(ctx);
      await runRenewalRetries(ctx);
      const [charged] = await retries();
      expect(paymentsOf(customerId)).toHaveLength(1);
      expect(charged?.mollie_payment_id).toBe(paymentsOf(customerId)[0]?.id);
      mollie.setPaymentStatus(charged?.mollie_payment_id ?? '', 'paid');
      // No webhook reaches this test: the hourly read-back settles it as the webhook would.
      clock.advance(11 * MINUTE_MS);
      await pollPendingPayments(ctx);
      const [settled] = await retries();
      expect(settled?.status).toBe('completed');
      const server = await database.db
        .selectFrom('user_packages')
        .select(['grace_until', 'periods_paid', 'status'])
        .where('id', '=', serverId)
        .executeTakeFirstOrThrow();
      expect(server).toEqual({ grace_until: null, periods_paid: 2, status: 'paid' });
      expect(paymentsOf(customerId)).toHaveLength(1);
    });
  }
});
