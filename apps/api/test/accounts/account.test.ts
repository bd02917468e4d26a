/**
 * The settings section's account calls (product.md "Account calls", "Error catalogue", "Screens and routes"
 * ("Settings") `/update-user/{token}`; issue 9) through the real routes on SQLite and PostgreSQL: profile,
 * newsletter, 2FA honoured at the next login, password change ending the other sessions, e-mail and username
 * change by mailed link (tokens reused, expired, another account's, malformed; uniqueness checked again),
 * deactivation with its servers, the data export, and the rate limits of the calls that send mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  billingAddress,
  captchaToken,
  DATABASES,
  grantCredits,
  mailedCode,
  minecraftOffer,
  orderByCredits,
  type Product,
  payAtCheckout,
  registerVerified,
  type Session,
  startProduct,
  uniqueName,
  waitFor,
} from '../harness';

const put = (session: Session, path: string, body?: unknown) =>
  session.request('PUT', `/api/private/users${path}`, body);

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

async function mails(session: Session): Promise<Mail[]> {
  return (await session.get<Mail[]>('/api/dev/mail')).body;
}

/** The token of the newest change link mailed to `to`. */
async function mailedLink(session: Session, to: string): Promise<string> {
  const mail = (await mails(session)).find((m) => m.to === to && /\/update-user\//.test(m.text));
  const token = mail?.text.match(/\/update-user\/([A-Za-z0-9_-]{43})$/m)?.[1];
  if (!token) throw new Error(`no change link mailed to ${to}`);
  return token;
}

async function login(product: Product, email: string, password = 'secret123'): Promise<[Session, Answer]> {
  const session = product.session();
  const answer = await session.post('/api/auth/login', {
    email,
    password,
    captchaToken: await captchaToken(session),
  });
  return [session, answer];
}

describe.each(DATABASES)('account settings on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind);
  });
  afterAll(async () => product?.close());

  const db = () => product.server.ctx.db;
  const userRow = (username: string) =>
    db().selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  const userById = (id: number) =>
    db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Lets the next change link be asked for (one per 120 s). */
  const nextLinkAllowed = () => product.advance(121_000);

  it('answers 401 to anonymous callers of every route, whatever the body', async () => {
    const anonymous = product.session();
    const bodies = [undefined, {}, { junk: 'x'.repeat(50) }, { password: 1, newPassword: [] }];
    const routes: Array<[string, string]> = [
      ['GET', '/me'],
      ['GET', '/me/export'],
      ['PUT', '/me/update-password'],
      ['PUT', '/me/newsletter'],
      ['PUT', '/me/2fa'],
      ['PUT', '/me/deactivate'],
      ['PUT', '/me/update-user'],
    ];
    for (const [method, path] of routes)
      for (const body of method === 'GET' ? [undefined] : bodies) {
        const answer = await anonymous.request(method, `/api/private/users${path}`, body);
        expect(answer, `${method} ${path} ${JSON.stringify(body)}`).toMatchObject({
          status: 401,
          body: { reason: 'unauthenticated' },
        });
      }
    // Not verified yet: 403, as every private route.
    const pending = product.session();
    const name = uniqueName();
    await pending.post('/api/auth/register', {
      username: name,
      firstName: 'Eva',
      lastName: 'Nová',
      email: `${name.toLowerCase()}@example.com`,
      password: 'secret123',
      captchaToken: await captchaToken(pending),
    });
    expect(await pending.get('/api/private/users/me')).toMatchObject({
      status: 403,
      body: { reason: 'unverified' },
    });
  });

  it('reads the profile', async () => {
    const { session, username, email } = await registerVerified(product);
    const row = await userRow(username);
    const answer = await session.get('/api/private/users/me');
    expect(answer).toMatchObject({
      status: 200,
      body: {
        username,
        email,
        role: 'customer',
        two_factor_auth: false,
        news_subscription: false,
        created_at: new Date(row.created_at).toISOString(),
      },
    });
    expect(Object.keys(answer.body).sort()).toEqual(
      ['created_at', 'email', 'news_subscription', 'role', 'two_factor_auth', 'username'].sort(),
    );
  });

  it('turns the newsletter on and off', async () => {
    const { session, username } = await registerVerified(product);
    expect(await put(session, '/me/newsletter', { news_subscription: true })).toMatchObject({
      status: 200,
      body: { news_subscription: true },
    });
    expect((await userRow(username)).news_subscription).toBe(1);
    expect((await put(session, '/me/newsletter', { news_subscription: false })).body.news_subscription).toBe(
      false,
    );
    expect((await userRow(username)).news_subscription).toBe(0);
    // Not a boolean: 400, nothing changed.
    expect(await put(session, '/me/newsletter', { news_subscription: 'yes' })).toMatchObject({
      status: 400,
      body: { reason: 'validation' },
    });
    expect((await userRow(username)).news_subscription).toBe(0);
  });

  it('turns 2FA on: the next login asks for the mailed code; off again: it does not', async () => {
    const { session, email } = await registerVerified(product);
    expect(await put(session, '/me/2fa', { two_factor_auth: true })).toMatchObject({
      status: 200,
      body: { two_factor_auth: true },
    });
    const [second, answer] = await login(product, email);
    expect(answer).toMatchObject({ status: 200, body: { two_factor_auth: true, authenticated: false } });
    expect((await second.get('/api/private/users/me')).status).toBe(403);
    const code = await mailedCode(second, email);
    expect((await second.post('/api/auth/2fa', { token: code })).body.authenticated).toBe(true);
    expect((await second.get('/api/private/users/me')).body.two_factor_auth).toBe(true);

    expect((await put(second, '/me/2fa', { two_factor_auth: false })).body.two_factor_auth).toBe(false);
    const [, third] = await login(product, email);
    expect(third.body).toMatchObject({ two_factor_auth: false, authenticated: true });
  });

  it('changes the password: wrong current 401, rules, other sessions end, the caller goes on', async () => {
    const { session, email, username } = await registerVerified(product);
    const [other] = await login(product, email);
    expect((await other.get('/api/private/users/me')).status).toBe(200);
    const hashBefore = (await userRow(username)).password_hash;

    expect(
      await put(session, '/me/update-password', { password: 'wrong-one', newPassword: 'better123' }),
    ).toMatchObject({ status: 401, body: { reason: 'invalid-password' } });
    const short = await put(session, '/me/update-password', { password: 'secret123', newPassword: '12345' });
    expect(short).toMatchObject({ status: 400, body: { reason: 'validation' } });
    expect(short.body.errors[0]).toMatchObject({ msg: 'password-length', path: 'newPassword' });
    const missing = await put(session, '/me/update-password', { password: 'secret123' });
    expect(missing.status).toBe(400);
    expect((await userRow(username)).password_hash).toBe(hashBefore);
    expect((await other.get('/api/private/users/me')).status).toBe(200);

    expect(
      await put(session, '/me/update-password', { password: 'secret123', newPassword: 'better123' }),
    ).toMatchObject({ status: 200, body: { ok: true } });
    // The caller continues, also after a refresh; the other login is over at its next request.
    expect((await session.get('/api/private/users/me')).status).toBe(200);
    expect((await session.post('/api/auth/refresh-token')).status).toBe(200);
    expect((await session.get('/api/private/users/me')).status).toBe(200);
    expect((await other.get('/api/private/users/me')).status).toBe(401);
    expect((await other.post('/api/auth/refresh-token')).status).toBe(401);
    // Only the new password logs in; the old address is told.
    expect((await login(product, email))[1].status).toBe(401);
    expect((await login(product, email, 'better123'))[1].status).toBe(200);
    expect((await mails(session)).find((m) => m.to === email)?.subject).toBe(
      'Your Falkenhost password was changed',
    );
  });

  it('changes the e-mail through the mailed link: nothing before, verified after, the old address told', async () => {
    const { session, email, username } = await registerVerified(product);
    const newEmail = `${uniqueName('new').toLowerCase()}@example.com`;
    const answer = await put(session, '/me/update-user', {
      username: '',
      email: ` ${newEmail.toUpperCase()} `,
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, sentTo: newEmail } });
    // Nothing changes before the link is opened.
    expect((await userRow(username)).email).toBe(email);
    const mail = (await mails(session)).find((m) => m.to === newEmail);
    expect(mail?.subject).toBe('Confirm your new e-mail address for Falkenhost');
    expect(mail?.html).toContain(`${product.url}/update-user/`);
    const token = await mailedLink(session, newEmail);
    const row = await db()
      .selectFrom('account_changes')
      .selectAll()
      .where('sent_to', '=', newEmail)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

    // Opened in a browser where nobody is logged in: the token is the proof.
    const elsewhere = product.session();
    expect(await put(elsewhere, '/me/update-user-execute', { token })).toMatchObject({
      status: 200,
      body: { username, email: newEmail, emailChanged: true, usernameChanged: false },
    });
    const after = await userRow(username);
    expect(after).toMatchObject({ email: newEmail, email_verified: 1 });
    expect((await session.get('/api/private/users/me')).body.email).toBe(newEmail);
    const notice = (await mails(session)).find((m) => m.to === email);
    expect(notice?.subject).toBe('The e-mail address of your Falkenhost account was changed');
    expect(notice?.text).toContain(newEmail);
    expect((await login(product, newEmail))[1].status).toBe(200);
    expect((await login(product, email))[1].status).toBe(401);
    // Used once: the same link again is refused and changes nothing.
    expect(await put(elsewhere, '/me/update-user-execute', { token })).toMatchObject({
      status: 400,
      body: { reason: 'invalid-token' },
    });
  });

  it('applies a link once when it is opened several times at once', async () => {
    const { session, username } = await registerVerified(product);
    const newName = uniqueName('race');
    expect((await put(session, '/me/update-user', { username: newName })).status).toBe(200);
    const token = await mailedLink(session, `${username.toLowerCase()}@example.com`);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => put(product.session(), '/me/update-user-execute', { token })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.reason === 'invalid-token')).toHaveLength(5);
    expect((await session.get('/api/private/users/me')).body.username).toBe(newName);
  });

  it('changes only the username: the link goes to the current address', async () => {
    const { session, email, username } = await registerVerified(product);
    const newName = uniqueName('renamed');
    session.acceptLanguage = 'cs, *;q=0.5';
    expect(await put(session, '/me/update-user', { username: newName, email })).toMatchObject({
      status: 200,
      body: { sentTo: email },
    });
    const mail = (await mails(session)).find((m) => m.to === email && m.text.includes('/update-user/'));
    expect(mail?.subject).toBe('Confirm your new Falkenhost username');
    expect(mail?.text).toContain(newName);
    expect((await userRow(username)).username).toBe(username);
    const token = await mailedLink(session, email);
    expect(await put(session, '/me/update-user-execute', { token })).toMatchObject({
      status: 200,
      body: { username: newName, email, usernameChanged: true, emailChanged: false },
    });
    expect((await session.get('/api/private/users/me')).body.username).toBe(newName);
  });

  it('changes both at once with one link to the new address', async () => {
    const { session, username } = await registerVerified(product);
    const newName = uniqueName('both');
    const newEmail = `${newName.toLowerCase()}@example.net`;
    expect((await put(session, '/me/update-user', { username: newName, email: newEmail })).status).toBe(200);
    const token = await mailedLink(session, newEmail);
    expect((await put(session, '/me/update-user-execute', { token })).body).toMatchObject({
      username: newName,
      email: newEmail,
      usernameChanged: true,
      emailChanged: true,
    });
    expect(await db().selectFrom('users').select('id').where('username', '=', username).execute()).toEqual(
      [],
    );
  });

  it('answers the update-user errors of product.md "Error catalogue" and mails nothing', async () => {
    const { session, email, username } = await registerVerified(product);
    const other = await registerVerified(product);
    const before = (await mails(session)).length;
    const update = (body: unknown) => put(session, '/me/update-user', body);
    for (const body of [{ username: '', email: '' }, {}, { username: username, email: email.toUpperCase() }])
      expect(await update(body), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { reason: 'empty-fields' },
      });
    expect(await update({ username: other.username.toUpperCase(), email: '' })).toMatchObject({
      status: 400,
      body: { reason: 'username' },
    });
    expect(await update({ username: '', email: other.email })).toMatchObject({
      status: 400,
      body: { reason: 'email' },
    });
    for (const bad of ['not-an-email', 'a@b', 'two@@example.com'])
      expect(await update({ email: bad }), bad).toMatchObject({
        status: 400,
        body: { reason: 'email_format' },
      });
    const invalidName = await update({ username: 'has space' });
    expect(invalidName).toMatchObject({ status: 400, body: { reason: 'validation' } });
    expect(invalidName.body.errors[0].msg).toBe('username');
    expect(await update({ username: 42 })).toMatchObject({ status: 400 });
    expect((await mails(session)).length).toBe(before);
    expect(
      await db()
        .selectFrom('account_changes')
        .innerJoin('users', 'users.id', 'account_changes.user_id')
        .select('account_changes.id')
        .where('users.username', '=', username)
        .execute(),
    ).toEqual([]);
  });

  it('mails a link once per 120 s, and a new link replaces the earlier one', async () => {
    const { session, username } = await registerVerified(product);
    const first = uniqueName('first');
    const second = uniqueName('second');
    expect((await put(session, '/me/update-user', { username: first })).status).toBe(200);
    const firstToken = await mailedLink(session, `${username.toLowerCase()}@example.com`);
    expect(await put(session, '/me/update-user', { username: second })).toMatchObject({
      status: 429,
      body: { reason: 'too-soon' },
    });
    nextLinkAllowed();
    await session.post('/api/auth/refresh-token');
    expect((await put(session, '/me/update-user', { username: second })).status).toBe(200);
    const secondToken = await mailedLink(session, `${username.toLowerCase()}@example.com`);
    expect(secondToken).not.toBe(firstToken);
    expect(await put(session, '/me/update-user-execute', { token: firstToken })).toMatchObject({
      status: 400,
      body: { reason: 'invalid-token' },
    });
    expect((await put(session, '/me/update-user-execute', { token: secondToken })).body.username).toBe(
      second,
    );
  });

  it("refuses expired, malformed and other accounts' tokens and changes nothing", async () => {
    const owner = await registerVerified(product);
    const stranger = await registerVerified(product);
    const ownerId = (await userRow(owner.username)).id;
    const newEmail = `${uniqueName('exp').toLowerCase()}@example.com`;
    expect((await put(owner.session, '/me/update-user', { email: newEmail })).status).toBe(200);
    const token = await mailedLink(owner.session, newEmail);
    const invalid = { status: 400, body: { reason: 'invalid-token' } };

    // Malformed or missing.
    for (const body of [
      { token: 'abc' },
      { token: '' },
      {},
      { token: 42 },
      { token: `${token}x` },
      { token: token.replace(/.$/, '!') },
    ])
      expect(await put(owner.session, '/me/update-user-execute', body), JSON.stringify(body)).toMatchObject(
        invalid,
      );
    // Another account is logged in: the link is not theirs.
    expect(await put(stranger.session, '/me/update-user-execute', { token })).toMatchObject(invalid);
    expect((await userById(ownerId)).email).toBe(owner.email);
    expect((await userRow(stranger.username)).email).toBe(stranger.email);

    // Expired after 24 hours.
    product.advance(24 * 3_600_000 + 1_000);
    expect(await put(product.session(), '/me/update-user-execute', { token })).toMatchObject(invalid);
    expect((await userById(ownerId)).email).toBe(owner.email);
  });

  it('checks uniqueness again when the link is opened; the link stays usable', async () => {
    const { session, username } = await registerVerified(product);
    const wantedName = uniqueName('wanted');
    const wantedEmail = `${wantedName.toLowerCase()}@example.org`;
    expect((await put(session, '/me/update-user', { email: wantedEmail })).status).toBe(200);
    const emailToken = await mailedLink(session, wantedEmail);
    // Someone registers the address meanwhile.
    const rival = product.session();
    expect(
      (
        await rival.post('/api/auth/register', {
          username: uniqueName('rival'),
          firstName: 'Rival',
          lastName: 'User',
          email: wantedEmail,
          password: 'secret123',
          captchaToken: await captchaToken(rival),
        })
      ).status,
    ).toBe(201);
    expect(await put(session, '/me/update-user-execute', { token: emailToken })).toMatchObject({
      status: 400,
      body: { reason: 'email' },
    });
    expect((await userRow(username)).email).toBe(`${username.toLowerCase()}@example.com`);

    nextLinkAllowed();
    await session.post('/api/auth/refresh-token');
    expect((await put(session, '/me/update-user', { username: wantedName })).status).toBe(200);
    const nameToken = await mailedLink(session, `${username.toLowerCase()}@example.com`);
    const taker = await registerVerified(product);
    nextLinkAllowed();
    await taker.session.post('/api/auth/refresh-token');
    await session.post('/api/auth/refresh-token');
    expect((await put(taker.session, '/me/update-user', { username: wantedName.toUpperCase() })).status).toBe(
      200,
    );
    const takerToken = await mailedLink(taker.session, taker.email);
    expect((await put(taker.session, '/me/update-user-execute', { token: takerToken })).status).toBe(200);
    expect(await put(session, '/me/update-user-execute', { token: nameToken })).toMatchObject({
      status: 400,
      body: { reason: 'username' },
    });
    expect((await userRow(username)).username).toBe(username);
  });

  it("exports the customer's own data as a JSON download, nothing of other customers", async () => {
    const me = await registerVerified(product);
    const other = await registerVerified(product);
    await grantCredits(product, me.username, 100);
    await grantCredits(product, other.username, 100);
    await orderByCredits(me.session, 'mine-hourly');
    await orderByCredits(other.session, 'theirs-hourly');
    // A monthly server by card: an order with a billing address, and an invoice.
    const { pkg, location, egg } = await minecraftOffer(me.session);
    const order = await me.session.post('/api/private/store/order-package', {
      ...billingAddress,
      referrer: '',
      discountCode: '',
      name: 'mine-monthly',
      paymentMethod: 'creditCard',
      packageId: pkg.id,
      eggId: egg,
      locationId: location.id,
      addonIds: '[]',
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    await payAtCheckout(order.body.link);
    const invoices = await waitFor(
      async () => (await me.session.get('/api/private/billing/invoices')).body as unknown[],
      (list) => list.length > 0,
    );
    expect(invoices.length).toBeGreaterThan(0);

    const answer = await me.session.get('/api/private/users/me/export');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="falkenhost-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = answer.body;
    expect(data).toMatchObject({
      format: 'falkenhost-account-export',
      version: 1,
      profile: { username: me.username, email: me.email, first_name: 'Test', last_name: 'User' },
    });
    expect(data.servers.map((s: { name: string }) => s.name).sort()).toEqual(['mine-hourly', 'mine-monthly']);
    expect(data.orders.length).toBeGreaterThanOrEqual(2);
    expect(
      data.orders.some(
        (o: { billing_address: { city?: string } | null }) => o.billing_address?.city === 'Brno',
      ),
    ).toBe(true);
    expect(data.credit_ledger.length).toBeGreaterThanOrEqual(2);
    expect(data.invoices.length).toBe(invoices.length);
    expect(data.invoices[0].pdf_url).toMatch(/^\/api\/private\/billing\/invoices\/\d+\/pdf$/);
    const text = JSON.stringify(data);
    expect(text).not.toContain(other.username);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain('theirs-hourly');
    expect(text).not.toContain('$argon2');
  });

  it('deactivates: sessions end, login is refused, hourly servers are deleted, subscriptions cancelled', async () => {
    const me = await registerVerified(product);
    await grantCredits(product, me.username, 100);
    const hourlyId = await orderByCredits(me.session, 'leaving-hourly');
    const { pkg, location, egg } = await minecraftOffer(me.session);
    const order = await me.session.post('/api/private/store/order-package', {
      ...billingAddress,
      referrer: '',
      discountCode: '',
      name: 'leaving-monthly',
      paymentMethod: 'creditCard',
      packageId: pkg.id,
      eggId: egg,
      locationId: location.id,
      addonIds: '[]',
    });
    expect(order.status).toBe(200);
    await payAtCheckout(order.body.link);
    const monthly = await waitFor(
      () =>
        db().selectFrom('user_packages').selectAll().where('name', '=', 'leaving-monthly').executeTakeFirst(),
      (row) => row?.status === 'paid' && row.mollie_subscription_id !== null,
    );
    expect(monthly?.mollie_subscription_id).toBeTruthy();
    const [other] = await login(product, me.email);
    const ledgerBefore = await db()
      .selectFrom('credit_ledger')
      .select('id')
      .where('user_id', '=', monthly!.user_id)
      .execute();

    const answer = await put(me.session, '/me/deactivate');
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect(me.session.hasCookie('fh_access')).toBe(false);
    expect(me.session.hasCookie('fh_refresh')).toBe(false);
    expect((await other.get('/api/private/users/me')).status).toBe(401);
    expect((await other.post('/api/auth/refresh-token')).status).toBe(401);
    expect((await login(product, me.email))[1]).toMatchObject({
      status: 401,
      body: { reason: 'account-deactivated' },
    });
    const row = await userRow(me.username);
    expect(row).toMatchObject({ active: 0, news_subscription: 0 });
    const hourly = await db()
      .selectFrom('user_packages')
      .selectAll()
      .where('id', '=', hourlyId)
      .executeTakeFirstOrThrow();
    expect(['deleting', 'deleted']).toContain(hourly.status);
    const after = await db()
      .selectFrom('user_packages')
      .selectAll()
      .where('id', '=', monthly!.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'paid', mollie_subscription_id: null, mollie_mandate_id: null });
    expect(after.cancelled_at).not.toBeNull();
    // The records a business must keep stay.
    expect(
      (await db().selectFrom('credit_ledger').select('id').where('user_id', '=', row.id).execute()).length,
    ).toBeGreaterThanOrEqual(ledgerBefore.length);
    expect(
      (await db().selectFrom('invoices').select('id').where('user_id', '=', row.id).execute()).length,
    ).toBeGreaterThan(0);
    expect(
      (await db().selectFrom('orders').select('id').where('user_id', '=', row.id).execute()).length,
    ).toBeGreaterThan(0);
    expect((await mails(other)).find((m) => m.to === me.email)?.subject).toBe(
      'Your Falkenhost account was deactivated',
    );
  });

  it('a change link of a deactivated account no longer works', async () => {
    const me = await registerVerified(product);
    const newEmail = `${uniqueName('gone').toLowerCase()}@example.com`;
    expect((await put(me.session, '/me/update-user', { email: newEmail })).status).toBe(200);
    const token = await mailedLink(me.session, newEmail);
    expect((await put(me.session, '/me/deactivate')).status).toBe(200);
    expect(await put(product.session(), '/me/update-user-execute', { token })).toMatchObject({
      status: 400,
      body: { reason: 'invalid-token' },
    });
    expect((await userRow(me.username)).email).toBe(me.email);
  });
});

