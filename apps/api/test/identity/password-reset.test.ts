/**
 * Forgot and reset password (product.md "API calls" reset calls, 8 "Resend reset", "Reset"; issue 9) through
 * the real routes on SQLite and PostgreSQL: the whole flow by the mailed link, the same answer for an address
 * without an account, resend too soon and without a request, tokens reused, expired, replaced, malformed and
 * of a deactivated account, the other sessions ended at their next request, captcha and password rules, and
 * the rate limit.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_RESEND_MS, RESET_TTL_MS } from '../../src/identity/password-resets';
import {
  type Answer,
  captchaToken,
  DATABASES,
  type Product,
  registerVerified,
  type Session,
  startProduct,
  uniqueName,
} from '../harness';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function mailsTo(session: Session, to: string): Promise<Mail[]> {
  return (await session.get<Mail[]>('/api/dev/mail')).body.filter((m) => m.to === to);
}

/** The token of the newest reset link mailed to `to` (the mail is sent without waiting: polled). */
async function resetLink(session: Session, to: string, count = 1): Promise<string> {
  return vi.waitFor(
    async () => {
      const links = (await mailsTo(session, to))
        .map((m) => m.text.match(/\/reset-password\/([A-Za-z0-9_-]{43})$/m)?.[1])
        .filter((t): t is string => Boolean(t));
      if (links.length < count) throw new Error(`no reset link mailed to ${to}`);
      return links[0]!;
    },
    { timeout: 5_000, interval: 50 },
  );
}

