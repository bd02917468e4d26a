/**
 * Who may call what (issue 10 "Authorization proven"; docs/authorization.md): every route the server
 * registers under /api, read from Fastify's route table so a new route cannot be forgotten, is called as
 * anonymous, a login waiting for its 2FA code, an unverified customer, a customer, an admin and a master,
 * and each answer is 401/403 exactly when the table below says that caller may not use the route. Then a
 * second customer calls every route that names a server with the first customer's server: 404, and no
 * answer carries the first customer's data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captchaToken,
  DATABASES,
  grantCredits,
  orderByCredits,
  type Product,
  registerVerified,
  routesOf,
  type Session,
  startProduct,
  uniqueName,
} from '../harness';

/**
 * - public: anyone
 * - link: anyone; a mailed link's token is the proof (update-user-execute)
 * - session: any login, also one waiting for its 2FA code or an unverified e-mail
 * - account: a login past its 2FA code, e-mail verified or not
 * - verified: a login past 2FA with a verified e-mail (customer, admin, master)
 * - admin: admin or master; master: master only
 */
type Level = 'public' | 'link' | 'session' | 'account' | 'verified' | 'admin' | 'master';
type Caller = 'anonymous' | 'pending2fa' | 'unverified' | 'customer' | 'admin' | 'master';

