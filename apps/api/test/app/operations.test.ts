/**
 * Issue 11 "Operations": liveness and readiness, the Prometheus metrics behind their bearer token, the
 * OpenAPI 3.1 document and its reader (public in the demo, staff only in production), unknown API routes,
 * and graceful shutdown (requests in flight and the running job step finish, then the database closes,
 * within the deadline).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type ProductServer } from '../../src/app/server';
import { gracefulShutdown } from '../../src/app/shutdown';
import { signAccessToken } from '../../src/identity/tokens';
import { startJobs } from '../../src/jobs/scheduler';
import { runTick } from '../../src/jobs/tick';
import { HOUR_MS } from '../../src/platform/clock';
import { loadConfig } from '../../src/platform/config';
import { queueMail } from '../../src/platform/outbox';
import {
  DATABASES,
  grantCredits,
  insertCustomer,
  orderByCredits,
  type Product,
  registerVerified,
  startProduct,
  uniqueName,
} from '../harness';

/** A local port nothing listens on (the panel that cannot be reached). */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The value of one sample of the Prometheus text, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(product: Product, token = product.server.ctx.config.metricsToken): Promise<string> {
  const res = await fetch(`${product.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

describe.each(DATABASES)('operations on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind);
  });
  afterAll(async () => product?.close());

  it('answers GET /api/health with 200 ok', async () => {
    const res = await product.session().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers GET /api/ready with 200 when the database, migrations, panel and Mollie are fine', async () => {
    const res = await product.session().get('/api/ready');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', panel: 'ok', mollie: 'ok' },
    });
  });

  it('answers GET /api/ready with 503 naming the panel when the panel cannot be reached', async () => {
    const port = await closedPort();
    const unreachable = await startProduct(kind, {
      seed: false,
      configure: (config) => ({
        ...config,
        panel: { ...config.panel, url: `http://127.0.0.1:${port}` },
      }),
    });
    try {
      const res = await unreachable.session().get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'ok', panel: 'failed', mollie: 'ok' },
      });
      // Each server counts its own: the other server's traffic is not in this one's metrics.
      const text = await scrape(unreachable);
      expect(sample(text, 'falkenhost_webhooks_total', { outcome: 'invalid-id' }) ?? 0).toBe(0);
    } finally {
      await unreachable.close();
    }
  });

  it('refuses /metrics without the bearer token or with a wrong one (401)', async () => {
    const token = product.server.ctx.config.metricsToken;
    expect(token).toMatch(/^\S{32,}$/);
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${token}`, `Bearer ${token}x`]) {
      const res = await fetch(`${product.url}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(await res.json()).toEqual({ reason: 'unauthenticated' });
    }
  });

  it("serves Node's, Fastify's and the product's metrics with the token, counting what happened", async () => {
    // Traffic: a request, two webhook calls, an ordered server charged by a tick, a queued panel call
    // and a queued mail, both carried out by the tick.
    const session = product.session();
    await session.get('/api/health');
    await session.request('POST', '/api/webhooks/mollie', { id: 'not-a-payment' });
    await session.request('POST', '/api/webhooks/mollie', { id: 'tr_unknown123' });
    const customer = await registerVerified(product);
    await grantCredits(product, customer.username, 50);
    const serverId = await orderByCredits(customer.session, `Metrics ${uniqueName('srv')}`);
    const { db, now } = product.server.ctx;
    await db
      .insertInto('panel_tasks')
      .values({
        user_package_id: serverId,
        kind: 'power',
        payload: JSON.stringify({ signal: 'restart' }),
        status: 'pending',
        next_attempt_at: now(),
        last_error: null,
        created_at: now(),
        done_at: null,
      })
      .execute();
    await queueMail(db, customer.email, { subject: 'Metrics', text: 'text', html: '<p>html</p>' }, now());

    const before = await scrape(product);
    expect(sample(before, 'falkenhost_panel_queue_depth')).toBeGreaterThanOrEqual(1);
    product.advance(HOUR_MS);
    const tick = await runTick(product.server.ctx);
    expect(tick.billing.charged).toBeGreaterThanOrEqual(1);

    const text = await scrape(product);
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(sample(text, name), name).toBeDefined();
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/webhooks/mollie',
        status_code: '200',
      }),
    ).toBe(2);
    expect(sample(text, 'falkenhost_webhooks_total', { outcome: 'invalid-id' })).toBe(1);
    expect(sample(text, 'falkenhost_webhooks_total', { outcome: 'ignored' })).toBe(1);
    expect(sample(text, 'falkenhost_billing_tick_duration_seconds_count', { outcome: 'ok' })).toBe(1);
    expect(sample(text, 'falkenhost_billing_servers_charged_total')).toBe(tick.billing.charged);
    // The power call is made (a server still installing refuses it: a failure, retried later).
    const calls = (outcome: string) =>
      sample(text, 'falkenhost_panel_call_duration_seconds_count', { kind: 'power', outcome }) ?? 0;
    expect(tick.panel.done + tick.panel.failed).toBeGreaterThanOrEqual(1);
    expect(calls('ok')).toBe(tick.panel.done);
    expect(calls('failed')).toBe(tick.panel.failed);
    expect(sample(text, 'falkenhost_panel_call_failures_total', { kind: 'power' }) ?? 0).toBe(
      tick.panel.failed,
    );
    const pending = await db
      .selectFrom('panel_tasks')
      .where('status', '=', 'pending')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(sample(text, 'falkenhost_panel_queue_depth')).toBe(Number(pending.n));
    expect(sample(text, 'falkenhost_mails_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'falkenhost_mails_total', { outcome: 'failed' })).toBe(0);
    const completed = sample(text, 'falkenhost_orders', { kind: 'package-credits', status: 'completed' });
    const orders = await db
      .selectFrom('orders')
      .where('kind', '=', 'package-credits')
      .where('status', '=', 'completed')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(completed ?? 0).toBe(Number(orders.n));
    expect(text).toContain('# TYPE falkenhost_payments gauge');
  });

  it('limits how long a slow or idle client may hold a connection (docs/operations.md)', () => {
    const http = product.server.app.server;
    expect(http.headersTimeout).toBe(10_000);
    expect(http.requestTimeout).toBe(30_000);
    expect(http.keepAliveTimeout).toBe(72_000);
    expect(http.timeout).toBe(600_000);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const session = product.session();
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/nothing-here'],
      ['GET', '/api/private/nothing-here'],
      ['DELETE', '/api/public/store/nothing'],
    ] as const) {
      const res = await session.request(method, path, method === 'GET' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body).toEqual({ reason: 'not-found' });
    }
  });

  it('refuses a body over 1 MB with 413 before reading it into a route, public or private', async () => {
    const big = JSON.stringify({ email: 'a@b.example', password: 'x'.repeat(1024 * 1024 + 1) });
    for (const path of ['/api/auth/login', '/api/auth/register']) {
      const res = await fetch(`${product.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: big,
      });
      expect(res.status, path).toBe(413);
      expect(await res.json()).toEqual({ reason: 'validation', message: 'too-large' });
    }
    // A private route still asks who is calling first (authentication before validation).
    const anonymous = await fetch(`${product.url}/api/private/addons/buy-addon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(anonymous.status).toBe(401);
  });

  it('serves a valid OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await product.session().get('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/ready',
        '/api/public/store/games',
        '/api/public/store/games/packages',
        '/api/auth/login',
        '/api/private/servers/power',
      ]),
    );
    // Request bodies and answers come from the zod contracts.
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'captchaToken']),
    );
    expect(doc.paths['/api/ready'].get.responses).toHaveProperty('503');
    // The reader's own routes stay out of the document.
    expect(
      Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs') || p === '/api/openapi.json'),
    ).toEqual([]);
  });

  it('serves the reader at /api/docs from its own files under a strict CSP', async () => {
    for (const path of ['/api/docs', '/api/docs/']) {
      const res = await fetch(`${product.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'self'");
      const html = await res.text();
      // Every script and style sheet is ours, under /api/docs/static: nothing from a CDN.
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(assets.length).toBeGreaterThan(3);
      for (const asset of assets) {
        expect(asset, asset).not.toMatch(/^(https?:)?\/\//);
        const url = new URL(asset, `${product.url}${path}`);
        expect(url.pathname.startsWith('/api/docs/static/'), asset).toBe(true);
        expect((await fetch(url)).status, asset).toBe(200);
      }
    }
    const initializer = await (await fetch(`${product.url}/api/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain("resolveUrl('./json')");
    expect((await fetch(`${product.url}/api/docs/json`)).status).toBe(200);
  });
});

