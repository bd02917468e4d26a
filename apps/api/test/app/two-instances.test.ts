/**
 * The production topology of compose.yaml without containers (issue 11, part 5; docs/operations.md "Two
 * instances"): two product instances, each its own process running the real entry point (`src/app/main.ts`
 * through tsx) with APP_MODE=production, on one database (PostgreSQL when DATABASE_URL points at one,
 * and one SQLite file), with the Pterodactyl and Mollie emulators standalone on their own ports (in this
 * process) and mail going out over SMTP to a capture. The main flow is driven alternately through both;
 * then both run their jobs every second while the shared time moves on several hours, and every charge,
 * panel server, payment and invoice exists exactly once.
 *
 * Time: production has no movable clock, so the instances are started with `--import
 * fixtures/shifted-time.ts`, which adds the offset written in a file to `Date.now` (as libfaketime would);
 * the emulators here read the same offset. The jobs' timers keep real time (JOBS_INTERVAL_SECONDS=1).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { creditsToUnits, hourlyUnits } from '@falkenhost/contracts/money';
import mollieEmulator from '@falkenhost/mollie-emulator/plugin';
import { createMollieState, type MollieState } from '@falkenhost/mollie-emulator/state/state';
import { createPterodactylClient } from '@falkenhost/pterodactyl/client';
import { type RunningEmulator, startEmulator } from '@falkenhost/pterodactyl-emulator/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoCatalogue } from '../../src/app/seed/demo';
import { HOUR_MS, hourStart } from '../../src/platform/clock';
import type { AppContext } from '../../src/platform/context';
import { type Db, openDatabase } from '../../src/platform/db/database';
import { type SmtpCapture, startSmtpCapture } from '../fixtures/smtp-capture';
import {
  billingAddress,
  captchaToken,
  DATABASES,
  freePort,
  orderByCredits,
  payAtCheckout,
  Session,
  uniqueName,
  waitFor,
} from '../harness';

const ROOT = resolve(import.meta.dirname, '../../..');
const MAIN = resolve(import.meta.dirname, '../../src/app/main.ts');
const SHIFTED_TIME = resolve(import.meta.dirname, '../fixtures/shifted-time.ts');
const METRICS_TOKEN = randomBytes(24).toString('hex');
const MOLLIE_KEY = `test_${randomBytes(15).toString('hex')}`;
/** Minecraft Starter: 100 credits a month */
const HOURLY = hourlyUnits(creditsToUnits(100));
const BOUGHT = 50;

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** Starts `src/app/main.ts` in its own process and waits for its /api/health. */
async function startInstance(name: string, port: number, env: Record<string, string>): Promise<Instance> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', SHIFTED_TIME, MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  try {
    await vi.waitFor(
      async () => {
        if (gone) return;
        const ok = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ok) throw new Error(`instance ${name} not up yet`);
      },
      { timeout: 45_000, interval: 100 },
    );
  } catch {
    child.kill('SIGKILL');
    throw new Error(`instance ${name} did not start:\n${output.join('')}`);
  }
  if (gone) throw new Error(`instance ${name} exited at start:\n${output.join('')}`);
  return { name, url, child, output, exited };
}