describe.each(DATABASES)('password reset on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind);
  });
  afterAll(async () => {
    await product.close();
  });

  async function ask(path: string, email: string, session = product.session()): Promise<Answer> {
    return session.post(`/api/auth/${path}`, { email, captchaToken: await captchaToken(session) });
  }

  async function setPassword(token: string, password: string, session = product.session()) {
    return session.post('/api/auth/update-password', {
      token,
      password,
      captchaToken: await captchaToken(session),
    });
  }

  async function login(email: string, password: string) {
    const session = product.session();
    const res = await session.post('/api/auth/login', {
      email,
      password,
      captchaToken: await captchaToken(session),
    });
    return { session, status: res.status };
  }

  async function passwordHash(email: string): Promise<string> {
    const row = await product.server.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.password_hash;
  }

  it('resets a forgotten password through the mailed link and ends every other session', async () => {
    const { session: other, email } = await registerVerified(product);
    expect((await other.get('/api/private/users/me')).status).toBe(200);
    expect(await ask('reset-password', email.toUpperCase())).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const token = await resetLink(other, email);
    const mail = (await mailsTo(other, email))[0]!;
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toContain(`${product.url}/reset-password/${token}`);
    // The token itself is stored nowhere: only its hash.
    const rows = await product.server.ctx.db.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);

    expect((await product.session().post('/api/auth/verify-reset-password', { token })).status).toBe(200);
    expect(await setPassword(token, 'newsecret9')).toMatchObject({ status: 200 });
    expect((await login(email, 'secret123')).status).toBe(401);
    expect((await login(email, 'newsecret9')).status).toBe(200);
    // The session that was open before the reset is refused at its next request, refresh included.
    expect((await other.get('/api/private/users/me')).status).toBe(401);
    expect((await other.post('/api/auth/refresh-token')).status).toBe(401);
    // The link works once.
    expect((await product.session().post('/api/auth/verify-reset-password', { token })).body).toEqual({
      reason: 'invalid-token',
    });
    const hash = await passwordHash(email);
    expect(await setPassword(token, 'another99')).toMatchObject({
      status: 400,
      body: { reason: 'invalid-token' },
    });
    expect(await passwordHash(email)).toBe(hash);
    expect((await mailsTo(other, email)).some((m) => /password was changed/i.test(m.subject))).toBe(true);
  });

  it('answers an address without an account exactly as one with, and mails nothing', async () => {
    const session = product.session();
    const nobody = `${uniqueName('nobody')}@example.com`;
    const before = (await session.get<Mail[]>('/api/dev/mail')).body.length;
    expect(await ask('reset-password', nobody)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await ask('resend-reset-password', nobody)).toMatchObject({
      status: 400,
      body: { reason: 'too-soon' },
    });
    product.advance(RESET_RESEND_MS + 1_000);
    expect(await ask('resend-reset-password', nobody)).toMatchObject({ status: 200, body: { ok: true } });
    // A link asked for an account afterwards is mailed after anything the unknown address would have had.
    const { email: somebody } = await registerVerified(product);
    const registered = (await session.get<Mail[]>('/api/dev/mail')).body.length;
    expect((await ask('reset-password', somebody)).status).toBe(200);
    await resetLink(session, somebody);
    expect((await session.get<Mail[]>('/api/dev/mail')).body.length).toBe(registered + 1);
    expect(registered).toBe(before + (await mailsTo(session, somebody)).length - 1);
    expect(await mailsTo(session, nobody)).toEqual([]);
  });

  it('resends only after 120 s and only for an open request; the newer link replaces the older', async () => {
    const { session, email } = await registerVerified(product);
    expect(await ask('resend-reset-password', email)).toMatchObject({
      status: 404,
      body: { reason: 'no-token' },
    });
    expect((await ask('reset-password', email)).status).toBe(200);
    const first = await resetLink(session, email);
    expect(await ask('resend-reset-password', email)).toMatchObject({
      status: 400,
      body: { reason: 'too-soon' },
    });
    // A second reset-password within 120 s mails nothing new either.
    expect((await ask('reset-password', email)).status).toBe(200);

    product.advance(RESET_RESEND_MS + 1_000);
    expect((await ask('resend-reset-password', email)).status).toBe(200);
    const second = await resetLink(session, email, 2);
    expect(second).not.toBe(first);
    // The resend's link is the second: the refused ones mailed nothing before it.
    expect((await mailsTo(session, email)).filter((m) => /reset-password/.test(m.text))).toHaveLength(2);
    const hash = await passwordHash(email);
    expect((await setPassword(first, 'replaced1')).body).toEqual({ reason: 'invalid-token' });
    expect(await passwordHash(email)).toBe(hash);
    expect((await setPassword(second, 'replaced1')).status).toBe(200);
    // Once used, there is no open request to resend.
    product.advance(RESET_RESEND_MS + 1_000);
    expect((await ask('resend-reset-password', email)).status).toBe(404);
  });

  it('refuses an expired, malformed, missing or deactivated account token and changes nothing', async () => {
    const { session, email } = await registerVerified(product);
    expect((await ask('reset-password', email)).status).toBe(200);
    const token = await resetLink(session, email);
    const hash = await passwordHash(email);
    product.advance(RESET_TTL_MS + 1_000);
    expect((await product.session().post('/api/auth/verify-reset-password', { token })).status).toBe(400);
    expect((await setPassword(token, 'expired11')).body).toEqual({ reason: 'invalid-token' });
    // After expiry there is no open request: resend answers 404.
    expect((await ask('resend-reset-password', email)).body).toEqual({ reason: 'no-token' });
    for (const bad of ['x', 'a'.repeat(43), `${token.slice(0, -1)}A`]) {
      expect((await setPassword(bad, 'malformed1')).body).toEqual({ reason: 'invalid-token' });
    }
    expect((await product.session().post('/api/auth/verify-reset-password', {})).status).toBe(400);
    expect(await passwordHash(email)).toBe(hash);

    // A deactivated account gets no link, and its open link stops working.
    product.advance(RESET_RESEND_MS + 1_000);
    expect((await ask('reset-password', email)).status).toBe(200);
    // The expired request was deleted by this newer one: typed-in addresses are not kept past their use.
    const stale = await product.server.ctx.db
      .selectFrom('password_resets')
      .select('id')
      .where('expires_at', '<=', product.server.ctx.now())
      .execute();
    expect(stale).toEqual([]);
    const open = await resetLink(session, email, 2);
    await product.server.ctx.db.updateTable('users').set({ active: 0 }).where('email', '=', email).execute();
    expect((await setPassword(open, 'inactive1')).body).toEqual({ reason: 'invalid-token' });
    expect(await passwordHash(email)).toBe(hash);
  });

  it('checks the captcha and the password rules before anything changes', async () => {
    const { session, email } = await registerVerified(product);
    const noCaptcha = await product
      .session()
      .post('/api/auth/reset-password', { email, captchaToken: 'bogus' });
    expect(noCaptcha).toMatchObject({ status: 400, body: { reason: 'captcha' } });
    expect((await product.session().post('/api/auth/reset-password', { email: 'not-an-email' })).status).toBe(
      400,
    );
    expect((await ask('reset-password', email)).status).toBe(200);
    const token = await resetLink(session, email);
    // The registration code and this link only: the refused requests mailed nothing before it.
    expect(await mailsTo(session, email)).toHaveLength(2);
    const short = await setPassword(token, '123');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('password-length');
    const badCaptcha = await product
      .session()
      .post('/api/auth/update-password', { token, password: 'goodpass1', captchaToken: 'bogus' });
    expect(badCaptcha.body).toEqual({ reason: 'captcha' });
    // The link is still good after those refusals.
    expect((await setPassword(token, 'goodpass1')).status).toBe(200);
  });

  it('spends a link once when it is used twice at the same time', async () => {
    const { session, email } = await registerVerified(product);
    expect((await ask('reset-password', email)).status).toBe(200);
    const token = await resetLink(session, email);
    const answers = await Promise.all(
      ['parallel1', 'parallel2', 'parallel3'].map((p) => setPassword(token, p)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });
});

describe('password reset rate limit', () => {
  it('answers 429 past the limit on every reset call', async () => {
    const product = await startProduct('sqlite', { seed: false, authRateLimit: 2 });
    try {
      for (const path of [
        'reset-password',
        'resend-reset-password',
        'verify-reset-password',
        'update-password',
      ]) {
        const session = product.session();
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) statuses.push((await session.post(`/api/auth/${path}`, {})).status);
        expect(statuses, path).toEqual([400, 400, 429]);
      }
    } finally {
      await product.close();
    }
  });
});