describe('operations in production (SQLite, no panel or Mollie reachable)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'falkenhost-ops-'));
  const servers: ProductServer[] = [];

  async function production(extra: Record<string, string> = {}): Promise<ProductServer> {
    const port = await closedPort();
    const config = loadConfig({
      APP_MODE: 'production',
      PUBLIC_URL: 'https://falkenhost.example',
      DATABASE_URL: `sqlite:${join(dir, `${uniqueName('prod')}.db`)}`,
      PANEL_URL: `http://127.0.0.1:${port}`,
      PANEL_APP_KEY: `ptla_${'a'.repeat(43)}`,
      PANEL_CLIENT_KEY: `ptlc_${'b'.repeat(43)}`,
      MOLLIE_API_KEY: `test_${'c'.repeat(30)}`,
      MOLLIE_API_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CAPTCHA_SECRET: 'x'.repeat(32),
      ACCESS_TOKEN_SECRET: 'y'.repeat(32),
      CODE_SECRET: 'z'.repeat(32),
      SUPPLIER_NAME: 'Falkenhost s.r.o.',
      SUPPLIER_ADDRESS: 'Vodičkova 1935/38|110 00 Praha 1',
      SUPPLIER_COMPANY_ID: '12345678',
      SUPPLIER_EMAIL: 'billing@falkenhost.example',
      UPLOAD_DIR: join(dir, 'uploads'),
      ...extra,
    });
    const server = await createServer(config, { logger: false });
    servers.push(server);
    return server;
  }

  /** An access cookie of a new user with this role, as a login past its 2FA sets it. */
  async function cookieOf(server: ProductServer, role: 'customer' | 'admin' | 'master'): Promise<string> {
    const { db, now, config } = server.ctx;
    const id = await insertCustomer(db, uniqueName(role), 0, now());
    await db.updateTable('users').set({ role }).where('id', '=', id).execute();
    const session = await db
      .insertInto('sessions')
      .values({
        user_id: id,
        token_hash: uniqueName('hash'),
        family: uniqueName('family'),
        mfa_passed: 1,
        expires_at: now() + HOUR_MS,
        rotated_at: null,
        revoked_at: null,
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .selectFrom('users')
      .select('token_version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const token = await signAccessToken(
      config.accessTokenSecret,
      { sub: id, sid: session.id, tv: user.token_version, mfa: true },
      now(),
    );
    return `fh_access=${token}`;
  }

  afterAll(async () => {
    for (const server of servers) await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the OpenAPI document and its reader for staff (admin, master)', async () => {
    const server = await production();
    const paths = [
      '/api/openapi.json',
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/static/swagger-ui.css',
    ];
    for (const url of paths) {
      const anonymous = await server.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toEqual({ reason: 'unauthenticated' });
    }
    const customer = await cookieOf(server, 'customer');
    for (const url of paths) {
      const res = await server.app.inject({ method: 'GET', url, headers: { cookie: customer } });
      expect(res.statusCode, url).toBe(403);
    }
    for (const role of ['admin', 'master'] as const) {
      const cookie = await cookieOf(server, role);
      for (const url of paths) {
        const res = await server.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, `${url} as ${role}`).toBe(200);
      }
      const doc = await server.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie } });
      expect(doc.json().servers).toEqual([{ url: 'https://falkenhost.example' }]);
    }
  });

  it('answers /metrics 404 without METRICS_TOKEN, and asks for the token when it is set', async () => {
    const without = await production();
    expect(without.ctx.config.metricsToken).toBeNull();
    expect((await without.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const token = 'm'.repeat(40);
    const withToken = await production({ METRICS_TOKEN: token });
    expect((await withToken.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const res = await withToken.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('falkenhost_panel_queue_depth 0');
  });

  it('is live but not ready when neither the panel nor Mollie answers', async () => {
    const server = await production();
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', migrations: 'ok', panel: 'failed', mollie: 'failed' },
    });
  });
});

