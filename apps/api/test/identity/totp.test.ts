/**
 * Two-factor login by authenticator app (TOTP, RFC 6238; issue 9) through the real routes on SQLite and
 * PostgreSQL: the settings calls (set-up with the password, enable with a code, recovery codes, disable,
 * regenerate), the login that then asks for the app's code instead of mailing one, one use per time step
 * and per recovery code, the guess limit, TOTP's precedence over the mailed code, and the secret kept
 * encrypted. Codes are computed with the same library an authenticator app's algorithm follows (otpauth).
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  captchaToken,
  DATABASES,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../harness';

const BASE = '/api/private/users/me/totp';
const unauthenticated = { reason: 'unauthenticated' };

/** The app's code for a moment `offsetMs` from now (wall clock, as the product checks TOTP). */
function appCode(secret: string, offsetMs = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetMs });
}

async function login(product: Product, email: string): Promise<[Session, Answer]> {
  const session = product.session();
  const answer = await session.post('/api/auth/login', {
    email,
    password: 'secret123',
    captchaToken: await captchaToken(session),
  });
  return [session, answer];
}

async function mailCount(session: Session, to: string): Promise<number> {
  const { body } = await session.get<{ to: string }[]>('/api/dev/mail');
  return body.filter((m) => m.to === to).length;
}

/** Sets TOTP up and turns it on for a logged-in session; @returns the secret and the recovery codes. */
async function turnOn(session: Session): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await session.post(`${BASE}/setup`, { password: 'secret123' });
  expect(setup.status).toBe(200);
  const enable = await session.post(`${BASE}/enable`, { token: appCode(setup.body.secret) });
  expect(enable.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enable.body.recoveryCodes };
}

