import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captchaToken,
  DATABASES,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../harness';

/** The Set-Cookie line of `name` in an answer, or undefined. */
function setCookie(headers: Headers, name: string): string | undefined {
  return headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

const cleared = (line: string | undefined) => /^[^=]+=;|max-age=0|expires=thu, 01 jan 1970/i.test(line ?? '');

// The readable fh_session hint tells the web client a session may exist (so an anonymous page asks
// nothing of /api/auth and the console stays clean); it comes and goes with the session cookies and
// grants nothing.
describe.each(DATABASES)('session hint cookie (%s)', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind, { seed: false });
  });
  afterAll(async () => product?.close());

  async function login(session: Session, email: string) {
    return session.post('/api/auth/login', {
      email,
      password: 'secret123',
      captchaToken: await captchaToken(session),
    });
  }

  it('is set readable with the session cookies on login and refresh, and cleared on logout', async () => {
    const { session, email } = await registerVerified(product);
    expect(session.hasCookie('fh_session')).toBe(true);

    const fresh = product.session();
    const answer = await login(fresh, email);
    expect(answer.status).toBe(200);
    const hint = setCookie(answer.headers, 'fh_session');
    expect(hint).toMatch(/^fh_session=1;/);
    expect(hint).toMatch(/Path=\//);
    expect(hint).toMatch(/SameSite=Lax/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(setCookie(answer.headers, 'fh_access')).toMatch(/HttpOnly/);

    const refreshed = await fresh.post('/api/auth/refresh-token');
    expect(refreshed.status).toBe(200);
    expect(setCookie(refreshed.headers, 'fh_session')).toMatch(/^fh_session=1;/);

    const out = await fresh.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(cleared(setCookie(out.headers, 'fh_session'))).toBe(true);
    expect(fresh.hasCookie('fh_session')).toBe(false);
    expect(fresh.hasCookie('fh_access')).toBe(false);
  });

  it('is cleared when the refresh token no longer works, and alone opens nothing', async () => {
    const { session } = await registerVerified(product);
    await session.post('/api/auth/logout');
    const anonymous = product.session();
    const stale = await anonymous.request('POST', '/api/auth/refresh-token');
    expect(stale.status).toBe(401);
    expect(cleared(setCookie(stale.headers, 'fh_session'))).toBe(true);

    // A forged hint carries no identity: /me and private calls still need the signed session.
    const forged = await fetch(`${product.url}/api/auth/me`, { headers: { cookie: 'fh_session=1' } });
    expect(forged.status).toBe(401);
    const credits = await fetch(`${product.url}/api/private/credits`, {
      headers: { cookie: 'fh_session=1' },
    });
    expect(credits.status).toBe(401);
  });

  it('is cleared with the session cookies when the account is deactivated', async () => {
    const { session } = await registerVerified(product);
    const answer = await session.request('PUT', '/api/private/users/me/deactivate', {});
    expect(answer.status).toBe(200);
    expect(cleared(setCookie(answer.headers, 'fh_session'))).toBe(true);
    expect(session.hasCookie('fh_session')).toBe(false);
  });
});