/** The table of docs/authorization.md. Keys: `METHOD path` as Fastify registers them. */
const ROUTE_ACCESS: Record<string, Level> = {
  'GET /api/auth/captcha': 'public',
  'GET /api/auth/captcha-provider': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/refresh-token': 'session',
  'GET /api/auth/me': 'session',
  'POST /api/auth/2fa': 'session',
  'POST /api/auth/resend-2fa': 'session',
  'POST /api/auth/verify-email': 'account',
  'POST /api/auth/resend-email-verification': 'account',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/resend-reset-password': 'public',
  'POST /api/auth/verify-reset-password': 'public',
  'POST /api/auth/update-password': 'public',
  'GET /api/public/store/games': 'public',
  'GET /api/public/store/games/packages': 'public',
  'GET /api/public/links': 'public',
  'GET /api/public/site/partners': 'public',
  'GET /api/public/site/company': 'public',
  'GET /api/public/site/documents/:lang/:document': 'public',
  'GET /api/private/credits': 'verified',
  'GET /api/private/store/order-status': 'verified',
  'POST /api/private/store/order-credits': 'verified',
  'POST /api/private/store/order-package': 'verified',
  'GET /api/private/store/referrer': 'verified',
  'POST /api/private/store/referrer': 'verified',
  'GET /api/private/store/available-users-packages': 'verified',
  'GET /api/private/store/packages-additional-data': 'verified',
  'GET /api/private/store/package-addons': 'verified',
  'GET /api/private/store/package-locations': 'verified',
  'GET /api/private/store/package-variables': 'verified',
  'POST /api/private/store/package-by-credits': 'verified',
  'POST /api/private/store/discount-verification': 'verified',
  'GET /api/private/servers/owned-servers': 'verified',
  'GET /api/private/servers/server-count': 'verified',
  'GET /api/private/servers/schedule': 'verified',
  'POST /api/private/servers/schedule': 'verified',
  'DELETE /api/private/servers/schedule': 'verified',
  'GET /api/private/servers/websocket-token': 'verified',
  'GET /api/private/servers/variables': 'verified',
  'PUT /api/private/servers/variables': 'verified',
  // The live-stats relay's websocket (its plain GET answers 404); the credential is checked in its frames.
  'GET /api/private/servers/socket': 'verified',
  'POST /api/private/servers/power': 'verified',
  'POST /api/private/servers/unsuspend-server': 'verified',
  'POST /api/private/servers/pay-renewal': 'verified',
  'POST /api/private/servers/cancel-server': 'verified',
  'GET /api/private/addons/available-for-change': 'verified',
  'POST /api/private/addons/buy-addon': 'verified',
  'DELETE /api/private/addons/remove-addon': 'verified',
  'GET /api/private/packages/available-for-change': 'verified',
  'POST /api/private/packages/change-package': 'verified',
  'GET /api/private/billing/invoices': 'verified',
  'GET /api/private/billing/invoices/:id/pdf': 'verified',
  'GET /api/private/billing/ledger': 'verified',
  'GET /api/private/billing/auto-top-up': 'verified',
  'PUT /api/private/billing/auto-top-up': 'verified',
  'GET /api/private/users/me': 'verified',
  'PUT /api/private/users/me/newsletter': 'verified',
  'PUT /api/private/users/me/2fa': 'verified',
  'PUT /api/private/users/me/update-password': 'verified',
  'PUT /api/private/users/me/update-user': 'verified',
  'PUT /api/private/users/me/update-user-execute': 'link',
  'PUT /api/private/users/me/deactivate': 'verified',
  'GET /api/private/users/me/export': 'verified',
  'GET /api/private/users/me/totp': 'verified',
  'GET /api/private/users/me/totp/': 'verified',
  'POST /api/private/users/me/totp/setup': 'verified',
  'POST /api/private/users/me/totp/enable': 'verified',
  'POST /api/private/users/me/totp/disable': 'verified',
  'POST /api/private/users/me/totp/recovery-codes': 'verified',
  // The staff area (issue 10): servers and store administration for admin and master, users for master.
  'GET /api/private/servers/all-servers': 'admin',
  'GET /api/private/staff/overview': 'admin',
  'GET /api/private/store/games': 'admin',
  'GET /api/private/store/game-variables': 'admin',
  'GET /api/private/store/game-slots': 'admin',
  'PUT /api/private/store/variable-texts': 'admin',
  'POST /api/private/store/games': 'admin',
  'PUT /api/private/store/games': 'admin',
  'DELETE /api/private/store/games': 'admin',
  'GET /api/private/store/packages': 'admin',
  'POST /api/private/store/packages': 'admin',
  'PUT /api/private/store/packages': 'admin',
  'DELETE /api/private/store/packages': 'admin',
  'GET /api/private/store/addons-additional-data': 'admin',
  'GET /api/private/store/addons': 'admin',
  'POST /api/private/store/addons': 'admin',
  'PUT /api/private/store/addons': 'admin',
  'DELETE /api/private/store/addons': 'admin',
  'GET /api/private/store/discounts': 'admin',
  'POST /api/private/store/discounts': 'admin',
  'DELETE /api/private/store/discounts': 'admin',
  'GET /api/private/store/locations': 'admin',
  'PUT /api/private/store/locations': 'admin',
  'GET /api/private/users/all-users': 'master',
  'PUT /api/private/users/active': 'master',
  'PUT /api/private/users/change-role': 'master',
  'GET /api/private/users/audit-log': 'master',
  // Operations (issue 11): liveness and readiness for health checks; the OpenAPI document and its reader
  // with their assets are public in the demo (this test's mode) and for admin and master in production.
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/*': 'public',
  // Mollie calls it; the body's payment id is read back from Mollie, never trusted (reference/mollie.md).
  'POST /api/webhooks/mollie': 'public',
  // Demo mode only (not registered in production): the mailbox and the demo clock.
  'GET /api/dev/mail': 'public',
  'GET /api/dev/mail/:id/attachments/:index': 'public',
  'POST /api/dev/staff-webhook': 'public',
  'GET /api/dev/staff-webhook': 'public',
  'GET /api/dev/clock': 'public',
  'POST /api/dev/clock': 'public',
};

/** Routes whose use ends the caller's session or account: called last, each caller once. */
const ENDING = ['PUT /api/private/users/me/deactivate', 'POST /api/auth/logout'];
/** A rule past the role: a master may not deactivate itself (docs/decisions/081-account-deactivation.md). */
const BY_RULE: Record<string, Partial<Record<Caller, number>>> = {
  'PUT /api/private/users/me/deactivate': { master: 403 },
};

const ALLOWED: Record<Level, Caller[]> = {
  public: ['anonymous', 'pending2fa', 'unverified', 'customer', 'admin', 'master'],
  link: ['anonymous', 'pending2fa', 'unverified', 'customer', 'admin', 'master'],
  session: ['pending2fa', 'unverified', 'customer', 'admin', 'master'],
  account: ['unverified', 'customer', 'admin', 'master'],
  verified: ['customer', 'admin', 'master'],
  admin: ['admin', 'master'],
  master: ['master'],
};

/** Every route and method under /api, as `METHOD path`. */
function apiRoutes(product: Product): string[] {
  return routesOf(product)
    .filter((r) => r.url.startsWith('/api/'))
    .map((r) => `${r.method} ${r.url}`);
}

describe.each(DATABASES)('route authorization on %s', (kind) => {
  let product: Product;
  const callers = {} as Record<Caller, Session>;
  let owner: { session: Session; username: string; serverId: number; serverName: string };

  async function login(email: string): Promise<Session> {
    const session = product.session();
    const res = await session.post('/api/auth/login', {
      email,
      password: 'secret123',
      captchaToken: await captchaToken(session),
    });
    if (res.status !== 200) throw new Error(`login ${res.status}`);
    return session;
  }

  async function withRole(role: 'admin' | 'master'): Promise<Session> {
    const person = await registerVerified(product);
    await product.server.ctx.db
      .updateTable('users')
      .set({ role })
      .where('username', '=', person.username)
      .execute();
    return person.session;
  }

  beforeAll(async () => {
    product = await startProduct(kind, { authRateLimit: 100_000, privateRateLimit: 100_000 });
    callers.anonymous = product.session();
    const pending = await registerVerified(product);
    await product.server.ctx.db
      .updateTable('users')
      .set({ two_factor_auth: 1 })
      .where('username', '=', pending.username)
      .execute();
    callers.pending2fa = await login(pending.email);
    const unverified = product.session();
    const name = uniqueName('unverified');
    const registered = await unverified.post('/api/auth/register', {
      username: name,
      firstName: 'Test',
      lastName: 'User',
      email: `${name.toLowerCase()}@example.com`,
      password: 'secret123',
      news_subscription: false,
      captchaToken: await captchaToken(unverified),
    });
    expect(registered.status).toBe(201);
    callers.unverified = unverified;
    callers.customer = (await registerVerified(product)).session;
    callers.admin = await withRole('admin');
    callers.master = await withRole('master');

    const first = await registerVerified(product);
    await grantCredits(product, first.username, 500);
    const serverName = `Owned ${uniqueName('srv')}`;
    owner = {
      session: first.session,
      username: first.username,
      serverName,
      serverId: await orderByCredits(first.session, serverName),
    };
  });
  afterAll(async () => product?.close());

  it('has an entry in the access table for every route the server registers, and no other', () => {
    const registered = apiRoutes(product).sort();
    expect(registered.length).toBeGreaterThan(50);
    expect(registered).toEqual(Object.keys(ROUTE_ACCESS).sort());
  });

  it('answers 401 or 403 exactly to the callers the table does not allow', async () => {
    const order = [...Object.keys(ROUTE_ACCESS).filter((key) => !ENDING.includes(key)), ...ENDING];
    const refused: string[] = [];
    for (const key of order) {
      const [method, url] = key.split(' ') as [string, string];
      const path = url.replace(/:\w+/g, '1');
      for (const caller of Object.keys(callers) as Caller[]) {
        const body = method === 'GET' ? undefined : {};
        const res = await callers[caller].request(method, path, body);
        const allowed = ALLOWED[ROUTE_ACCESS[key]!].includes(caller);
        const rule = BY_RULE[key]?.[caller];
        if (rule !== undefined) {
          expect(res.status, `${key} as ${caller}`).toBe(rule);
          continue;
        }
        const blocked = res.status === 401 || res.status === 403;
        if (allowed === blocked)
          refused.push(`${key} as ${caller}: ${res.status} ${JSON.stringify(res.body)}`);
        if (!allowed) {
          expect(res.status, `${key} as ${caller}`).toBe(caller === 'anonymous' ? 401 : 403);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it("answers another customer's calls on a server that is not theirs with 404 and none of its data", async () => {
    const other = (await registerVerified(product)).session;
    const id = owner.serverId;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/private/servers/websocket-token?id=${id}`],
      ['GET', `/api/private/servers/variables?id=${id}`],
      ['PUT', '/api/private/servers/variables', { id, variables: {} }],
      ['GET', `/api/private/servers/socket?id=${id}`],
      ['GET', `/api/private/servers/schedule?user_packages_id=${id}`],
      ['POST', '/api/private/servers/schedule', { user_packages_id: id, days: [1], start: 8, end: 10 }],
      ['DELETE', '/api/private/servers/schedule', { user_packages_id: id, id: 1 }],
      ['POST', '/api/private/servers/power', { id, signal: 'stop' }],
      ['POST', '/api/private/servers/unsuspend-server', { id }],
      ['POST', '/api/private/servers/pay-renewal', { id }],
      ['POST', '/api/private/servers/cancel-server', { id }],
      ['GET', `/api/private/addons/available-for-change?id=${id}`],
      ['POST', '/api/private/addons/buy-addon', { addonId: 1, userPackageId: id }],
      ['DELETE', '/api/private/addons/remove-addon', { addonId: 1, userPackageId: id }],
      ['GET', `/api/private/packages/available-for-change?id=${id}`],
      ['POST', '/api/private/packages/change-package', { newPackageId: 1, userPackageId: id }],
    ];
    for (const [method, path, body] of calls) {
      const res = await other.request(method, path, body);
      const text = JSON.stringify(res.body ?? '');
      expect(text, `${method} ${path}`).not.toContain(owner.serverName);
      expect(text, `${method} ${path}`).not.toContain(owner.username);
      // 404 for the server; a body that fails its contract first (schedule fields) answers 400.
      expect([400, 404], `${method} ${path}: ${res.status} ${text}`).toContain(res.status);
      if (body === undefined || method !== 'POST' || !path.endsWith('/schedule'))
        expect(res.status, `${method} ${path}: ${text}`).toBe(404);
    }
    const lists = [
      '/api/private/servers/owned-servers',
      '/api/private/servers/server-count',
      '/api/private/billing/invoices',
      '/api/private/billing/ledger',
      '/api/private/billing/auto-top-up',
      '/api/private/users/me/export',
    ];
    for (const path of lists) {
      const text = JSON.stringify((await other.get(path)).body);
      expect(text, path).not.toContain(owner.serverName);
      expect(text, path).not.toContain(owner.username);
    }
    // The owner still has it, untouched.
    const mine = (await owner.session.get('/api/private/servers/owned-servers')).body;
    expect(mine.map((s: { name: string }) => s.name)).toContain(owner.serverName);
  });
});
