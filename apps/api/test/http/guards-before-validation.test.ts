/**
 * Guards run before validation: a caller who may not use a route is answered 401 (or 403) before its
 * body or query string is parsed or checked, so nobody learns a private route's fields by sending it
 * rubbish, and a logged-in customer still gets the 400 with the list of fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captchaToken,
  DATABASES,
  type Product,
  registerVerified,
  routesOf,
  startProduct,
  uniqueName,
} from '../harness';

const unauthenticated = { reason: 'unauthenticated' };
/** Opened from a mailed link, perhaps where nobody is logged in: answered without a login. */
const PUBLIC_PRIVATE_ROUTE = '/api/private/users/me/update-user-execute';

/** A body that fails every private POST route's contract. */
const malformedBody = {
  creditsAmount: '0x19',
  paymentMethod: 'cash',
  packageId: [],
  serverName: 7,
  referrer: {},
  code: 5,
  token: 5,
};

describe.each(DATABASES)('guards before validation on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind);
  });
  afterAll(async () => product?.close());

  /** A raw request: any body text and any cookie, as no browser would send them. */
  async function raw(method: string, path: string, body?: string, cookie?: string) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    const res = await fetch(`${product.url}${path}`, { method, headers, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  it.each([
    '/api/private/store/order-credits',
    '/api/private/store/package-by-credits',
    '/api/private/store/referrer',
    '/api/private/store/discount-verification',
  ])('anonymous POST %s with a malformed body answers 401 unauthenticated', async (path) => {
    const session = product.session();
    for (const body of [malformedBody, {}, [], 'text', null]) {
      const res = await session.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(res.body).toEqual(unauthenticated);
    }
    // Not even the JSON is read: a body that is no JSON at all is no 400 either.
    expect(await raw('POST', path, '{not json')).toEqual({ status: 401, body: unauthenticated });
    // A cookie that is no valid access token is no login.
    expect(await raw('POST', path, JSON.stringify(malformedBody), 'fh_access=forged.token.here')).toEqual({
      status: 401,
      body: unauthenticated,
    });
  });

  it.each([
    '/api/private/store/available-users-packages?gameId=abc',
    '/api/private/store/available-users-packages',
    '/api/private/store/package-addons?packageId=0x1',
    '/api/private/store/package-locations?packageId=',
    '/api/private/store/order-status?order=not-a-uuid',
    '/api/private/servers/websocket-token?id=-1',
  ])('anonymous GET %s answers 401 unauthenticated', async (path) => {
    const res = await product.session().get(path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthenticated);
  });

  it('every /api/private route refuses an anonymous caller with bad input with 401', async () => {
    const routes = routesOf(product).filter((r) => r.url.startsWith('/api/private/'));
    expect(routes.length).toBeGreaterThan(10);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/private/store/order-credits' });
    for (const { method, url } of routes) {
      const path = `${url.replace(/:\w+/g, 'x')}?id=x&gameId=x&packageId=x&order=x`;
      const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(malformedBody);
      const res = await raw(method, path, body);
      // The one exception: the e-mail change link's call, whose token is the proof (the page is public,
      // product.md "Screens and routes"; docs/decisions/079-account-change-by-link.md). Bad input tells
      // nothing but that the token is not valid.
      if (url === PUBLIC_PRIVATE_ROUTE) {
        expect(res, `${method} ${url}`).toEqual({ status: 400, body: { reason: 'invalid-token' } });
        continue;
      }
      expect(res, `${method} ${url}`).toEqual({ status: 401, body: unauthenticated });
    }
  });

  it('guarded /api/auth routes answer 401 to an anonymous caller with a bad body', async () => {
    const session = product.session();
    for (const path of [
      '/api/auth/verify-email',
      '/api/auth/2fa',
      '/api/auth/resend-email-verification',
      '/api/auth/resend-2fa',
    ]) {
      for (const body of [{ token: 5 }, [], 'text']) {
        const res = await session.post(path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(401);
        expect(res.body).toEqual(unauthenticated);
      }
    }
  });

  it('a logged-in customer whose e-mail is not verified gets 403 before validation', async () => {
    const session = product.session();
    const name = uniqueName('unverified');
    const res = await session.post('/api/auth/register', {
      username: name,
      firstName: 'Test',
      lastName: 'User',
      email: `${name.toLowerCase()}@example.com`,
      password: 'secret123',
      news_subscription: false,
      captchaToken: await captchaToken(session),
    });
    expect(res.status).toBe(201);
    const order = await session.post('/api/private/store/order-credits', malformedBody);
    expect(order).toMatchObject({ status: 403, body: { reason: 'unverified' } });
    const packages = await session.get('/api/private/store/available-users-packages?gameId=abc');
    expect(packages).toMatchObject({ status: 403, body: { reason: 'unverified' } });
    // The e-mail verification route admits them, and validates their body.
    const verify = await session.post('/api/auth/verify-email', { token: 5 });
    expect(verify.status).toBe(400);
    expect(verify.body.errors).toEqual([expect.objectContaining({ path: 'token' })]);
  });

  it('a logged-in customer with a bad body or query string still gets 400 with the fields', async () => {
    const { session } = await registerVerified(product);
    const badBody = { ...malformedBody, creditsAmount: 'lots' };
    const order = await session.post('/api/private/store/order-credits', badBody);
    expect(order.status).toBe(400);
    expect(order.body.reason).toBe('validation');
    const paths = order.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['creditsAmount', 'paymentMethod', 'addressLine1']));

    const byCredits = await session.post('/api/private/store/package-by-credits', badBody);
    expect(byCredits.status).toBe(400);
    expect(byCredits.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['packageId', 'serverName']),
    );

    const packages = await session.get('/api/private/store/available-users-packages?gameId=abc');
    expect(packages.status).toBe(400);
    expect(packages.body.errors).toEqual([expect.objectContaining({ path: 'gameId' })]);
    expect((await session.get('/api/private/credits')).status).toBe(200);
  });
});