/** One counter or gauge of an instance's /metrics, summed over the series matching `labels`. */
async function metric(instance: Instance, name: string, labels = ''): Promise<number> {
  const res = await fetch(`${instance.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^(\w+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match?.[1] === name && (match[2] ?? '').includes(labels)) sum += Number(match[3]);
  }
  return sum;
}

describe.each(DATABASES)('two production instances on one %s database', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'falkenhost-two-'));
  const offsetFile = join(dir, 'time-offset');
  let offset = 0;
  const now = () => Date.now() + offset;
  /** Moves the shared time of both instances and the emulators forward. */
  const advance = (ms: number) => {
    offset += ms;
    writeFileSync(offsetFile, String(offset));
  };
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let smtp: SmtpCapture;
  let panel: RunningEmulator;
  let mollie: { app: FastifyInstance; state: MollieState };
  let database: Db;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    // Ten minutes past the next full hour: the test's own minutes can never cross an hour by themselves.
    const real = Date.now();
    advance(hourStart(real) + HOUR_MS + 10 * 60_000 - real);

    smtp = await startSmtpCapture();
    panel = await startEmulator({ installSeconds: 0.2, statsIntervalMs: 500, now }, {});
    const molliePort = await freePort();
    const mollieUrl = `http://127.0.0.1:${molliePort}`;
    const mollieState = createMollieState({
      publicUrl: mollieUrl,
      apiKeys: [MOLLIE_KEY],
      webhookRetryDelaysMs: [0, 100, 200, 400],
      now,
    });
    const mollieApp = Fastify({ logger: false });
    await mollieApp.register(mollieEmulator, { state: mollieState });
    await mollieApp.listen({ port: molliePort, host: '127.0.0.1' });
    mollie = { app: mollieApp, state: mollieState };

    let databaseUrl: string;
    if (kind === 'postgres') {
      const base = process.env.DATABASE_URL as string;
      database = await openDatabase(base, { schema, poolSize: 2 }); // creates the schema
      databaseUrl = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    } else {
      databaseUrl = `sqlite:${join(dir, 'shared.db')}`;
    }

    const { applicationKey, clientKey } = panel.state.config;
    const env: Record<string, string> = {
      APP_MODE: 'production',
      DATABASE_URL: databaseUrl,
      PANEL_URL: panel.url,
      PANEL_APP_KEY: applicationKey,
      PANEL_CLIENT_KEY: clientKey,
      MOLLIE_API_KEY: MOLLIE_KEY,
      MOLLIE_API_URL: mollieUrl,
      SMTP_URL: smtp.url,
      CAPTCHA_SECRET: randomBytes(24).toString('hex'),
      ACCESS_TOKEN_SECRET: randomBytes(24).toString('hex'),
      CODE_SECRET: randomBytes(24).toString('hex'),
      ALTCHA_COST: '40',
      RATE_LIMIT_PER_MINUTE: '10000',
      PRIVATE_RATE_LIMIT_PER_MINUTE: '10000',
      SUPPLIER_NAME: 'Falkenhost s.r.o.',
      SUPPLIER_ADDRESS: 'Vodičkova 1935/38|110 00 Praha 1',
      SUPPLIER_COMPANY_ID: '12345678',
      SUPPLIER_EMAIL: 'billing@falkenhost.example',
      UPLOAD_DIR: join(dir, 'uploads'),
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      JOBS_INTERVAL_SECONDS: '1',
      SHUTDOWN_TIMEOUT_SECONDS: '10',
      FALKENHOST_TIME_OFFSET_FILE: offsetFile,
    };
    // As compose.yaml: the first instance migrates, the second starts once the first is healthy. Both name
    // the first as PUBLIC_URL, so Mollie's webhooks reach the first whichever instance took the order.
    const portA = await freePort();
    const publicUrl = `http://127.0.0.1:${portA}`;
    a = await startInstance('A', portA, { ...env, PUBLIC_URL: publicUrl });
    if (kind === 'sqlite') database = await openDatabase(databaseUrl);
    // Production seeds nothing: the catalogue an operator would enter, read from the panel like the demo's.
    const ctx = {
      db: database.db,
      now,
      panel: createPterodactylClient({ baseUrl: panel.url, applicationKey, clientKey }),
      publicCache: { clear: () => undefined },
    } as unknown as AppContext;
    await seedDemoCatalogue(ctx);
    b = await startInstance('B', await freePort(), { ...env, PUBLIC_URL: publicUrl });
  }, 120_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (instance && instance.child.exitCode === null) instance.child.kill('SIGKILL');
    }
    if (kind === 'postgres' && database) {
      await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
    }
    await database?.destroy();
    mollie?.state.close();
    await mollie?.app.close();
    await panel?.close();
    await smtp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Prints the instances' logs when an expectation fails. */
  const withLogs = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      for (const instance of [a, b])
        console.error(`--- instance ${instance?.name}:\n${instance?.output.join('')}`);
      throw error;
    }
  };

  it(
    'serves the main flow alternately through both instances and charges every hour once while both run the jobs',
    () =>
      withLogs(async () => {
        // Both instances are ready: database migrated, panel and Mollie reachable.
        for (const instance of [a, b]) {
          expect((await fetch(`${instance.url}/api/ready`)).status, instance.name).toBe(200);
        }

        // Register on A, verify the mailed code on B.
        const username = uniqueName('two');
        const email = `${username.toLowerCase()}@example.com`;
        const session = new Session(a.url);
        const register = await session.post('/api/auth/register', {
          username,
          firstName: 'Test',
          lastName: 'User',
          email,
          password: 'secret123',
          news_subscription: false,
          captchaToken: await captchaToken(session),
        });
        expect(register.status, JSON.stringify(register.body)).toBe(201);
        const mail = await waitFor(
          async () => smtp.mails.find((m) => m.to.includes(email)),
          (m) => m !== undefined,
        );
        const code = mail?.text.match(/^([A-Z0-9]{6})$/m)?.[1];
        expect(code, mail?.text).toBeDefined();
        session.baseUrl = b.url;
        expect(await session.post('/api/auth/verify-email', { token: code })).toMatchObject({
          status: 200,
          body: { email_verified: true },
        });

        // Log in on A (a new browser).
        const customer = new Session(a.url);
        const login = await customer.post('/api/auth/login', {
          email,
          password: 'secret123',
          captchaToken: await captchaToken(customer),
        });
        expect(login.status, JSON.stringify(login.body)).toBe(200);

        // Buy credits on B; the checkout is paid and Mollie calls the webhook at A; both see the balance.
        customer.baseUrl = b.url;
        const order = await customer.post('/api/private/store/order-credits', {
          ...billingAddress,
          referrer: '',
          discountCode: '',
          creditsAmount: BOUGHT,
          paymentMethod: 'creditCard',
        });
        expect(order.status, JSON.stringify(order.body)).toBe(200);
        await payAtCheckout(order.body.link);
        for (const instance of [a, b]) {
          customer.baseUrl = instance.url;
          const credits = await waitFor(
            async () => (await customer.get('/api/private/credits')).body.credits,
            (c) => c === BOUGHT,
          );
          expect(credits, instance.name).toBe(BOUGHT);
        }
        // Mollie retries, and a webhook may reach either instance: the same payment, told to both at once.
        const payments = mollie.state.payments();
        expect(payments).toHaveLength(1);
        const paymentId = payments[0]!.id;
        const replays = await Promise.all(
          [a, b, a, b, a, b].map((instance) =>
            fetch(`${instance.url}/api/webhooks/mollie`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ id: paymentId }),
            }),
          ),
        );
        expect(replays.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);

        // An hourly server ordered on A, another on B; each is seen provisioned and running on the other.
        customer.baseUrl = a.url;
        const first = await orderByCredits(customer, 'two-a');
        customer.baseUrl = b.url;
        const second = await orderByCredits(customer, 'two-b');
        for (const [id, other] of [
          [first, b],
          [second, a],
        ] as const) {
          customer.baseUrl = other.url;
          const server = (await customer.get('/api/private/servers/owned-servers')).body.find(
            (s: { user_package_id: number }) => s.user_package_id === id,
          );
          expect(server, other.name).toMatchObject({ billing_type: 'hourly', status: 'paid' });
          expect(server.ptero_server_uuid).toMatch(/^[0-9a-f-]{36}$/);
          const socket = await waitFor(
            () => customer.get(`/api/private/servers/websocket-token?id=${id}`),
            (r) => r.status === 200,
          );
          expect(socket.status, JSON.stringify(socket.body)).toBe(200);
        }
        expect(await credits()).toBe(BOUGHT - (2 * HOURLY) / 10_000);

        // Several hours go by (one jump of three): both instances run every job each second meanwhile.
        const user = await database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow();
        const serverHours = async () =>
          database.db
            .selectFrom('credit_ledger')
            .select(['reference', 'amount'])
            .where('user_id', '=', user.id)
            .where('kind', '=', 'server-hour')
            .execute();
        const ticks = async (instance: Instance) =>
          metric(instance, 'falkenhost_billing_tick_duration_seconds_count', 'outcome="ok"');
        let hours = 0;
        for (const step of [1, 1, 3, 1]) {
          advance(step * HOUR_MS);
          hours += step;
          const before = await Promise.all([a, b].map(ticks));
          const charged = await waitFor(serverHours, (rows) => rows.length >= 2 * hours, 15_000);
          expect(charged.length).toBeGreaterThanOrEqual(2 * hours);
          // Both instances run the jobs at least twice more on the new hour, then nothing more is charged.
          await waitFor(
            () => Promise.all([a, b].map(ticks)),
            (after) => after.every((n, i) => n >= before[i]! + 2),
            15_000,
          );
          expect((await serverHours()).length, `after ${hours} hours`).toBe(2 * hours);
        }

        // Exactly one charge per server and hour: the hours after each order's own, in order.
        const rows = await serverHours();
        const orderedAt = await database.db
          .selectFrom('credit_ledger')
          .select(['reference', 'created_at'])
          .where('user_id', '=', user.id)
          .where('kind', '=', 'server-order')
          .execute();
        expect(orderedAt).toHaveLength(2);
        for (const id of [first, second]) {
          const own = rows
            .filter((r) => r.reference.startsWith(`server-hour:${id}:`))
            .map((r) => Number(r.reference.split(':')[2]))
            .sort((x, y) => x - y);
          const orderHour = hourStart(
            orderedAt.find((o) => o.reference.includes(String(id)))?.created_at ?? 0,
          );
          expect(own).toEqual(Array.from({ length: hours }, (_, i) => orderHour + (i + 1) * HOUR_MS));
          expect(
            rows
              .filter((r) => r.reference.startsWith(`server-hour:${id}:`))
              .every((r) => r.amount === -HOURLY),
          ).toBe(true);
        }
        // The balance: bought less every hour of both servers (their first hour at the order).
        const expected = BOUGHT * 10_000 - 2 * (hours + 1) * HOURLY;
        const balance = await database.db
          .selectFrom('users')
          .select('credits')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(Number(balance.credits)).toBe(expected);
        const ledger = await database.db
          .selectFrom('credit_ledger')
          .select(['kind', 'amount'])
          .where('user_id', '=', user.id)
          .execute();
        expect(ledger.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(expected);
        expect(ledger.filter((r) => r.kind === 'purchase')).toHaveLength(1);
        for (const instance of [a, b]) {
          customer.baseUrl = instance.url;
          expect(await credits(), instance.name).toBe(expected / 10_000);
        }
        // What each instance charged adds up to the ledger (however the hours fell between them).
        const chargedBy = await Promise.all(
          [a, b].map((i) => metric(i, 'falkenhost_billing_servers_charged_total')),
        );
        expect(chargedBy[0]! + chargedBy[1]!).toBe(2 * hours);

        // One panel server per order, one order, payment and invoice per Mollie payment.
        const panelServers = panel.state.servers().filter((s) => s.name === 'two-a' || s.name === 'two-b');
        expect(panelServers.map((s) => s.external_id).sort()).toEqual(
          [`falkenhost-server-${first}`, `falkenhost-server-${second}`].sort(),
        );
        const orders = await database.db
          .selectFrom('orders')
          .select(['id', 'kind', 'status', 'mollie_payment_id'])
          .where('user_id', '=', user.id)
          .where('kind', '=', 'credits')
          .execute();
        expect(orders).toEqual([
          expect.objectContaining({ status: 'completed', mollie_payment_id: paymentId }),
        ]);
        const invoices = await database.db
          .selectFrom('invoices')
          .select('id')
          .where('order_id', '=', orders[0]!.id)
          .execute();
        expect(invoices).toHaveLength(1);
        expect(mollie.state.payments()).toHaveLength(1);

        // The balance runs out during one long jump: both instances race through the hours, batch by batch,
        // until it cannot pay an hour; each server is suspended once, on the panel too, and mailed once.
        advance(200 * HOUR_MS);
        const suspended = await waitFor(
          () =>
            database.db
              .selectFrom('user_packages')
              .select(['id', 'status'])
              .where('user_id', '=', user.id)
              .execute(),
          (list) => list.every((s) => s.status === 'suspended'),
          30_000,
        );
        expect(suspended.map((s) => s.status)).toEqual(['suspended', 'suspended']);
        const allHours = await serverHours();
        for (const id of [first, second]) {
          const own = allHours
            .filter((r) => r.reference.startsWith(`server-hour:${id}:`))
            .map((r) => Number(r.reference.split(':')[2]))
            .sort((x, y) => x - y);
          const orderHour = hourStart(
            orderedAt.find((o) => o.reference.includes(String(id)))?.created_at ?? 0,
          );
          // every hour from the order's on, once, without a gap
          expect(own).toEqual(Array.from({ length: own.length }, (_, i) => orderHour + (i + 1) * HOUR_MS));
          expect(own.length).toBeGreaterThan(hours);
          expect(own.length).toBeLessThan(hours + 200);
        }
        const left = Number(
          (
            await database.db
              .selectFrom('users')
              .select('credits')
              .where('id', '=', user.id)
              .executeTakeFirstOrThrow()
          ).credits,
        );
        expect(left).toBe(BOUGHT * 10_000 - (2 + allHours.length) * HOURLY);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBeLessThan(HOURLY);
        const panelStates = await waitFor(
          async () =>
            panel.state
              .servers()
              .filter((s) => s.name === 'two-a' || s.name === 'two-b')
              .map((s) => s.status),
          (list) => list.every((status) => status === 'suspended'),
          15_000,
        );
        expect(panelStates).toEqual(['suspended', 'suspended']);
        const tasks = await database.db
          .selectFrom('panel_tasks')
          .select(['user_package_id', 'kind', 'status'])
          .where('user_package_id', 'in', [first, second])
          .execute();
        expect(
          tasks
            .filter((t) => t.kind === 'suspend')
            .map((t) => t.user_package_id)
            .sort(),
        ).toEqual([first, second].sort());
        // Every queued mail went out exactly once (plus the registration code, which is sent at once).
        const outbox = await waitFor(
          () =>
            database.db
              .selectFrom('mail_outbox')
              .select(['subject', 'sent_at'])
              .where('to_address', '=', email)
              .execute(),
          (list) => list.every((m) => m.sent_at !== null),
          15_000,
        );
        expect(outbox.every((m) => m.sent_at !== null)).toBe(true);
        expect(outbox.length).toBeGreaterThanOrEqual(3); // the receipt and two suspensions at least
        expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1 + outbox.length);

        // Neither instance logged an error (a job failing on a lock, a webhook answered 500, a panel call).
        for (const instance of [a, b]) {
          const errors = instance.output
            .join('')
            .split('\n')
            .filter((line) => /"level":(50|60)/.test(line));
          expect(errors, instance.name).toEqual([]);
        }

        // Both stop gracefully on SIGTERM.
        for (const instance of [a, b]) instance.child.kill('SIGTERM');
        expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);

        async function credits(): Promise<number> {
          await customer.post('/api/auth/refresh-token');
          return (await customer.get('/api/private/credits')).body.credits;
        }
      }),
    90_000,
  );
});
