/**
 * Integration test harness: the whole product server on a real port with the emulators mounted, a fresh
 * database per run (SQLite always; PostgreSQL too when DATABASE_URL points at one), and an HTTP session
 * with a cookie jar, so tests go through the real routes, real clients and real emulators.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { vi } from 'vitest';
import { seedDemoCatalogue } from '../src/app/seed/demo';
import { createServer, type ProductServer } from '../src/app/server';
import type { PanelKind } from '../src/panel/port';
import { createClock } from '../src/platform/clock';
import { type Config, loadConfig } from '../src/platform/config';

export type DatabaseKind = 'sqlite' | 'postgres';

/** The databases this run tests against. */
export const DATABASES: DatabaseKind[] = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** A port free on 127.0.0.1 at the moment of asking. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface Product {
  url: string;
  server: ProductServer;
  /** the PostgreSQL schema of this run (undefined on SQLite), for a second connection to the same data */
  databaseSchema?: string;
  /** moves the product's clock forward (codes, tokens, discounts) */
  advance(ms: number): void;
  session(): Session;
  close(): Promise<void>;
}

export async function startProduct(
  kind: DatabaseKind,
  options: {
    seed?: boolean;
    authRateLimit?: number;
    privateRateLimit?: number;
    /** changes the demo configuration before the server is built (e.g. a panel that cannot be reached) */
    configure?: (config: Config) => Config;
    /** the Mollie emulator refuses our (127.0.0.1) webhook URL with Mollie's 422, as real Mollie would */
    mollieStrictWebhookUrls?: boolean;
    /** the panel (PANEL_KIND) whose emulator the product drives; default pterodactyl */
    panel?: PanelKind;
  } = {},
): Promise<Product> {
  const clock = createClock();
  const dir = mkdtempSync(join(tmpdir(), 'falkenhost-test-'));
  const port = await freePort();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const loaded = loadConfig({
    APP_MODE: 'demo',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dir,
    DATABASE_URL: kind === 'postgres' ? process.env.DATABASE_URL : `sqlite:${join(dir, 'test.db')}`,
    RATE_LIMIT_PER_MINUTE: String(options.authRateLimit ?? 10_000),
    PRIVATE_RATE_LIMIT_PER_MINUTE: String(options.privateRateLimit ?? 10_000),
    ALTCHA_COST: '40',
    PANEL_KIND: options.panel ?? 'pterodactyl',
  });
  const config = options.configure ? options.configure(loaded) : loaded;
  const server = await createServer(config, {
    logger: false,
    clock,
    databaseSchema: kind === 'postgres' ? schema : undefined,
    emulatorTiming: {
      installSeconds: 0.2,
      statsIntervalMs: 100,
      tokenCheckIntervalMs: 100,
      webhookRetryDelaysMs: [0, 100, 200, 400],
    },
    socketRelay: { tokenCheckIntervalMs: 100, retryBaseMs: 50, retryMaxMs: 1_000, expiredGraceMs: 3_000 },
    mollieStrictWebhookUrls: options.mollieStrictWebhookUrls ?? false,
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  if (options.seed !== false) await seedDemoCatalogue(server.ctx);
  const url = config.publicUrl;
  return {
    url,
    server,
    databaseSchema: kind === 'postgres' ? schema : undefined,
    advance: (ms) => clock.advance(ms),
    session: () => new Session(url),
    async close() {
      if (kind === 'postgres') {
        await server.ctx.db.schema
          .dropSchema(schema)
          .ifExists()
          .cascade()
          .execute()
          .catch(() => undefined);
      }
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Tests read answer bodies loosely; the contracts' schemas check their shapes on the server. */
// biome-ignore lint/suspicious/noExplicitAny: a test's view of any JSON body
type Loose = any;

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like HTTP session: keeps cookies, sends JSON. */
export class Session {
  private cookies = new Map<string, string>();
  /** sent as Accept-Language when set, as the web client sends the page's language */
  acceptLanguage?: string;
  /** where requests go; a test may point the same session (its cookies) at another instance */
  constructor(public baseUrl: string) {}

  /** A JSON body is sent as JSON, a FormData as multipart/form-data (the staff's image uploads). */
  async request<T = Loose>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    if (this.acceptLanguage) headers['accept-language'] = this.acceptLanguage;
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = Loose>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = Loose>(path: string, body: unknown = {}) {
    return this.request<T>('POST', path, body);
  }
  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }
  /** the Cookie header this session sends (for a websocket opened beside it) */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Solves the product's ALTCHA challenge as the widget does and returns the base64 payload. */
export async function captchaToken(session: Session): Promise<string> {
  const { body: challenge } = await session.get('/api/auth/captcha');
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let counter = 0;
/** A unique valid username for a test. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** The latest code mailed to an address (captured mail in the demo). */
export async function mailedCode(session: Session, to: string): Promise<string> {
  const { body } = await session.get<{ to: string; text: string }[]>('/api/dev/mail');
  const mail = body.find((m) => m.to === to);
  const code = mail?.text.match(/^([A-Z0-9]{6})$/m)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** Registers, verifies the e-mail and returns the logged-in session. */
export async function registerVerified(
  product: Product,
  name = uniqueName(),
): Promise<{ session: Session; email: string; username: string }> {
  const session = product.session();
  const email = `${name.toLowerCase()}@example.com`;
  const res = await session.post('/api/auth/register', {
    username: name,
    firstName: 'Test',
    lastName: 'User',
    email,
    password: 'secret123',
    news_subscription: false,
    captchaToken: await captchaToken(session),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const verify = await session.post('/api/auth/verify-email', { token: await mailedCode(session, email) });
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status}`);
  return { session, email, username: name };
}

/**
 * Registers a verified user and makes it staff (`role` set in the database: no route gives the first
 * one), returning its logged-in session; the guard reads the role on every request.
 */
export async function registerStaff(
  product: Product,
  role: 'admin' | 'master',
  name = uniqueName(role),
): Promise<{ session: Session; email: string; username: string }> {
  const user = await registerVerified(product, name);
  await product.server.ctx.db
    .updateTable('users')
    .set({ role })
    .where('username', '=', user.username)
    .execute();
  return user;
}

/** Gives a user credits directly through the ledger (a test's stand-in for a paid order). */
export async function grantCredits(product: Product, username: string, credits: number): Promise<void> {
  const { db, now } = product.server.ctx;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const { applyLedgerEntry } = await import('../src/billing/ledger');
  await db.transaction().execute((trx) =>
    applyLedgerEntry(trx, {
      userId: user.id,
      amount: credits * 10_000,
      kind: 'admin',
      reference: `test-grant:${username}:${randomBytes(4).toString('hex')}`,
      now: now(),
    }),
  );
}

/** A package of a game offered in the store with its first location and egg, as the store dialog picks them. */
export async function packageOffer(session: Session, gameName: string, packageName: string) {
  const games = (await session.get('/api/public/store/games')).body;
  const game = games.find((g: { name: string }) => g.name === gameName);
  const packages = (await session.get(`/api/private/store/available-users-packages?gameId=${game.id}`)).body;
  const pkg = packages.find((p: { name: string }) => p.name === packageName);
  const locations = (await session.get(`/api/private/store/package-locations?packageId=${pkg.id}`)).body;
  return { game, pkg, location: locations[0], egg: pkg.eggs[0] as number };
}

/** A Minecraft package offered in the store with its first location and egg, as the store dialog picks them. */
export async function minecraftOffer(session: Session, name = 'Minecraft Starter') {
  return packageOffer(session, 'Minecraft', name);
}

/**
 * A new customer with 2 000 credits orders `packageName` of `gameName` by credits, with `variables`.
 * @returns the customer's session and the new server's user package id
 * @throws Error when the order is refused
 */
export async function newServer(
  product: Product,
  gameName: string,
  packageName: string,
  variables: Record<string, string> = {},
): Promise<{ session: Session; id: number }> {
  const { session, username } = await registerVerified(product);
  await grantCredits(product, username, 2_000);
  const { pkg, location, egg } = await packageOffer(session, gameName, packageName);
  const serverName = uniqueName('server');
  const res = await session.post('/api/private/store/package-by-credits', {
    serverName,
    packageId: pkg.id,
    eggId: egg,
    locationId: location.id,
    variables,
  });
  if (res.status !== 200) throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  const servers = (await session.get('/api/private/servers/owned-servers')).body;
  return { session, id: servers.find((s: { name: string }) => s.name === serverName).user_package_id };
}

/**
 * A complete billing address for credit and package orders (product.md "Validation rules": line 2 and state
 * optional).
 */
export const billingAddress = {
  addressLine1: 'Hlavní 1',
  addressLine2: '',
  city: 'Brno',
  postalCode: '60200',
  state: '',
  country: 'CZ',
};

/**
 * Orders a Minecraft package monthly by card through the store route, as the store dialog does.
 * @param extra fields that replace or add to the order's (e.g. a discount code)
 * @returns the route's answer (200 with the checkout `link` when accepted)
 */
export async function orderMonthly(session: Session, name: string, extra: Record<string, unknown> = {}) {
  const { pkg, location, egg } = await minecraftOffer(session);
  return session.post('/api/private/store/order-package', {
    ...billingAddress,
    referrer: '',
    discountCode: '',
    name,
    paymentMethod: 'creditCard',
    packageId: pkg.id,
    eggId: egg,
    locationId: location.id,
    addonIds: '[]',
    ...extra,
  });
}

/**
 * Orders a Minecraft package with credits through the store route, as the store dialog does.
 * @returns the new server's user package id
 * @throws Error when the order is refused
 */
export async function orderByCredits(
  session: Session,
  serverName: string,
  packageName = 'Minecraft Starter',
): Promise<number> {
  const { pkg, location, egg } = await minecraftOffer(session, packageName);
  const res = await session.post('/api/private/store/package-by-credits', {
    serverName,
    packageId: pkg.id,
    eggId: egg,
    locationId: location.id,
  });
  if (res.status !== 200) throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  const servers = (await session.get('/api/private/servers/owned-servers')).body;
  return servers.find((s: { name: string }) => s.name === serverName).user_package_id;
}

/**
 * A verified customer written straight into the database (tests that need many, or no web session).
 * @param credits balance in credit units (1/10 000 credit)
 * @returns the user id
 */
export async function insertCustomer(
  db: ProductServer['ctx']['db'],
  name: string,
  credits: number,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: name,
      email: `${name}@example.com`,
      first_name: 'Test',
      last_name: 'Customer',
      password_hash: 'x',
      role: 'customer',
      credits,
      email_verified: 1,
      referrer_id: null,
      ptero_user_id: null,
      mollie_customer_id: null,
      low_balance_warned_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Pays (or fails) a Mollie checkout as a person would, on the emulator's test checkout form. */
export async function payAtCheckout(link: string, status = 'paid'): Promise<void> {
  const res = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ status }),
    redirect: 'manual',
  });
  if (res.status >= 400) throw new Error(`checkout answered ${res.status}`);
}

/**
 * Reads until `ok` holds or `ms` pass (webhooks and jobs finish after the answer), through vitest's
 * `vi.waitFor`; returns the last read, so the caller's assertion says what was there instead.
 */
export async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 8_000): Promise<T> {
  let last: { value: T } | undefined;
  try {
    return await vi.waitFor(
      async () => {
        last = { value: await read() };
        if (!ok(last.value)) throw new Error('not yet');
        return last.value;
      },
      { timeout: ms, interval: 50 },
    );
  } catch (error) {
    if (last === undefined) throw error;
    return last.value;
  }
}

/** Every route and method of the running server, from Fastify's route tree (HEAD routes left out). */
export function routesOf(product: Product): { method: string; url: string }[] {
  const tree = product.server.app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    const url = (depth > 0 ? stack[depth - 1] : '') + match[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}
