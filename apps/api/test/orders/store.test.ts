import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingAddress,
  DATABASES,
  grantCredits,
  type Product,
  registerVerified,
  startProduct,
  uniqueName,
  waitFor,
} from '../harness';

const address = billingAddress;

describe.each(DATABASES)('public catalogue and credit orders on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind);
  });
  afterAll(async () => product?.close());

  async function orders(): Promise<number> {
    const row = await product.server.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Pays a Mollie checkout as a person would: POST the form with a status, follow nothing. */
  async function payAtCheckout(link: string, status: string): Promise<Response> {
    return fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ status }),
      redirect: 'manual',
    });
  }

  it('lists the six games by priority with their lowest price', async () => {
    const res = await product.session().get('/api/public/store/games');
    expect(res.status).toBe(200);
    expect(res.body.map((g: { name: string }) => g.name)).toEqual([
      'Minecraft',
      'ARK Survival',
      'Terraria',
      'Satisfactory',
      '7 Days To Die',
      'FiveM',
    ]);
    expect(res.body[0]).toMatchObject({
      minPrice: 100,
      desktop: true,
      image_url: '/images/games/minecraft.svg',
    });
  });

  it("lists a game's packages with euro prices, and 404 for an unknown game", async () => {
    const session = product.session();
    const games = (await session.get('/api/public/store/games')).body;
    const res = await session.get(`/api/public/store/games/packages?id=${games[0].id}`);
    expect(res.status).toBe(200);
    expect(res.body.packages).toHaveLength(4);
    expect(res.body.packages[0]).toMatchObject({
      name: 'Minecraft Starter',
      credits_monthly: 100,
      eur_price: 4,
      monthly_eur_price: 3.8,
      ram_size: 2048,
    });
    expect(res.body.packages[0].eggs.length).toBe(9);
    expect((await session.get('/api/public/store/games/packages?id=99999')).status).toBe(404);
    expect((await session.get('/api/public/store/games/packages?id=abc')).status).toBe(400);
  });

  it('buys 100 credits by card: checkout, redirect, webhook, balance 100', async () => {
    const { session } = await registerVerified(product);
    const res = await session.post('/api/private/store/order-credits', {
      ...address,
      referrer: '',
      discountCode: '',
      creditsAmount: 100,
      paymentMethod: 'creditCard',
    });
    expect(res.status).toBe(200);
    expect(res.body.link).toContain('/_emulators/mollie/checkout/tr_');
    const orderId = new URL(
      (product.server.emulators!.mollie.payments().at(-1) as { redirectUrl: string }).redirectUrl,
    ).searchParams.get('order');
    expect((await session.get(`/api/private/store/order-status?order=${orderId}`)).body).toEqual({
      status: 'pending',
      credits_amount: 100,
      paid_with: 'payment',
    });
    // The redirect alone adds nothing.
    expect((await session.get('/api/private/credits')).body.credits).toBe(0);

    const paid = await payAtCheckout(res.body.link, 'paid');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${product.url}/dashboard/shop?order=${orderId}`);
    const credits = await waitFor(
      async () => (await session.get('/api/private/credits')).body.credits,
      (c) => c === 100,
    );
    expect(credits).toBe(100);
    expect((await session.get(`/api/private/store/order-status?order=${orderId}`)).body).toEqual({
      status: 'completed',
      credits_amount: 100,
      paid_with: 'payment',
    });
    // 4.00 EUR + 1.8 % + 0.25 EUR
    const payment = product.server.emulators!.mollie.payments().at(-1) as { amount: { value: string } };
    expect(payment.amount.value).toBe('4.32');
  });

  it('returns a purchase made for a refused order with the resume marker, paid or not (decision 430)', async () => {
    const { session } = await registerVerified(product);
    const body = { ...address, creditsAmount: 25, paymentMethod: 'creditCard' };
    const refused = await session.post('/api/private/store/order-credits', { ...body, resume: 'shop' });
    expect(refused.status).toBe(400);
    for (const outcome of ['paid', 'failed'] as const) {
      const res = await session.post('/api/private/store/order-credits', { ...body, resume: 'order' });
      expect(res.status).toBe(200);
      const back = await payAtCheckout(res.body.link, outcome);
      const location = new URL(back.headers.get('location') ?? '');
      expect(location.pathname).toBe('/dashboard/shop');
      expect(location.searchParams.get('resume')).toBe('order');
      expect(location.searchParams.get('order')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('credits once when the same webhook arrives 50 times at once', async () => {
    const { session, username } = await registerVerified(product);
    const res = await session.post('/api/private/store/order-credits', {
      ...address,
      creditsAmount: 250,
      paymentMethod: 'paypal',
    });
    const paymentId = res.body.link.split('/').pop();
    // Mark it paid in the emulator without the checkout's own webhook, then deliver 50 at once.
    await payAtCheckout(res.body.link, 'paid');
    const deliveries = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${product.url}/api/webhooks/mollie`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ id: paymentId }),
        }),
      ),
    );
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    await expect.poll(async () => (await session.get('/api/private/credits')).body.credits).toBe(250);
    const ledger = await product.server.ctx.db
      .selectFrom('credit_ledger')
      .innerJoin('users', 'users.id', 'credit_ledger.user_id')
      .select('credit_ledger.amount')
      .where('credit_ledger.kind', '=', 'purchase')
      .where('users.username', '=', username)
      .execute();
    expect(ledger).toHaveLength(1);
  });

  it('leaves the balance alone for failed and canceled payments, and answers 200 to unknown ids', async () => {
    const { session } = await registerVerified(product);
    for (const status of ['failed', 'canceled', 'expired']) {
      const res = await session.post('/api/private/store/order-credits', {
        ...address,
        creditsAmount: 50,
        paymentMethod: 'creditCard',
      });
      await payAtCheckout(res.body.link, status);
    }
    // Every webhook of those payments delivered and answered.
    await product.server.emulators!.mollie.whenWebhooksIdle();
    expect((await session.get('/api/private/credits')).body.credits).toBe(0);
    const unknown = await fetch(`${product.url}/api/webhooks/mollie`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=tr_unknown1234',
    });
    expect(unknown.status).toBe(200);
  });

  it('verifies discount codes and applies them before the fee', async () => {
    const { session } = await registerVerified(product);
    expect(
      await session.post('/api/private/store/discount-verification', { code: 'welcome10' }),
    ).toMatchObject({
      status: 200,
      body: { code: 'WELCOME10', percentage: 10 },
    });
    expect(await session.post('/api/private/store/discount-verification', { code: 'NOPE' })).toMatchObject({
      status: 400,
      body: { reason: 'discount' },
    });
    const res = await session.post('/api/private/store/order-credits', {
      ...address,
      discountCode: 'WELCOME10',
      creditsAmount: 1000,
      paymentMethod: 'creditCard',
    });
    expect(res.status).toBe(200);
    // 40.00 - 10 % = 36.00, + 1.8 % + 0.25 = 36.90
    const payment = product.server.emulators!.mollie.payments().at(-1) as { amount: { value: string } };
    expect(payment.amount.value).toBe('36.90');
  });

  it("refuses bad credit orders with the spec's reasons and writes nothing", async () => {
    const { session, username } = await registerVerified(product);
    const before = await orders();
    const base = { ...address, creditsAmount: 100, paymentMethod: 'creditCard' };
    expect(
      await session.post('/api/private/store/order-credits', { ...base, discountCode: 'EXPIRED' }),
    ).toMatchObject({
      status: 400,
      body: { reason: 'discount' },
    });
    expect(
      await session.post('/api/private/store/order-credits', { ...base, referrer: username }),
    ).toMatchObject({
      status: 400,
      body: { reason: 'referrer-self' },
    });
    expect(
      await session.post('/api/private/store/order-credits', { ...base, referrer: 'nobody_at_all' }),
    ).toMatchObject({ status: 404, body: { reason: 'referrer-not-found' } });
    for (const creditsAmount of [24, 25_001, 50.5]) {
      const res = await session.post('/api/private/store/order-credits', { ...base, creditsAmount });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].msg).toBe('credits-amount');
    }
    const noCity = await session.post('/api/private/store/order-credits', { ...base, city: '' });
    expect(noCity.body.errors[0].msg).toBe('address');
    const badMethod = await session.post('/api/private/store/order-credits', {
      ...base,
      paymentMethod: 'bitcoin',
    });
    expect(badMethod.status).toBe(400);
    expect(await orders()).toBe(before);
    const anonymous = await product.session().post('/api/private/store/order-credits', base);
    expect(anonymous.status).toBe(401);
  });

  it("sets a referrer once and pays it 5 % of the referred customer's payments", async () => {
    const referrer = await registerVerified(product);
    const customer = await registerVerified(product);
    expect((await customer.session.get('/api/private/store/referrer')).status).toBe(404);
    expect(
      await customer.session.post('/api/private/store/referrer', { referrer: customer.username }),
    ).toMatchObject({ status: 400, body: { reason: 'referrer-self' } });
    expect(
      await customer.session.post('/api/private/store/referrer', { referrer: 'ghost_user' }),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await customer.session.post('/api/private/store/referrer', { referrer: referrer.username }),
    ).toMatchObject({ status: 200, body: { referrer: referrer.username } });
    expect(
      await customer.session.post('/api/private/store/referrer', { referrer: uniqueName() }),
    ).toMatchObject({ status: 400, body: { reason: 'referrer-exists' } });
    expect((await customer.session.get('/api/private/store/referrer')).body).toEqual([
      { username: referrer.username },
    ]);

    const res = await customer.session.post('/api/private/store/order-credits', {
      ...address,
      creditsAmount: 100,
      paymentMethod: 'creditCard',
    });
    await payAtCheckout(res.body.link, 'paid');
    // 5 % of 4.00 EUR spent = 0.20 EUR = 5 credits
    const bonus = await waitFor(
      async () => (await referrer.session.get('/api/private/credits')).body.credits,
      (c) => c === 5,
    );
    expect(bonus).toBe(5);
  });

  it('answers the referral card as product.md "Error catalogue" says and changes nothing on a refusal', async () => {
    const referrer = await registerVerified(product);
    const customer = await registerVerified(product);
    const gone = await registerVerified(product);
    await product.server.ctx.db
      .updateTable('users')
      .set({ active: 0 })
      .where('username', '=', gone.username)
      .execute();
    const post = (body: unknown) => customer.session.post('/api/private/store/referrer', body);
    const referrerId = async () =>
      (
        await product.server.ctx.db
          .selectFrom('users')
          .select('referrer_id')
          .where('username', '=', customer.username)
          .executeTakeFirstOrThrow()
      ).referrer_id;

    // Oneself in another case, a deactivated account, an empty field: refused, nothing set.
    expect(await post({ referrer: customer.username.toUpperCase() })).toMatchObject({
      status: 400,
      body: { reason: 'referrer-self' },
    });
    expect(await post({ referrer: gone.username })).toMatchObject({
      status: 404,
      body: { reason: 'referrer-not-found' },
    });
    expect(await post({ referrer: '   ' })).toMatchObject({ status: 400, body: { reason: 'validation' } });
    expect(await referrerId()).toBeNull();

    // Typed in another case and with spaces: the account's own spelling is set and answered.
    expect(await post({ referrer: `  ${referrer.username.toUpperCase()} ` })).toMatchObject({
      status: 200,
      body: { referrer: referrer.username },
    });
    // Locked: any further referrer, even oneself or an unknown name, is 'You already have a referrer'.
    for (const name of [customer.username, 'ghost_user', referrer.username]) {
      expect(await post({ referrer: name })).toMatchObject({
        status: 400,
        body: { reason: 'referrer-exists' },
      });
    }
    expect((await customer.session.get('/api/private/store/referrer')).body).toEqual([
      { username: referrer.username },
    ]);
    expect(await product.session().get('/api/private/store/referrer')).toMatchObject({ status: 401 });
  });

  it('serves the configured external links to anyone (demo defaults)', async () => {
    const answer = await product.session().get('/api/public/links');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      website: product.url,
      community: 'https://community.falkenhost.example',
      social: 'https://social.falkenhost.example/@falkenhost',
      panel: `${product.url}/_emulators/pterodactyl`,
    });
  });

  it('takes credits and the referral bonus back after a refund or chargeback, once each, never below zero', async () => {
    const referrer = await registerVerified(product);
    const customer = await registerVerified(product);
    await customer.session.post('/api/private/store/referrer', { referrer: referrer.username });
    const res = await customer.session.post('/api/private/store/order-credits', {
      ...address,
      creditsAmount: 100,
      paymentMethod: 'creditCard',
    });
    const paymentId: string = res.body.link.split('/').pop();
    await payAtCheckout(res.body.link, 'paid');
    const balanceOf = async (who: { session: typeof customer.session }) =>
      (await who.session.get('/api/private/credits')).body.credits as number;
    const balanceReaches = (who: { session: typeof customer.session }, credits: number) =>
      waitFor(
        () => balanceOf(who),
        (c) => c === credits,
      );
    expect(await balanceReaches(customer, 100)).toBe(100);
    expect(await balanceReaches(referrer, 5)).toBe(5);

    const mollie = product.server.emulators!.mollie;
    const deliver = () =>
      fetch(`${product.url}/api/webhooks/mollie`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id: paymentId }),
      });
    // Half of the 4.32 EUR paid is refunded: half the credits and half the bonus go back.
    mollie.refund(paymentId, 216);
    expect(await balanceReaches(customer, 50)).toBe(50);
    expect(await balanceReaches(referrer, 2.5)).toBe(2.5);
    // The same webhook again, many times at once, changes nothing more.
    await Promise.all(Array.from({ length: 10 }, deliver));
    expect(await balanceOf(customer)).toBe(50);
    expect(await balanceOf(referrer)).toBe(2.5);

    // The customer spends 40 of the 50; the bank then charges back the rest of the payment.
    await product.server.ctx.db.transaction().execute(async (trx) => {
      const { applyLedgerEntry } = await import('../../src/billing/ledger');
      const user = await trx
        .selectFrom('users')
        .select('id')
        .where('username', '=', customer.username)
        .executeTakeFirstOrThrow();
      await applyLedgerEntry(trx, {
        userId: user.id,
        amount: -40 * 10_000,
        kind: 'server-hour',
        reference: `test-spend:${user.id}`,
        now: Date.now(),
      });
    });
    mollie.chargeback(paymentId);
    expect(await balanceReaches(customer, 0)).toBe(0);
    expect(await balanceReaches(referrer, 0)).toBe(0);
    await deliver();
    expect(await balanceOf(customer)).toBe(0);
    const reversals = await product.server.ctx.db
      .selectFrom('credit_ledger')
      .select(['reference', 'amount'])
      .where('kind', '=', 'reversal')
      .where('reference', 'like', 'reversal:order:%')
      .where('user_id', '=', (eb) =>
        eb.selectFrom('users').select('id').where('username', '=', customer.username),
      )
      .orderBy('id')
      .execute();
    // 50 credits back after the refund; of the 50 owed after the chargeback only the 10 left could be taken.
    expect(reversals.map((r) => r.amount)).toEqual([-50 * 10_000, -10 * 10_000]);
  });

  it('grants test credits through the ledger only', async () => {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 7);
    expect((await session.get('/api/private/credits')).body.credits).toBe(7);
  });
});