describe.each(DATABASES)('TOTP two-factor on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind, { seed: false });
  });
  afterAll(async () => product?.close());

  const userId = async (username: string) =>
    (
      await product.server.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;

  it('answers 401 to an anonymous caller of every route, whatever the body', async () => {
    const session = product.session();
    expect(await session.get(BASE)).toMatchObject({ status: 401, body: unauthenticated });
    for (const path of ['/setup', '/enable', '/disable', '/recovery-codes']) {
      for (const body of [{}, { token: 5, password: [] }, { password: 'secret123' }, { token: '123456' }]) {
        expect(await session.post(`${BASE}${path}`, body), path).toMatchObject({
          status: 401,
          body: unauthenticated,
        });
      }
    }
  });

  it('sets up with the password, enables with a code, and keeps the secret encrypted', async () => {
    const { session, username } = await registerVerified(product);
    expect(await session.get(BASE)).toMatchObject({
      status: 200,
      body: { enabled: false, recoveryCodesLeft: 0 },
    });
    expect((await session.get('/api/auth/me')).body.two_factor_method).toBeNull();

    expect(await session.post(`${BASE}/setup`, { password: 'wrong-one' })).toMatchObject({
      status: 401,
      body: { reason: 'invalid-password' },
    });
    expect((await session.post(`${BASE}/setup`, {})).status).toBe(400);

    const setup = await session.post(`${BASE}/setup`, { password: 'secret123' });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Falkenhost:/);
    expect(setup.body.uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qr).toMatch(/^data:image\/png;base64,/);
    const secret: string = setup.body.secret;

    // A code of another moment (ten minutes on) is not the code now.
    expect(await session.post(`${BASE}/enable`, { token: appCode(secret, 600_000) })).toMatchObject({
      status: 400,
      body: { reason: 'invalid-code' },
    });
    expect(await session.get(BASE)).toMatchObject({ body: { enabled: false } });

    const enable = await session.post(`${BASE}/enable`, { token: appCode(secret) });
    expect(enable.status).toBe(200);
    expect(enable.body.recoveryCodes).toHaveLength(10);
    for (const code of enable.body.recoveryCodes)
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    expect(new Set(enable.body.recoveryCodes).size).toBe(10);
    expect(await session.get(BASE)).toMatchObject({ body: { enabled: true, recoveryCodesLeft: 10 } });
    expect((await session.get('/api/auth/me')).body).toMatchObject({
      two_factor_method: 'totp',
      authenticated: true,
    });
    // Already on: a second set-up is refused.
    expect(await session.post(`${BASE}/setup`, { password: 'secret123' })).toMatchObject({
      status: 409,
      body: { reason: 'totp-enabled' },
    });

    // Neither the secret nor a recovery code is stored as given.
    const id = await userId(username);
    const { db } = product.server.ctx;
    const row = await db
      .selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(row.secret).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    expect(stored.toLowerCase()).not.toContain(secret.toLowerCase());
    const codes = await db.selectFrom('totp_recovery_codes').selectAll().where('user_id', '=', id).execute();
    expect(codes).toHaveLength(10);
    const storedCodes = JSON.stringify(codes);
    for (const code of enable.body.recoveryCodes as string[]) {
      expect(storedCodes).not.toContain(code);
      expect(storedCodes).not.toContain(code.replace('-', ''));
    }
  });

  it('asks a login for the app code: no mail, wrong code 400, a used step refused, then in', async () => {
    const { session, email } = await registerVerified(product);
    const setup = await session.post(`${BASE}/setup`, { password: 'secret123' });
    const enableCode = appCode(setup.body.secret);
    expect((await session.post(`${BASE}/enable`, { token: enableCode })).status).toBe(200);

    const mailsBefore = await mailCount(session, email);
    const [second, answer] = await login(product, email);
    expect(answer).toMatchObject({ status: 200, body: { authenticated: false, two_factor_method: 'totp' } });
    expect((await second.get('/api/private/users/me')).status).toBe(403);
    expect(await second.post('/api/auth/resend-2fa')).toMatchObject({ status: 200, body: { ok: true } });
    expect(await mailCount(session, email)).toBe(mailsBefore);

    expect(await second.post('/api/auth/2fa', { token: appCode(setup.body.secret, 600_000) })).toMatchObject({
      status: 400,
      body: { reason: 'invalid-code' },
    });
    // The code that enabled TOTP was spent with its time step.
    expect((await second.post('/api/auth/2fa', { token: enableCode })).status).toBe(400);
    expect((await second.get('/api/private/users/me')).status).toBe(403);

    // The next step's code (one step of drift is allowed), typed with a space as apps show it.
    const next = appCode(setup.body.secret, 30_000);
    const ok = await second.post('/api/auth/2fa', { token: `${next.slice(0, 3)} ${next.slice(3)}` });
    expect(ok).toMatchObject({ status: 200, body: { authenticated: true, two_factor_method: 'totp' } });
    expect((await second.get('/api/private/users/me')).status).toBe(200);

    // The same code at another login is refused.
    const [third] = await login(product, email);
    expect(await third.post('/api/auth/2fa', { token: next })).toMatchObject({
      status: 400,
      body: { reason: 'invalid-code' },
    });
    expect((await third.get('/api/private/users/me')).status).toBe(403);
  });

  it('takes a recovery code once, regenerates them, and disables', async () => {
    const { session, email } = await registerVerified(product);
    const { recoveryCodes } = await turnOn(session);

    const [second] = await login(product, email);
    // In lower case and with its hyphen, as copied.
    expect(await second.post('/api/auth/2fa', { token: recoveryCodes[0]!.toLowerCase() })).toMatchObject({
      status: 200,
      body: { authenticated: true },
    });
    const [third] = await login(product, email);
    expect(await third.post('/api/auth/2fa', { token: recoveryCodes[0] })).toMatchObject({
      status: 400,
      body: { reason: 'invalid-code' },
    });
    expect(await second.get(BASE)).toMatchObject({ body: { enabled: true, recoveryCodesLeft: 9 } });

    // Regenerate: with a wrong code nothing changes; with a recovery code every old code is replaced.
    expect(await second.post(`${BASE}/recovery-codes`, { token: 'AAAAA-BBBBB' })).toMatchObject({
      status: 400,
      body: { reason: 'invalid-code' },
    });
    const renewed = await second.post(`${BASE}/recovery-codes`, { token: recoveryCodes[1] });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(renewed.body.recoveryCodes).not.toContain(recoveryCodes[2]);
    expect(await second.get(BASE)).toMatchObject({ body: { recoveryCodesLeft: 10 } });

    // Disable: an old code no longer counts; a new one turns TOTP off and logins need nothing again.
    expect((await second.post(`${BASE}/disable`, { token: recoveryCodes[2] })).status).toBe(400);
    expect(await second.post(`${BASE}/disable`, { token: renewed.body.recoveryCodes[0] })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await second.get(BASE)).toMatchObject({ body: { enabled: false, recoveryCodesLeft: 0 } });
    expect(await second.post(`${BASE}/disable`, { token: renewed.body.recoveryCodes[1] })).toMatchObject({
      status: 409,
      body: { reason: 'totp-disabled' },
    });
    expect(await second.post(`${BASE}/recovery-codes`, { token: '123456' })).toMatchObject({
      status: 409,
      body: { reason: 'totp-disabled' },
    });
    const [, fourth] = await login(product, email);
    expect(fourth.body).toMatchObject({ authenticated: true, two_factor_method: null });
  });

  it('disables and regenerates with an app code', async () => {
    const { session } = await registerVerified(product);
    const { secret } = await turnOn(session);
    const renewed = await session.post(`${BASE}/recovery-codes`, { token: appCode(secret, 30_000) });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    // That step is used now; the one before it (also in the window, but older) is refused as well.
    expect((await session.post(`${BASE}/disable`, { token: appCode(secret, 30_000) })).status).toBe(400);
    expect((await session.post(`${BASE}/disable`, { token: appCode(secret, -30_000) })).status).toBe(400);
    expect(await session.get(BASE)).toMatchObject({ body: { enabled: true } });
  });

  it('takes precedence over the mailed code, which applies again once TOTP is off', async () => {
    const { session, email } = await registerVerified(product);
    expect(
      (await session.request('PUT', '/api/private/users/me/2fa', { two_factor_auth: true })).status,
    ).toBe(200);
    const { recoveryCodes } = await turnOn(session);

    const before = await mailCount(session, email);
    const [second, answer] = await login(product, email);
    expect(answer.body).toMatchObject({
      authenticated: false,
      two_factor_method: 'totp',
      two_factor_auth: true,
    });
    expect(await mailCount(session, email)).toBe(before);
    // A mailed-code-shaped guess is no app code.
    expect((await second.post('/api/auth/2fa', { token: 'ABCDEF' })).status).toBe(400);
    expect((await second.post('/api/auth/2fa', { token: recoveryCodes[0] })).status).toBe(200);

    expect((await second.post(`${BASE}/disable`, { token: recoveryCodes[1] })).status).toBe(200);
    const [, third] = await login(product, email);
    expect(third.body).toMatchObject({ authenticated: false, two_factor_method: 'email' });
    expect(await mailCount(session, email)).toBe(before + 1);
  });

  it('refuses further guesses after five wrong ones', async () => {
    const { session, email } = await registerVerified(product);
    const { secret } = await turnOn(session);
    const [second] = await login(product, email);
    for (let i = 0; i < 5; i++) {
      expect(
        (await second.post('/api/auth/2fa', { token: appCode(secret, 600_000 + i * 30_000) })).status,
      ).toBe(400);
    }
    expect(await second.post('/api/auth/2fa', { token: appCode(secret, 30_000) })).toMatchObject({
      status: 429,
      body: { reason: 'rate-limited' },
    });
    expect((await second.get('/api/private/users/me')).status).toBe(403);
  });

  it('still takes mailed codes of six characters only', async () => {
    const { session } = await registerVerified(product);
    const short = await session.post('/api/auth/2fa', { token: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].msg).toBe('code-length');
    expect((await session.post('/api/auth/2fa', { token: 'A'.repeat(100) })).status).toBe(400);
    // verify-email takes the mailed 6 characters only, never a recovery code's 10.
    const long = await session.post('/api/auth/verify-email', { token: 'ABCDE-FGHJK' });
    expect(long.status).toBe(400);
    expect(long.body.errors[0].msg).toBe('code-length');
  });
});