describe('account rate limits', () => {
  it('answers 429 past the limit on every call that sends mail or hashes a password', async () => {
    const product = await startProduct('sqlite', { seed: false, authRateLimit: 3 });
    try {
      const { session } = await registerVerified(product);
      const other = await registerVerified(product);
      const master = await registerVerified(product);
      const statuses = async (call: () => Promise<Answer>) => {
        const out: number[] = [];
        for (let i = 0; i < 4; i++) out.push((await call()).status);
        return out;
      };
      expect(
        await statuses(() =>
          put(session, '/me/update-password', { password: 'wrong', newPassword: 'better123' }),
        ),
      ).toEqual([401, 401, 401, 429]);
      expect(await statuses(() => put(session, '/me/update-user', { username: '', email: '' }))).toEqual([
        400, 400, 400, 429,
      ]);
      expect(await statuses(() => put(session, '/me/update-user-execute', { token: 'x' }))).toEqual([
        400, 400, 400, 429,
      ]);
      expect(await statuses(() => session.get('/api/private/users/me/export'))).toEqual([200, 200, 200, 429]);
      // A master may not deactivate itself (403): counted all the same.
      await product.server.ctx.db
        .updateTable('users')
        .set({ role: 'master' })
        .where('username', '=', master.username)
        .execute();
      expect(await statuses(() => put(master.session, '/me/deactivate'))).toEqual([403, 403, 403, 429]);
      expect((await put(session, '/me/update-user', {})).body).toEqual({ reason: 'rate-limited' });
      // The other customer has their own count.
      expect((await put(other.session, '/me/update-user', {})).status).toBe(400);
    } finally {
      await product.close();
    }
  });
});
