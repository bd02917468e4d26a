/**
 * Servers paid monthly by card (issue 8) through the real routes, the real Mollie and Pterodactyl
 * clients and both emulators: the order, the first payment's webhook (also 50 at once), renewals (also
 * delivered twice), a failed renewal, the end of the period, unsuspend by paying, cancel, a payment that
 * cannot get a server (refunded), changes paid pro rata, invoices gap-free under 50 concurrent payments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTick } from '../../src/jobs/tick';
import { RENEWAL_GRACE_MS } from '../../src/orders/renewals/monthly-expiry';
import { syncSubscription } from '../../src/orders/subscriptions/subscription-sync';
import { DAY_MS } from '../../src/platform/clock';
import { periodEnd } from '../../src/servers/paid-period';
import {
  billingAddress,
  captchaToken,
  DATABASES,
  grantCredits,
  orderMonthly,
  type Product,
  payAtCheckout,
  registerVerified,
  type Session,
  startProduct,
  waitFor,
} from '../harness';

/**
 * Makes `tries` of the product's tries to create a server fail with 500: each is the panel client's
 * own three attempts (it retries a create without a clear answer, finding it by external_id first).
 */
function failCreates(
  panel: { failNext(op: 'createServer', failure: { status: number }): void },
  tries: number,
): void {
  for (let i = 0; i < tries * 3; i++) panel.failNext('createServer', { status: 500 });
}

