/**
 * An order survives a crash at any step (money-and-billing.md "Provisioning"), tested by killing the process:
 * an order runs in a child process against the real database and a panel emulator that lives in this process
 * (the panel outlives the crash, as a real one does). The panel holds one of the order's calls, the child is
 * killed with SIGKILL, the panel then finishes the call, and the next start's recovery settles the order:
 * adopted when the panel made the server, refunded when it did not. Nothing is charged without a server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoCatalogue } from '../../src/app/seed/demo';
import { ORDER_LEASE_MS, reconcileCardOrders } from '../../src/orders/checkout/card-order-advance';
import { PROVISIONING_STALE_MS, recoverProvisioning } from '../../src/orders/checkout/package-by-credits';
import type { PackageCardDetails } from '../../src/orders/records/card-order-details';
import { createClock } from '../../src/platform/clock';
import type { AppContext } from '../../src/platform/context';
import { type Db, openDatabase } from '../../src/platform/db/database';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { newUserPackage } from '../../src/platform/db/rows';
import { createPublicCache } from '../../src/platform/requests/public-cache';
import { bundleWorker } from '../fixtures/bundled-worker';
import { insertCustomer } from '../harness';
import { PANEL_CASES, panelClientOf, type StandalonePanel, startPanelEmulator } from '../panels';

const ROOT = resolve(import.meta.dirname, '../../..');
const WORKER = resolve(import.meta.dirname, '../fixtures/order-worker.ts');

describe.each(PANEL_CASES)('an order killed mid-way on $db, $panel', ({ db: kind, panel: panelKind }) => {
  let panel: StandalonePanel;
  let locationId: number;
  let database: Db;
  let ctx: AppContext;
  let dir: string;
  const clock = createClock();
  const schema = kind === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  let url: string;
  let worker: Awaited<ReturnType<typeof bundleWorker>>;

  beforeAll(async () => {
    worker = await bundleWorker(WORKER);
    panel = await startPanelEmulator(panelKind, { installSeconds: 0.1, statsIntervalMs: 100 });
    dir = mkdtempSync(join(tmpdir(), 'falkenhost-crash-'));
    url = kind === 'postgres' ? (process.env.DATABASE_URL as string) : `sqlite:${join(dir, 'crash.db')}`;
    database = await openDatabase(url, { schema });
    await migrateToLatest(database);
    const quiet = () => undefined;
    const log = { info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet, fatal: quiet };
    ctx = {
      db: database.db,
      dialect: database.dialect,
      panel: panelClientOf(panel),
      publicCache: createPublicCache(),
      // No staff webhook: the order paths queue no staff notification (platform/staff-webhook.ts).
      config: { staffWebhookUrl: null },
      now: clock.now,
      clock,
      log,
    } as unknown as AppContext;
    await seedDemoCatalogue(ctx);
    locationId = (await ctx.panel.listLocations())[0]!.id;
  });
  afterAll(async () => {
    if (schema) await database?.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await database?.destroy();
    await panel?.close();
    worker?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  async function customer(): Promise<number> {
    return insertCustomer(ctx.db, `crash${randomBytes(4).toString('hex')}`, 100_000, clock.now());
  }

  async function orderBody() {
    const pkg = await ctx.db
      .selectFrom('packages')
      .select('id')
      .where('name', '=', 'Minecraft Starter')
      .executeTakeFirstOrThrow();
    const egg = await ctx.db
      .selectFrom('package_eggs')
      .select('egg_id')
      .where('package_id', '=', pkg.id)
      .executeTakeFirstOrThrow();
    return {
      serverName: 'crashed',
      packageId: pkg.id,
      eggId: egg.egg_id,
      locationId,
      addonIds: [],
      variables: {},
    };
  }

  /**
   * Starts the order in a child process and kills it once the panel holds the matching call.
   * @param cardOrderId a paid card order to carry forward instead of a new order by credits
   */
  async function orderKilledAt(
    userId: number,
    method: string,
    path: RegExp,
    cardOrderId?: number,
  ): Promise<void> {
    const hold = panel.state.holdNext(method, path);
    const child: ChildProcess = spawn(process.execPath, [worker.file], {
      cwd: ROOT,
      env: {
        ...process.env,
        WORKER_DB: url,
        WORKER_SCHEMA: schema ?? '',
        WORKER_PANEL_KIND: panel.kind,
        WORKER_PANEL_URL: panel.url,
        WORKER_APP_KEY: panel.applicationKey,
        WORKER_CLIENT_KEY: panel.clientKey,
        WORKER_USER: String(userId),
        WORKER_ORDER: JSON.stringify(await orderBody()),
        WORKER_CARD_ORDER: cardOrderId === undefined ? '' : String(cardOrderId),
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
    const outcome = await Promise.race([hold.reached.then(() => 'held'), exited.then(() => 'exited')]);
    if (outcome !== 'held') throw new Error(`the order did not reach the panel call:\n${output}`);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // The panel finishes what it received (the held call makes a user or a server), whoever is listening.
    const made = () => panel.state.db.users.length + panel.state.db.servers.length;
    const before = made();
    hold.release();
    await expect.poll(made).toBe(before + 1);
  }

  /** The panel's server of an order, once the panel has finished making it (up to 10 s). */
  async function panelServerOf(userPackageId: number) {
    const externalId = `falkenhost-server-${userPackageId}`;
    return vi
      .waitFor(
        () => {
          const made = panel.servers().find((s) => s.external_id === externalId);
          if (!made) throw new Error(`no panel server ${externalId}`);
          return made;
        },
        { timeout: 10_000, interval: 100 },
      )
      .catch(() => undefined);
  }

  async function state(userId: number) {
    const server = await ctx.db
      .selectFrom('user_packages')
      .select(['id', 'status', 'ptero_server_id'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const { credits } = await ctx.db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { server, credits: Number(credits) };
  }

  it('refunds an order killed before the panel made its server', async () => {
    const userId = await customer();
    await orderKilledAt(userId, 'POST', /\/api\/application\/users$/);
    const crashed = await state(userId);
    expect(crashed.server.status).toBe('provisioning');
    expect(crashed.credits).toBe(100_000 - 1_370);

    clock.advance(PROVISIONING_STALE_MS + 1_000);
    expect(await recoverProvisioning(ctx)).toEqual({ adopted: 0, refunded: 1 });
    const after = await state(userId);
    expect(after.server.status).toBe('failed');
    expect(after.credits).toBe(100_000);
    expect(panel.servers().some((s) => s.external_id === `falkenhost-server-${after.server.id}`)).toBe(false);
  });

  it('adopts the server of an order killed while the panel was making it', async () => {
    const userId = await customer();
    await orderKilledAt(userId, 'POST', /\/api\/application\/servers$/);
    const crashed = await state(userId);
    expect(crashed.server.status).toBe('provisioning');
    const made = await panelServerOf(crashed.server.id);
    expect(made).toBeDefined();

    clock.advance(PROVISIONING_STALE_MS + 1_000);
    expect(await recoverProvisioning(ctx)).toEqual({ adopted: 1, refunded: 0 });
    const after = await state(userId);
    expect(after.server).toMatchObject({ status: 'paid', ptero_server_id: made?.id });
    expect(after.credits).toBe(100_000 - 1_370);
  });

  /**
   * A card order as the paid webhook leaves it (orders/checkout/card-payment.ts `settleFirstPayment`): the order
   * paid, its server row provisioning.
   * @returns the order's and the server row's ids
   */
  async function paidCardOrder(userId: number): Promise<{ orderId: number; userPackageId: number }> {
    const body = await orderBody();
    const nest = await ctx.db
      .selectFrom('package_eggs')
      .select('nest_id')
      .where('package_id', '=', body.packageId)
      .where('egg_id', '=', body.eggId)
      .executeTakeFirstOrThrow();
    const t = clock.now();
    const up = await ctx.db
      .insertInto('user_packages')
      .values(
        newUserPackage({
          user_id: userId,
          package_id: body.packageId,
          name: 'crashed card',
          billing_type: 'monthly',
          status: 'provisioning',
          egg_id: body.eggId,
          nest_id: nest.nest_id,
          location_id: body.locationId,
          credits_monthly: 1_000_000,
          created_at: t,
          period_anchor: t,
          periods_paid: 1,
          paid_until: t + 30 * 86_400_000,
          monthly_amount_cents: 412,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const details: Partial<PackageCardDetails> = {
      serverName: 'crashed card',
      packageId: body.packageId,
      eggId: body.eggId,
      nestId: nest.nest_id,
      locationId: body.locationId,
      addonIds: [],
      monthlyUnits: 1_000_000,
    };
    const order = await ctx.db
      .insertInto('orders')
      .values({
        public_id: randomBytes(16).toString('hex'),
        user_id: userId,
        kind: 'package-card',
        status: 'paid',
        credits_amount: 0,
        amount_cents: 412,
        fee_cents: 32,
        discount_id: null,
        discount_bp: 0,
        payment_method: 'creditCard',
        mollie_payment_id: `tr_crash${randomBytes(4).toString('hex')}`,
        user_package_id: up.id,
        details: JSON.stringify(details),
        created_at: t,
        completed_at: null,
        locked_until: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { orderId: order.id, userPackageId: up.id };
  }

  it('a paid card order killed while the panel made its server is adopted by the next run of the jobs', async () => {
    const userId = await customer();
    const { orderId, userPackageId } = await paidCardOrder(userId);
    await orderKilledAt(userId, 'POST', /\/api\/application\/servers$/, orderId);
    const made = await panelServerOf(userPackageId);
    expect(made).toBeDefined();
    // The dead process's lease runs out; then the jobs carry the order forward.
    clock.advance(ORDER_LEASE_MS + 1_000);
    await reconcileCardOrders(ctx);
    const server = await ctx.db
      .selectFrom('user_packages')
      .select(['status', 'ptero_server_id'])
      .where('id', '=', userPackageId)
      .executeTakeFirstOrThrow();
    expect(server).toEqual({ status: 'paid', ptero_server_id: made?.id });
    const order = await ctx.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('completed');
    expect(
      panel.servers().filter((s) => s.external_id === `falkenhost-server-${userPackageId}`),
    ).toHaveLength(1);
  });

  it('a paid card order killed before the panel made its server gets it from the next run of the jobs', async () => {
    const userId = await customer();
    const { orderId, userPackageId } = await paidCardOrder(userId);
    await orderKilledAt(userId, 'POST', /\/api\/application\/users$/, orderId);
    expect(panel.servers().some((s) => s.external_id === `falkenhost-server-${userPackageId}`)).toBe(false);
    clock.advance(ORDER_LEASE_MS + 1_000);
    await reconcileCardOrders(ctx);
    const server = await ctx.db
      .selectFrom('user_packages')
      .select(['status'])
      .where('id', '=', userPackageId)
      .executeTakeFirstOrThrow();
    expect(server.status).toBe('paid');
    expect(
      panel.servers().filter((s) => s.external_id === `falkenhost-server-${userPackageId}`),
    ).toHaveLength(1);
  });
});
