import { creditsAnswer } from '@falkenhost/contracts/store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  captchaToken,
  DATABASES,
  mailedCode,
  type Product,
  registerVerified,
  type Session,
  startProduct,
  uniqueName,
} from '../harness';

describe.each(DATABASES)('authentication on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind, { seed: false });
  });
  afterAll(async () => product?.close());

  async function register(session: Session, name: string, overrides: Record<string, unknown> = {}) {
    return session.post('/api/auth/register', {
      username: name,
      firstName: 'Jana',
      lastName: 'Nováková',
      email: `${name.toLowerCase()}@example.com`,
      password: 'secret123',
      news_subscription: true,
      captchaToken: await captchaToken(session),
      ...overrides,
    });
  }

  async function userCount(): Promise<number> {
    const row = await product.server.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('registers, mails a code, and verifies the e-mail before the dashboard opens', async () => {
    const session = product.session();
    const name = uniqueName();
    const res = await register(session, name);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: name,
      first_name: 'Jana',
      first_visit: true,
      email_verified: false,
      authenticated: true,
      role: 'customer',
    });
    expect(session.hasCookie('fh_access')).toBe(true);
    expect(session.hasCookie('fh_refresh')).toBe(true);

    // Logged in but not verified: private routes answer 403 unverified.
    expect((await session.get('/api/private/credits')).status).toBe(403);

    const code = await mailedCode(session, `${name.toLowerCase()}@example.com`);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    // Mails greet by first name (issue 44, decisions/443).
    const mails = (await session.get('/api/dev/mail')).body as { to: string; text: string }[];
    expect(mails.find((m) => m.to === `${name.toLowerCase()}@example.com`)?.text).toMatch(/^Hello Jana,$/m);
    const wrong = await session.post('/api/auth/verify-email', {
      token: code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA',
    });
    expect(wrong).toMatchObject({ status: 400, body: { reason: 'invalid-code' } });
    const short = await session.post('/api/auth/verify-email', { token: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].msg).toBe('code-length');

    const ok = await session.post('/api/auth/verify-email', { token: code.toLowerCase() });
    expect(ok).toMatchObject({ status: 200, body: { email_verified: true, authenticated: true } });
    const credits = await session.get('/api/private/credits');
    expect(credits).toMatchObject({ status: 200, body: { credits: 0 } });
    // The route writes its JSON itself: the answer must still be exactly the documented schema.
    expect(creditsAnswer.strict().parse(credits.body)).toEqual({ credits: 0 });

    // A day after the account was made, it is greeted as one coming back (decisions/443).
    expect((await session.get('/api/auth/me')).body).toMatchObject({ first_visit: true });
    await product.server.ctx.db
      .updateTable('users')
      .set({ created_at: product.server.ctx.now() - 24 * 3_600_000 - 1 })
      .where('username', '=', name)
      .execute();
    expect((await session.get('/api/auth/me')).body).toMatchObject({
      first_name: 'Jana',
      first_visit: false,
    });
  });

  it('answers duplicates and bad usernames as the spec says, and writes nothing', async () => {
    const first = await registerVerified(product);
    const before = await userCount();
    const session = product.session();
    expect(await register(session, uniqueName(), { email: first.email })).toMatchObject({
      status: 400,
      body: { reason: 'email' },
    });
    expect(
      await register(session, first.username.toUpperCase(), { email: `other.${first.email}` }),
    ).toMatchObject({
      status: 409,
      body: { reason: 'username' },
    });
    expect(await register(session, 'bad name!')).toMatchObject({ status: 400, body: { reason: 'username' } });
    const shortPassword = await register(session, uniqueName(), { password: '12345' });
    expect(shortPassword).toMatchObject({ status: 400, body: { reason: 'validation' } });
    expect(await userCount()).toBe(before);
  });

  it('requires a valid captcha, accepted once', async () => {
    const session = product.session();
    expect((await session.get('/api/auth/captcha-provider')).body).toEqual({ provider: 'altcha' });
    const missing = await session.post('/api/auth/login', { email: 'a@example.com', password: 'secret123' });
    expect(missing).toMatchObject({ status: 400, body: { reason: 'captcha' } });
    const bogus = await session.post('/api/auth/login', {
      email: 'a@example.com',
      password: 'secret123',
      captchaToken: Buffer.from('{"challenge":{}}').toString('base64'),
    });
    expect(bogus).toMatchObject({ status: 400, body: { reason: 'captcha' } });

    const { email } = await registerVerified(product);
    const token = await captchaToken(session);
    expect(
      (await session.post('/api/auth/login', { email, password: 'secret123', captchaToken: token })).status,
    ).toBe(200);
    const replay = await session.post('/api/auth/login', {
      email,
      password: 'secret123',
      captchaToken: token,
    });
    expect(replay).toMatchObject({ status: 400, body: { reason: 'captcha' } });
  });

  it('logs in, refuses wrong credentials, and logs out', async () => {
    const { email } = await registerVerified(product);
    const session = product.session();
    const wrong = await session.post('/api/auth/login', {
      email,
      password: 'wrong-password',
      captchaToken: await captchaToken(session),
    });
    expect(wrong).toMatchObject({ status: 401, body: { reason: 'invalid-credentials' } });
    const unknown = await session.post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'secret123',
      captchaToken: await captchaToken(session),
    });
    expect(unknown.status).toBe(401);

    const ok = await session.post('/api/auth/login', {
      email: email.toUpperCase(),
      password: 'secret123',
      captchaToken: await captchaToken(session),
    });
    expect(ok).toMatchObject({ status: 200, body: { email, authenticated: true, email_verified: true } });
    expect((await session.get('/api/auth/me')).status).toBe(200);
    expect((await session.post('/api/auth/logout')).status).toBe(200);
    expect((await session.get('/api/auth/me')).status).toBe(401);
    expect((await session.post('/api/auth/refresh-token')).status).toBe(401);
  });

  it('asks for a mailed code after the password when 2FA is on', async () => {
    const { email, username } = await registerVerified(product);
    await product.server.ctx.db
      .updateTable('users')
      .set({ two_factor_auth: 1 })
      .where('username', '=', username)
      .execute();
    const session = product.session();
    // The page is shown in German: the code comes in German, and later mail too.
    session.acceptLanguage = 'de, *;q=0.5';
    const login = await session.post('/api/auth/login', {
      email,
      password: 'secret123',
      captchaToken: await captchaToken(session),
    });
    expect(login).toMatchObject({ status: 200, body: { two_factor_auth: true, authenticated: false } });
    const mails = (await session.get('/api/dev/mail')).body as { to: string; subject: string }[];
    expect(mails.find((m) => m.to === email)?.subject).toMatch(/^Ihr Falkenhost-Anmeldecode: [A-Z0-9]{6}$/);
    const stored = await product.server.ctx.db
      .selectFrom('users')
      .select('language')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(stored.language).toBe('de');
    expect((await session.get('/api/private/credits')).status).toBe(403);
    expect((await session.get('/api/auth/me')).body).toMatchObject({ authenticated: false });

    const code = await mailedCode(session, email);
    expect((await session.post('/api/auth/2fa', { token: code })).body).toMatchObject({
      authenticated: true,
    });
    expect((await session.get('/api/private/credits')).status).toBe(200);
    // The code is spent.
    const again = product.session();
    await again.post('/api/auth/login', {
      email,
      password: 'secret123',
      captchaToken: await captchaToken(again),
    });
    expect((await again.post('/api/auth/2fa', { token: code })).status).toBe(400);
  });

  it('mails the verification code in the language the page is shown in', async () => {
    const session = product.session();
    session.acceptLanguage = 'cs, *;q=0.5';
    const name = uniqueName();
    await register(session, name);
    const mails = (await session.get('/api/dev/mail')).body as { to: string; subject: string }[];
    expect(mails.find((m) => m.to === `${name.toLowerCase()}@example.com`)?.subject).toMatch(
      /^Váš ověřovací kód Falkenhost: [A-Z0-9]{6}$/,
    );
  });

  it('spends a code after five guesses, also when the guesses come at once', async () => {
    const session = product.session();
    const name = uniqueName();
    await register(session, name);
    const code = await mailedCode(session, `${name.toLowerCase()}@example.com`);
    const wrong = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => session.post('/api/auth/verify-email', { token: wrong })),
    );
    expect(answers.every((a) => a.status === 400 && a.body.reason === 'invalid-code')).toBe(true);
    const row = await product.server.ctx.db
      .selectFrom('verification_codes')
      .innerJoin('users', 'users.id', 'verification_codes.user_id')
      .select('verification_codes.attempts')
      .where('users.username', '=', name)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    // Out of guesses: even the right code is refused now.
    expect(await session.post('/api/auth/verify-email', { token: code })).toMatchObject({
      status: 400,
      body: { reason: 'invalid-code' },
    });
  });

  it('resends a code at most once per 120 seconds', async () => {
    const session = product.session();
    const name = uniqueName();
    await register(session, name);
    const email = `${name.toLowerCase()}@example.com`;
    const first = await mailedCode(session, email);
    expect(await session.post('/api/auth/resend-email-verification')).toMatchObject({
      status: 429,
      body: { reason: 'too-soon' },
    });
    product.advance(121_000);
    expect((await session.post('/api/auth/resend-email-verification')).status).toBe(200);
    const second = await mailedCode(session, email);
    // The earlier code no longer works; the new one does.
    if (first !== second)
      expect((await session.post('/api/auth/verify-email', { token: first })).status).toBe(400);
    expect((await session.post('/api/auth/verify-email', { token: second })).status).toBe(200);
  });

  it('rotates the refresh token and revokes the family when a spent one comes back', async () => {
    const { session } = await registerVerified(product);
    const stolen = product.session();
    // Copy the cookies as a thief would.
    Object.assign(stolen, {
      cookies: new Map((session as unknown as { cookies: Map<string, string> }).cookies),
    });
    expect((await session.post('/api/auth/refresh-token')).status).toBe(200);
    // Past the 30-second grace of two tabs refreshing at once, on the wall clock sessions live by.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60_000);
      // The thief's copy is spent: it fails and ends the whole session family.
      expect((await stolen.post('/api/auth/refresh-token')).status).toBe(401);
      expect((await session.post('/api/auth/refresh-token')).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends every session at once when the role changes or the account is deactivated', async () => {
    const { session, username, email } = await registerVerified(product);
    const { db } = product.server.ctx;
    await db
      .updateTable('users')
      .set((eb) => ({ role: 'admin', token_version: eb('token_version', '+', 1) }))
      .where('username', '=', username)
      .execute();
    expect((await session.get('/api/private/credits')).status).toBe(401);

    await db.updateTable('users').set({ active: 0 }).where('username', '=', username).execute();
    const again = product.session();
    const login = await again.post('/api/auth/login', {
      email,
      password: 'secret123',
      captchaToken: await captchaToken(again),
    });
    expect(login).toMatchObject({ status: 401, body: { reason: 'account-deactivated' } });
  });

  it('tells a deactivated account so only when the password is right', async () => {
    const { username, email } = await registerVerified(product);
    await product.server.ctx.db
      .updateTable('users')
      .set({ active: 0 })
      .where('username', '=', username)
      .execute();
    const session = product.session();
    const right = await session.post('/api/auth/login', {
      email,
      password: 'secret123',
      captchaToken: await captchaToken(session),
    });
    expect(right).toMatchObject({ status: 401, body: { reason: 'account-deactivated' } });
    expect(session.hasCookie('fh_access')).toBe(false);
    // A wrong password says nothing about the account's state.
    const wrong = await session.post('/api/auth/login', {
      email,
      password: 'not-the-password',
      captchaToken: await captchaToken(session),
    });
    expect(wrong).toMatchObject({ status: 401, body: { reason: 'invalid-credentials' } });
  });

  it(`answers required before a field's format, as the forms show it (product.md "Validation rules")`, async () => {
    const session = product.session();
    const empty = await session.post('/api/auth/register', {
      username: ' ',
      firstName: 'Jana',
      lastName: 'Nováková',
      email: '',
      password: '',
      captchaToken: await captchaToken(session),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { msg: string }) => e.msg)).toEqual([
      'required',
      'required',
      'required',
    ]);
  });
});

describe('auth rate limits', () => {
  it('answers 429 rate-limited past the limit', async () => {
    const product = await startProduct('sqlite', { seed: false, authRateLimit: 3 });
    try {
      const session = product.session();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await session.post('/api/auth/login', { email: 'x@example.com', password: 'y' })).status,
        );
      }
      expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
      expect(statuses.slice(3)).toEqual([429, 429]);
      expect((await session.post('/api/auth/login', { email: 'x@example.com', password: 'y' })).body).toEqual(
        {
          reason: 'rate-limited',
        },
      );
    } finally {
      await product.close();
    }
  });
});