describe.each(DATABASES)('monthly servers by card on %s', (kind) => {
  let product: Product;

  beforeAll(async () => {
    product = await startProduct(kind);
  });
  afterAll(async () => {
    await product.close();
  });

  const mollie = () => {
    const state = product.server.emulators?.mollie;
    if (!state) throw new Error('no Mollie emulator');
    return state;
  };
  const db = () => product.server.ctx.db;

  async function owned(session: Session, name: string) {
    const list = (await session.get('/api/private/servers/owned-servers')).body as Array<{
      name: string;
      status: string;
      billing_type: string;
      paid_until: string | null;
      cancelled: boolean;
      user_package_id: number;
      eurPriceWithCreditCardFee: number;
      suspension_reason: string | null;
    }>;
    return list.find((s) => s.name === name);
  }

  /** Buys a server monthly and waits until it runs with its subscription; returns its user package id. */
  async function buyMonthly(session: Session, name: string): Promise<number> {
    const res = await orderMonthly(session, name);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await payAtCheckout(res.body.link);
    const server = await waitFor(
      () => owned(session, name),
      (s) => s?.status === 'paid',
    );
    expect(server?.status).toBe('paid');
    // The subscription follows the adoption, after the server is shown running.
    const row = await waitFor(
      () => serverRow(server!.user_package_id),
      (r) => r.mollie_subscription_id !== null,
    );
    expect(row.mollie_subscription_id).toMatch(/^sub_/);
    return server!.user_package_id;
  }

  async function serverRow(id: number) {
    return db().selectFrom('user_packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /**
   * Moves the clock, lets Mollie charge what fell due (webhooks answered), runs the jobs; the sessions
   * given log in again (a month outlives their tokens).
   */
  async function advance(ms: number, ...people: Array<{ session: Session; email: string }>): Promise<void> {
    product.advance(ms);
    await mollie().runDueSubscriptions();
    await runTick(product.server.ctx);
    for (const person of people) {
      const res = await person.session.post('/api/auth/login', {
        email: person.email,
        password: 'secret123',
        captchaToken: await captchaToken(person.session),
      });
      if (res.status !== 200) throw new Error(`login after the clock moved: ${res.status}`);
    }
  }

  /**
   * After a failed renewal: the clock passes every retry on the mandate (RENEWAL_RETRY_DAYS, each failing
   * as the customer's recurring outcome says) and the jobs run until the server is suspended.
   */
  async function throughGrace(id: number, ...people: Array<{ session: Session; email: string }>) {
    const store = mollie().store;
    const before = store.recurringAutoPaidAfterMs;
    store.recurringAutoPaidAfterMs = 20;
    try {
      const last = Math.max(...product.server.ctx.config.renewalRetryDays);
      for (let day = 0; day < last; day++) await advance(DAY_MS, ...people);
      return await waitFor(
        async () => {
          await runTick(product.server.ctx);
          return serverRow(id);
        },
        (r) => r.status === 'suspended',
        15_000,
      );
    } finally {
      store.recurringAutoPaidAfterMs = before;
    }
  }

  it('buys a Minecraft package monthly: first payment, server, subscription, invoice with receipt', async () => {
    const { session, email } = await registerVerified(product);
    const res = await orderMonthly(session, 'Monthly one');
    expect(res.status).toBe(200);
    expect(res.body.link).toContain('/_emulators/mollie/checkout/tr_');
    const paymentId = res.body.link.split('/').pop();
    const payment = mollie().payment(paymentId);
    // Minecraft Starter: 100 credits = 4.00 EUR, -5 % = 3.80, + 1.8 % + 0.25 = 4.12 EUR
    expect(payment.amount.value).toBe('4.12');
    expect(payment.sequenceType).toBe('first');
    expect(payment.customerId).toMatch(/^cst_/);

    await payAtCheckout(res.body.link);
    const server = await waitFor(
      () => owned(session, 'Monthly one'),
      (s) => s?.status === 'paid',
    );
    expect(server).toMatchObject({
      billing_type: 'monthly',
      cancelled: false,
      eurPriceWithCreditCardFee: 4.12,
    });
    // The subscription follows the server's adoption at once (services/subscriptions.ts).
    const row = await waitFor(
      () => serverRow(server!.user_package_id),
      (r) => r.mollie_subscription_id !== null,
    );
    expect(row.mollie_subscription_id).toMatch(/^sub_/);
    const paidUntil = Date.parse(server!.paid_until!);
    expect(paidUntil - product.server.ctx.now()).toBeGreaterThan(27 * DAY_MS);
    const subscription = mollie().store.subscriptions.get(row.mollie_subscription_id!);
    expect(subscription).toMatchObject({ status: 'active', interval: '1 month', amount: { value: '4.12' } });
    expect(subscription?.startDate).toBe(new Date(paidUntil).toISOString().slice(0, 10));

    const invoices = (await session.get('/api/private/billing/invoices')).body;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ kind: 'invoice', total: 4.12 });
    expect(invoices[0].number).toMatch(/^\d{4}-\d{6}$/);
    const pdf = await session.get(invoices[0].pdf_url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(String(pdf.body).startsWith('%PDF-')).toBe(true);
    const mail = await waitFor(
      async () =>
        (
          (await session.get('/api/dev/mail')).body as Array<{
            to: string;
            subject: string;
            attachments: unknown[];
          }>
        ).find((m) => m.to === email && m.subject.includes(invoices[0].number)),
      (m) => m !== undefined,
    );
    expect(mail?.attachments).toEqual([
      expect.objectContaining({
        filename: `invoice-${invoices[0].number}.pdf`,
        contentType: 'application/pdf',
      }),
    ]);
    // Another customer cannot read it.
    const other = await registerVerified(product);
    expect((await other.session.get(invoices[0].pdf_url)).status).toBe(404);
  });

  it('makes one server and one subscription when the first payment webhook comes 50 times at once', async () => {
    const { session, username } = await registerVerified(product);
    const res = await orderMonthly(session, 'Fifty');
    const paymentId = res.body.link.split('/').pop();
    mollie().setPaymentStatus(paymentId, 'paid');
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
    await waitFor(
      () => owned(session, 'Fifty'),
      (s) => s?.status === 'paid',
    );
    await runTick(product.server.ctx);
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const servers = await db()
      .selectFrom('user_packages')
      .select('id')
      .where('user_id', '=', user.id)
      .where('status', '!=', 'failed')
      .execute();
    expect(servers).toHaveLength(1);
    const panel = product.server
      .emulators!.pterodactyl.servers()
      .filter((s) => s.external_id === `falkenhost-server-${servers[0]!.id}`);
    expect(panel).toHaveLength(1);
    const subscriptions = [...mollie().store.subscriptions.values()].filter(
      (s) => s.customerId === user.mollie_customer_id,
    );
    expect(subscriptions).toHaveLength(1);
    const invoices = await db().selectFrom('invoices').select('id').where('user_id', '=', user.id).execute();
    expect(invoices).toHaveLength(1);
  });

  it('extends the period once per renewal, also when the renewal webhook comes twice', async () => {
    const person = await registerVerified(product);
    const { session } = person;
    const id = await buyMonthly(session, 'Renewed');
    const before = await serverRow(id);
    await advance(before.paid_until! - product.server.ctx.now() + 60_000, person);
    const after = await serverRow(id);
    expect(after.status).toBe('paid');
    expect(after.periods_paid).toBe(2);
    expect(after.paid_until! - before.paid_until!).toBeGreaterThan(27 * DAY_MS);
    const renewal = mollie()
      .payments()
      .find((p) => p.subscriptionId === before.mollie_subscription_id);
    expect(renewal?.status).toBe('paid');
    for (let i = 0; i < 2; i++) {
      const again = await fetch(`${product.url}/api/webhooks/mollie`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id: renewal!.id }),
      });
      expect(again.status).toBe(200);
    }
    expect((await serverRow(id)).periods_paid).toBe(2);
    const invoices = (await session.get('/api/private/billing/invoices')).body;
    expect(invoices).toHaveLength(2);
  });

  it('never settles a renewal whose amount differs, also when its webhook or the poller comes again', async () => {
    const person = await registerVerified(product);
    const id = await buyMonthly(person.session, 'Odd renewal');
    await db()
      .updateTable('user_packages')
      .set({ monthly_amount_cents: 1, subscription_amount_cents: 1 })
      .where('id', '=', id)
      .execute();
    const before = await serverRow(id);
    product.advance(before.paid_until! - product.server.ctx.now() - 60_000);
    await mollie().runDueSubscriptions();
    const renewal = mollie()
      .payments()
      .find((p) => p.subscriptionId === before.mollie_subscription_id);
    expect(renewal?.status).toBe('paid');
    const { settleMolliePayment } = await import('../../src/orders/mollie-webhook');
    expect(await settleMolliePayment(product.server.ctx, renewal!.id)).toBe('unchanged');
    const order = await db()
      .selectFrom('orders')
      .select('status')
      .where('mollie_payment_id', '=', renewal!.id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('pending');
    expect((await serverRow(id)).periods_paid).toBe(1);
  });

  it('suspends after a failed renewal, then unsuspends by a new payment with a new subscription', async () => {
    const person = await registerVerified(product);
    const { session, email } = person;
    const id = await buyMonthly(session, 'Failing');
    const first = await serverRow(id);
    mollie().setRecurringOutcome({ email }, 'failed');
    await advance(first.paid_until! - product.server.ctx.now() + 60_000, person);
    // The server runs through its grace while the payment is retried (renewal-retries.test.ts).
    expect((await serverRow(id)).status).toBe('paid');
    const suspended = await throughGrace(id, person);
    expect(suspended.status).toBe('suspended');
    expect(suspended.renewal_failed_at).not.toBeNull();
    expect(suspended.mollie_subscription_id).toBeNull();
    expect(mollie().store.subscriptions.get(first.mollie_subscription_id!)?.status).toBe('canceled');
    const panel = product.server.emulators!.pterodactyl.servers().find((s) => s.id === first.ptero_server_id);
    expect(panel?.status).toBe('suspended');

    // The card says why (decision 430): the renewal failed.
    expect((await owned(session, 'Failing'))?.suspension_reason).toBe('renewal');

    mollie().setRecurringOutcome({ email }, 'paid');
    const res = await session.post('/api/private/servers/unsuspend-server', { id });
    expect(res.status).toBe(200);
    expect(res.body.link).toContain('/_emulators/mollie/checkout/tr_');
    // Paid or not, the checkout returns to the server's address (decision 433).
    const checkout = mollie().store.payments.get(res.body.link.match(/tr_\w+/)![0]);
    expect(checkout?.redirectUrl).toMatch(new RegExp(`/dashboard/servers/${id}\\?order=[0-9a-f-]{36}$`));
    await payAtCheckout(res.body.link);
    const woken = await waitFor(
      () => serverRow(id),
      (s) => s.status === 'paid' && s.mollie_subscription_id !== null,
    );
    expect(woken.status).toBe('paid');
    expect(woken.mollie_subscription_id).not.toBe(first.mollie_subscription_id);
    await runTick(product.server.ctx);
    const panelAfter = product.server
      .emulators!.pterodactyl.servers()
      .find((s) => s.id === first.ptero_server_id);
    expect(panelAfter?.status).not.toBe('suspended');
  });

  it('cancels: the subscription ends, the server runs to the end of its period, then is suspended and deleted', async () => {
    const person = await registerVerified(product);
    const { session } = person;
    const id = await buyMonthly(session, 'Cancelled');
    const row = await serverRow(id);
    const res = await session.post('/api/private/servers/cancel-server', { id });
    expect(res.status).toBe(200);
    expect(res.body.paid_until).toBe(new Date(row.paid_until!).toISOString());
    expect(mollie().store.subscriptions.get(row.mollie_subscription_id!)?.status).toBe('canceled');
    expect(await owned(session, 'Cancelled')).toMatchObject({ status: 'paid', cancelled: true });
    expect((await session.post('/api/private/servers/cancel-server', { id })).status).toBe(409);

    await advance(row.paid_until! - product.server.ctx.now() - 60_000);
    expect((await serverRow(id)).status).toBe('paid');
    await advance(2 * 60_000);
    expect((await serverRow(id)).status).toBe('suspended');
    expect((await owned(session, 'Cancelled'))?.suspension_reason).toBe('ended');
    await advance(product.server.ctx.config.suspendDays * DAY_MS + 60_000, person);
    expect(['deleting', 'deleted']).toContain((await serverRow(id)).status);
    expect(await owned(session, 'Cancelled')).toBeUndefined();
  });

  it('refunds a payment that can no longer get a server, with a credit note and a mail', async () => {
    const { session, email } = await registerVerified(product);
    const res = await orderMonthly(session, 'No room');
    expect(res.status).toBe(200);
    // Capacity is gone between the order and the payment: the order's package no longer fits any node.
    const order = await db().selectFrom('orders').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    const details = JSON.parse(order.details);
    const original = await db()
      .selectFrom('packages')
      .select('ram_size')
      .where('id', '=', details.packageId)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('packages')
      .set({ ram_size: 4_000_000 })
      .where('id', '=', details.packageId)
      .execute();
    try {
      await payAtCheckout(res.body.link);
      const refunded = await waitFor(
        () => db().selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow(),
        (o) => o.status === 'refunded',
      );
      expect(refunded.status).toBe('refunded');
    } finally {
      await db()
        .updateTable('packages')
        .set({ ram_size: original.ram_size })
        .where('id', '=', details.packageId)
        .execute();
    }
    const payment = mollie().payment(order.mollie_payment_id!);
    expect(payment.refundedCents).toBe(Math.round(Number(payment.amount.value) * 100));
    expect(await owned(session, 'No room')).toBeUndefined();
    expect(product.server.emulators!.pterodactyl.servers().filter((s) => s.name === 'No room')).toHaveLength(
      0,
    );
    const invoices = (await session.get('/api/private/billing/invoices')).body;
    expect(invoices.map((i: { kind: string; total: number }) => [i.kind, i.total]).sort()).toEqual([
      ['credit-note', -4.12],
      ['invoice', 4.12],
    ]);
    await runTick(product.server.ctx);
    const subjects = await waitFor(
      async () =>
        ((await session.get('/api/dev/mail')).body as Array<{ to: string; subject: string }>)
          .filter((m) => m.to === email)
          .map((m) => m.subject),
      (list) => list.some((s) => s.includes('refunded')),
    );
    expect(subjects).toContainEqual(expect.stringContaining('refunded'));
  });

  it('retries a panel failure after payment from the jobs, and refunds after three failures', async () => {
    const panel = product.server.emulators!.pterodactyl;
    const { session } = await registerVerified(product);
    // One failure: the webhook's try fails, the job's next try makes the server.
    failCreates(panel, 1);
    const res = await orderMonthly(session, 'Retried');
    await payAtCheckout(res.body.link);
    const order = await waitFor(
      () =>
        db()
          .selectFrom('orders')
          .selectAll()
          .where('kind', '=', 'package-card')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow(),
      (o) => o.attempts === 1,
    );
    expect(order.status).toBe('paid');
    await runTick(product.server.ctx);
    // The job's try creates the server and waits for its install: a loaded CI machine needs more than 8 s.
    const server = await waitFor(
      () => owned(session, 'Retried'),
      (s) => s?.status === 'paid',
      30_000,
    );
    expect(server?.status).toBe('paid');
    expect((await serverRow(server!.user_package_id)).mollie_subscription_id).toMatch(/^sub_/);

    // Three failures: the money goes back.
    failCreates(panel, 3);
    const second = await orderMonthly(session, 'Given up');
    await payAtCheckout(second.body.link);
    await waitFor(
      () =>
        db()
          .selectFrom('orders')
          .selectAll()
          .where('kind', '=', 'package-card')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow(),
      (o) => o.attempts === 1,
    );
    await runTick(product.server.ctx);
    await runTick(product.server.ctx);
    const last = await db()
      .selectFrom('orders')
      .selectAll()
      .where('kind', '=', 'package-card')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ status: 'refunded', attempts: 3 });
    expect(mollie().payment(last.mollie_payment_id!).refundedCents).toBe(last.amount_cents);
    expect(await owned(session, 'Given up')).toBeUndefined();
  }, 90_000);

  it('charges an add-on for the rest of the period in credits and updates the subscription amount', async () => {
    const person = await registerVerified(product);
    const { session, username } = person;
    const id = await buyMonthly(session, 'Grows');
    await grantCredits(product, username, 100);
    const row = await serverRow(id);
    // Half-way through the period
    await advance(Math.floor((row.paid_until! - product.server.ctx.now()) / 2), person);
    const addons = (await session.get(`/api/private/addons/available-for-change?id=${id}`)).body;
    const storage = addons.find((a: { type: string }) => a.type === 'storage');
    const before = (await session.get('/api/private/credits')).body.credits;
    const res = await session.post('/api/private/addons/buy-addon', {
      addonId: storage.id,
      userPackageId: id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = (await session.get('/api/private/credits')).body.credits;
    // about half of the add-on's monthly credits
    expect(before - after).toBeGreaterThan(storage.credits_monthly * 0.4);
    expect(before - after).toBeLessThan(storage.credits_monthly * 0.6);
    const updated = await serverRow(id);
    const subscription = mollie().store.subscriptions.get(updated.mollie_subscription_id!);
    expect(subscription?.amount.value).toBe((updated.monthly_amount_cents! / 100).toFixed(2));
    expect(updated.subscription_amount_cents).toBe(updated.monthly_amount_cents);
  });

  it('answers the order dialog errors of product.md "Error catalogue" and writes nothing', async () => {
    const { session } = await registerVerified(product);
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await orderMonthly(session, 'x', { discountCode: 'NOPE' })).toMatchObject({
      status: 400,
      body: { reason: 'discount' },
    });
    expect(await orderMonthly(session, 'x', { city: '' })).toMatchObject({
      status: 400,
      body: { reason: 'validation', errors: [expect.objectContaining({ msg: 'address' })] },
    });
    expect(await orderMonthly(session, 'bad/name')).toMatchObject({
      status: 400,
      body: { errors: [expect.objectContaining({ msg: 'server-name' })] },
    });
    expect(await orderMonthly(session, 'x', { paymentMethod: 'paypal' })).toMatchObject({
      status: 400,
      body: { errors: [expect.objectContaining({ msg: 'payment-method' })] },
    });
    expect(await orderMonthly(session, 'x', { eggId: 999_999 })).toMatchObject({
      status: 400,
      body: { reason: 'unknown' },
    });
    const me = (await session.get('/api/auth/me')).body;
    expect(await orderMonthly(session, 'x', { referrer: me.username })).toMatchObject({
      status: 400,
      body: { reason: 'referrer-self' },
    });
    expect(await orderMonthly(session, 'x', { referrer: 'nobody-here-at-all' })).toMatchObject({
      status: 404,
    });
    expect(await count()).toBe(before);
    const anonymous = product.session();
    expect((await anonymous.post('/api/private/store/order-package', { city: '' })).status).toBe(401);
  });

  it('logs and does not apply a payment whose amount differs from its order', async () => {
    const { session } = await registerVerified(product);
    const res = await orderMonthly(session, 'Odd amount');
    const order = await db().selectFrom('orders').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    await db()
      .updateTable('orders')
      .set({ amount_cents: order.amount_cents + 100 })
      .where('id', '=', order.id)
      .execute();
    await payAtCheckout(res.body.link);
    await mollie().whenWebhooksIdle();
    const after = await db()
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('pending');
    expect(await owned(session, 'Odd amount')).toBeUndefined();
  });

  /** The newest order of `kind` (any user). */
  async function lastOrder(kind: string) {
    return db()
      .selectFrom('orders')
      .selectAll()
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  }

  async function invoicesOf(session: Session): Promise<Array<{ kind: string; total: number }>> {
    return (await session.get('/api/private/billing/invoices')).body;
  }

  it('settles a renewal whose webhook was lost before the server would be suspended', async () => {
    const person = await registerVerified(product);
    const id = await buyMonthly(person.session, 'Lost webhook');
    const row = await serverRow(id);
    // Mollie charges the renewal but cannot reach us with its webhook.
    const subscription = mollie().store.subscriptions.get(row.mollie_subscription_id!)!;
    const webhookUrl = subscription.webhookUrl;
    subscription.webhookUrl = 'http://127.0.0.1:9/unreachable';
    try {
      await advance(row.paid_until! - product.server.ctx.now() + RENEWAL_GRACE_MS + 60_000, person);
    } finally {
      subscription.webhookUrl = webhookUrl;
    }
    const renewal = mollie()
      .payments()
      .find((p) => p.subscriptionId === row.mollie_subscription_id);
    expect(renewal?.status).toBe('paid');
    const after = await serverRow(id);
    expect(after).toMatchObject({ status: 'paid', periods_paid: 2 });
    expect(after.paid_until).toBeGreaterThan(product.server.ctx.now());
    expect(await invoicesOf(person.session)).toHaveLength(2);
  });

  it('extends by two months when two renewals are settled at the same time', async () => {
    const person = await registerVerified(product);
    const id = await buyMonthly(person.session, 'Two at once');
    const row = await serverRow(id);
    mollie().createRenewal(row.mollie_subscription_id!);
    mollie().createRenewal(row.mollie_subscription_id!);
    await mollie().whenWebhooksIdle();
    const after = await waitFor(
      () => serverRow(id),
      (r) => r.periods_paid === 3,
    );
    expect(after.periods_paid).toBe(3);
    expect(after.paid_until).toBe(periodEnd(row.period_anchor!, 3));
    expect(await invoicesOf(person.session)).toHaveLength(3);
  });

  it('accepts a renewal Mollie charged at the amount before the last change', async () => {
    const person = await registerVerified(product);
    const id = await buyMonthly(person.session, 'Old amount');
    const row = await serverRow(id);
    const old = mollie().store.subscriptions.get(row.mollie_subscription_id!)!.amount.value;
    await db()
      .updateTable('user_packages')
      .set({ monthly_amount_cents: row.monthly_amount_cents! + 100 })
      .where('id', '=', id)
      .execute();
    await syncSubscription(product.server.ctx, id);
    const changed = await serverRow(id);
    expect(changed.previous_subscription_amount_cents).toBe(row.monthly_amount_cents);
    // The charge was on its way before the PATCH reached Mollie.
    const subscription = mollie().store.subscriptions.get(row.mollie_subscription_id!)!;
    const now = subscription.amount.value;
    subscription.amount.value = old;
    mollie().createRenewal(row.mollie_subscription_id!);
    subscription.amount.value = now;
    await mollie().whenWebhooksIdle();
    expect(
      (
        await waitFor(
          () => serverRow(id),
          (r) => r.periods_paid === 2,
        )
      ).periods_paid,
    ).toBe(2);
  });

  it('refunds a renewal of a server that is gone, without an invoice', async () => {
    const person = await registerVerified(product);
    const id = await buyMonthly(person.session, 'Gone');
    const row = await serverRow(id);
    // Deleted while its subscription could not be cancelled (Mollie unreachable at the time).
    await db().updateTable('user_packages').set({ status: 'deleted' }).where('id', '=', id).execute();
    const payment = mollie().createRenewal(row.mollie_subscription_id!);
    await mollie().whenWebhooksIdle();
    const order = await waitFor(
      () => lastOrder('renewal'),
      (o) => o.status === 'refunded',
    );
    expect(order).toMatchObject({ status: 'refunded', mollie_payment_id: payment.id });
    expect(mollie().payment(payment.id).refundedCents).toBe(order.amount_cents);
    expect((await serverRow(id)).periods_paid).toBe(1);
    expect(await invoicesOf(person.session)).toHaveLength(1);
    expect(mollie().store.subscriptions.get(row.mollie_subscription_id!)?.status).toBe('canceled');
  });

  it('applies a chargeback that came while the server was being made once the server exists', async () => {
    const panel = product.server.emulators!.pterodactyl;
    const person = await registerVerified(product);
    failCreates(panel, 1);
    const res = await orderMonthly(person.session, 'Charged back');
    await payAtCheckout(res.body.link);
    const paid = await waitFor(
      () => lastOrder('package-card'),
      (o) => o.attempts === 1,
    );
    expect(paid.status).toBe('paid');
    mollie().chargeback(paid.mollie_payment_id!);
    await mollie().whenWebhooksIdle();
    await runTick(product.server.ctx);
    const order = await lastOrder('package-card');
    expect(order.status).toBe('completed');
    const row = await serverRow(order.user_package_id!);
    expect(row.periods_paid).toBe(0);
    expect(row.paid_until).toBe(row.period_anchor);
    expect((await invoicesOf(person.session)).map((i) => i.kind).sort()).toEqual(['credit-note', 'invoice']);
    await runTick(product.server.ctx);
    expect((await serverRow(order.user_package_id!)).status).toBe('suspended');
  });

  it('refunds only what a chargeback left when a paid order cannot get its server', async () => {
    const panel = product.server.emulators!.pterodactyl;
    const person = await registerVerified(product);
    failCreates(panel, 3);
    const res = await orderMonthly(person.session, 'Half charged back');
    await payAtCheckout(res.body.link);
    const paid = await waitFor(
      () => lastOrder('package-card'),
      (o) => o.attempts === 1,
    );
    const half = Math.floor(paid.amount_cents / 2);
    mollie().chargeback(paid.mollie_payment_id!, half);
    await mollie().whenWebhooksIdle();
    await runTick(product.server.ctx);
    await runTick(product.server.ctx);
    const order = await lastOrder('package-card');
    expect(order).toMatchObject({ status: 'refunded', attempts: 3 });
    const payment = mollie().payment(order.mollie_payment_id!);
    expect(payment.chargedBackCents).toBe(half);
    expect(payment.refundedCents).toBe(order.amount_cents - half);
    const invoices = await invoicesOf(person.session);
    expect(invoices.reduce((sum, i) => sum + Math.round(i.total * 100), 0)).toBe(0);
  });

  it('refunds an unsuspend payment for a server deleted meanwhile, without an invoice or a referral bonus', async () => {
    const referrer = await registerVerified(product);
    const person = await registerVerified(product);
    expect(
      (await person.session.post('/api/private/store/referrer', { referrer: referrer.username })).status,
    ).toBe(200);
    const id = await buyMonthly(person.session, 'Deleted first');
    const row = await serverRow(id);
    mollie().setRecurringOutcome({ email: person.email }, 'failed');
    await advance(row.paid_until! - product.server.ctx.now() + 60_000, person, referrer);
    expect((await throughGrace(id, person, referrer)).status).toBe('suspended');
    const res = await person.session.post('/api/private/servers/unsuspend-server', { id });
    expect(res.status).toBe(200);
    const bonusBefore = (await referrer.session.get('/api/private/credits')).body.credits;
    await db().updateTable('user_packages').set({ status: 'deleted' }).where('id', '=', id).execute();
    await payAtCheckout(res.body.link);
    const order = await waitFor(
      () => lastOrder('unsuspend-card'),
      (o) => o.status === 'refunded',
    );
    expect(order.status).toBe('refunded');
    expect(mollie().payment(order.mollie_payment_id!).refundedCents).toBe(order.amount_cents);
    expect(await invoicesOf(person.session)).toHaveLength(1);
    expect((await referrer.session.get('/api/private/credits')).body.credits).toBe(bonusBefore);
  });

  it('numbers invoices without gaps under 50 concurrent payments', async () => {
    const { session } = await registerVerified(product);
    const links: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await session.post('/api/private/store/order-credits', {
        ...billingAddress,
        creditsAmount: 25 + i,
        paymentMethod: 'creditCard',
      });
      expect(res.status).toBe(200);
      links.push(res.body.link);
    }
    const ids = links.map((l) => l.split('/').pop()!);
    for (const id of ids) mollie().setPaymentStatus(id, 'paid');
    await Promise.all(
      ids.map((id) =>
        fetch(`${product.url}/api/webhooks/mollie`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ id }),
        }),
      ),
    );
    await waitFor(
      async () => (await session.get('/api/private/billing/invoices')).body.length,
      (n) => n === 50,
    );
    const all = await db().selectFrom('invoices').select(['year', 'seq', 'number']).orderBy('seq').execute();
    expect(new Set(all.map((r) => r.number)).size).toBe(all.length);
    // Each year's numbers run 1, 2, 3 ... without a gap (earlier tests moved the clock into later years).
    for (const year of new Set(all.map((r) => r.year))) {
      const seqs = all.filter((r) => r.year === year).map((r) => r.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    }
    const mine = (await session.get('/api/private/billing/invoices')).body;
    expect(mine).toHaveLength(50);
    const ledger = (await session.get('/api/private/billing/ledger')).body;
    expect(ledger).toMatchObject({ page: 1, pages: 1 });
    expect(ledger.rows).toHaveLength(50);
    expect(ledger.rows[0]).toMatchObject({ kind: 'purchase' });
  }, 120_000); // 50 payments and their webhooks; a loaded 2-core CI machine needs more than the default 30 s
});