describe.each(DATABASES)('graceful shutdown on %s', (kind) => {
  const quiet = { info: () => undefined, error: () => undefined };

  /** A product server with a slow route, listening on a free port. */
  async function slowServer() {
    const dir = mkdtempSync(join(tmpdir(), 'falkenhost-shutdown-'));
    const port = await closedPort();
    const config = loadConfig({
      APP_MODE: 'demo',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dir,
      DATABASE_URL: kind === 'postgres' ? process.env.DATABASE_URL : `sqlite:${join(dir, 'test.db')}`,
    });
    const schema = kind === 'postgres' ? `t_${uniqueName('shut').toLowerCase()}` : undefined;
    const server = await createServer(config, { logger: false, databaseSchema: schema });
    let entered!: () => void;
    const started = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // The request's work ends when the test says so (`finish`), not after a guessed time.
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    server.app.get('/slow', async () => {
      entered();
      await finished;
      return { done: true };
    });
    await server.app.listen({ port, host: '127.0.0.1' });
    const cleanUp = async () => {
      if (schema) {
        const { openDatabase } = await import('../../src/platform/db/database');
        const admin = await openDatabase(process.env.DATABASE_URL as string);
        await admin.db.schema.dropSchema(schema).ifExists().cascade().execute();
        await admin.destroy();
      }
      rmSync(dir, { recursive: true, force: true });
    };
    return { server, url: config.publicUrl, started, finish, cleanUp };
  }

  it('lets a request in flight and the running job step finish, then closes the database', async () => {
    const { server, url, started, finish, cleanUp } = await slowServer();
    const order: string[] = [];
    const inFlight = fetch(`${url}/slow`).then(async (res) => {
      order.push('request');
      return { status: res.status, body: await res.json() };
    });
    await started;
    let jobStepDone!: () => void;
    const jobStep = new Promise<void>((resolve) => {
      jobStepDone = resolve;
    });
    const jobs = { stop: () => jobStep.then(() => void order.push('jobs')) };
    let deadline = false;
    let closed = false;
    const t0 = Date.now();
    const done = gracefulShutdown({
      server,
      jobs,
      timeoutMs: 5_000,
      log: quiet,
      onDeadline: () => (deadline = true),
    }).then((result) => {
      closed = true;
      return result;
    });
    // No new requests: the port is closed (or a kept-alive connection is told 503).
    const late = await fetch(`${url}/api/health`).then(
      (res) => res.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    // Still open: the request and the job step are not done yet.
    expect(closed).toBe(false);
    finish();
    jobStepDone();
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    expect(await done).toBe(true);
    expect(deadline).toBe(false);
    // Closed as soon as the work was done, not at the end of the requests' grace (3 s here).
    expect(Date.now() - t0).toBeLessThan(2_500);
    expect(order.sort()).toEqual(['jobs', 'request']);
    await expect(server.ctx.db.selectFrom('users').select('id').execute()).rejects.toThrow();
    await cleanUp();
  });

  it('gives up at the deadline when something does not finish', async () => {
    const { server, cleanUp } = await slowServer();
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const t0 = Date.now();
    let deadlineAt = 0;
    const done = gracefulShutdown({
      server,
      jobs: { stop: () => stuck },
      timeoutMs: 300,
      log: quiet,
      onDeadline: () => {
        deadlineAt = Date.now();
      },
    });
    await vi.waitFor(() => expect(deadlineAt).toBeGreaterThan(0));
    expect(deadlineAt - t0).toBeGreaterThanOrEqual(290);
    release();
    expect(await done).toBe(false);
    await cleanUp();
  });

  it('stops the jobs after the step they are in and waits for it', async () => {
    const product = await startProduct(kind, { seed: false });
    try {
      const ctx = product.server.ctx;
      const runs = async () => {
        const { values } = await ctx.metrics!.tickDuration.get();
        return values
          .filter((v) => v.metricName === 'falkenhost_billing_tick_duration_seconds_count')
          .reduce((sum, v) => sum + v.value, 0);
      };
      const errors: unknown[] = [];
      const noop = () => undefined;
      const log = { info: noop, warn: noop, debug: noop, trace: noop, fatal: noop };
      const error = (...args: unknown[]) => void errors.push(args);
      const jobs = startJobs({ ...ctx, log: { ...log, error, child: () => ({ ...log, error }) } as never });
      // The start-up tick is running; stop returns once it has ended (finished, or stopped between steps).
      await jobs.stop();
      expect(await runs()).toBe(1);
      expect(errors).toEqual([]);
      // A stopped tick leaves nothing half done: the next run completes.
      await runTick(ctx);
      expect(await runs()).toBe(2);
    } finally {
      await product.close();
    }
  });
});
