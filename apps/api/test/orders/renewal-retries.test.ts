/**
 * Renewal retries with a grace period (issue 43 point 1; money-and-billing.md "Monthly (card)",
 * docs/decisions/420-424) through the real routes, the real Mollie client and the Mollie emulator: a
 * failed renewal keeps the server running while its payment is retried on the mandate after 1 and 3 days;
 * a paid retry or a payment with another card keeps the renewal's period and invoice; the last failed
 * retry suspends; a retry whose answer was lost is found again, never charged twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTick } from '../../src/jobs/tick';
import { runRenewalRetries } from '../../src/orders/renewals/renewal-retries';
import { TOP_UP_KIND } from '../../src/orders/top-ups/top-up-records';
import { DAY_MS, HOUR_MS } from '../../src/platform/clock';
import { mailDate } from '../../src/platform/mail/templates';
import { periodEnd } from '../../src/servers/paid-period';
import {
  captchaToken,
  DATABASES,
  grantCredits,
  orderMonthly,
  type Product,
  payAtCheckout,
  registerStaff,
  registerVerified,
  type Session,
  startProduct,
  waitFor,
} from '../harness';

interface Person {
  session: Session;
  email: string;
}

describe.each(DATABASES)('renewal retries on %s', (kind) => {
  let product: Product;

  beforeAll(async () => {
    product = await startProduct(kind);
    // Recurring test payments leave `pending` at once rather than after Mollie's 2 s.
    mollie().store.recurringAutoPaidAfterMs = 20;
  });
  afterAll(async () => {
    await product.close();
  });

  const ctx = () => product.server.ctx;
  const db = () => ctx().db;
  function mollie() {
    const state = product.server.emulators?.mollie;
    if (!state) throw new Error('no Mollie emulator');
    return state;
  }

  async function serverRow(id: number) {
    return db().selectFrom('user_packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async function buyMonthly(person: Person, name: string): Promise<number> {
    const res = await orderMonthly(person.session, name);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await payAtCheckout(res.body.link);
    const order = await db()
      .selectFrom('orders')
      .select('id')
      .where('kind', '=', 'package-card')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const row = await waitFor(
      () =>
        db()
          .selectFrom('user_packages as up')
          .innerJoin('orders as o', 'o.user_package_id', 'up.id')
          .select(['up.id', 'up.mollie_subscription_id', 'up.status'])
          .where('o.id', '=', order.id)
          .executeTakeFirst(),
      (r) => r?.status === 'paid' && r.mollie_subscription_id !== null,
    );
    expect(row?.mollie_subscription_id).toMatch(/^sub_/);
    return row!.id;
  }

  /** Moves the clock, lets Mollie charge what fell due, runs the jobs; logs the people in again. */
  async function advance(ms: number, ...people: Person[]): Promise<void> {
    product.advance(ms);
    await mollie().runDueSubscriptions();
    await runTick(ctx());
    for (const person of people) {
      const res = await person.session.post('/api/auth/login', {
        email: person.email,
        password: 'secret123',
        captchaToken: await captchaToken(person.session),
      });
      if (res.status !== 200) throw new Error(`login after the clock moved: ${res.status}`);
    }
  }

  /** Runs the jobs until `ok` holds of the server's row (a retry's webhook comes after the tick). */
  async function tickUntil(id: number, ok: (row: Awaited<ReturnType<typeof serverRow>>) => boolean) {
    return waitFor(
      async () => {
        await runTick(ctx());
        return serverRow(id);
      },
      ok,
      10_000,
    );
  }

  /** A new customer's monthly server whose renewal has just failed: in its grace. */
  async function intoGrace(name: string) {
    const person = await registerVerified(product);
    const id = await buyMonthly(person, name);
    const first = await serverRow(id);
    mollie().setRecurringOutcome({ email: person.email }, 'failed');
    await advance(first.paid_until! - ctx().now() + 60_000, person);
    return { person, id, first };
  }

  async function mailsTo(session: Session, email: string) {
    await runTick(ctx());
    const { body } =
      await session.get<{ to: string; subject: string; text: string; html: string }[]>('/api/dev/mail');
    return body.filter((m) => m.to === email);
  }

  async function staffMessages(): Promise<string[]> {
    const rows = await db().selectFrom('staff_notifications').select('content').orderBy('id').execute();
    return rows.map((r) => r.content);
  }

  const at = (ms: number) => mailDate('en', 'Europe/Prague', ms);

  it('keeps the server through a failed renewal, retries after 1 and 3 days, suspends after the last', async () => {
    const { person, id, first } = await intoGrace('Grace all fail');

    const grace = await serverRow(id);
    expect(grace.status).toBe('paid');
    const failedAt = grace.renewal_failed_at!;
    expect(failedAt).toBeGreaterThan(0);
    expect(grace.renewal_retry_at).toBe(failedAt + DAY_MS);
    expect(grace.grace_until).toBe(failedAt + 3 * DAY_MS);
    // The subscription stays: a failed renewal leaves it active at Mollie, and we keep it.
    expect(grace.mollie_subscription_id).toBe(first.mollie_subscription_id);

    const mails = await waitFor(
      () => mailsTo(person.session, person.email),
      (list) => list.some((m) => m.subject.includes('we will try again')),
    );
    const firstMail = mails.find((m) => m.subject.includes('we will try again'));
    expect(firstMail?.text).toContain(at(failedAt + DAY_MS));
    expect(firstMail?.text).toContain(at(failedAt + 3 * DAY_MS));
    expect(firstMail?.text).toContain(`/dashboard/servers/${id}?renew=${id}`);
    expect(firstMail?.html).toContain('Pay now with another card');
    expect(await staffMessages()).toContainEqual(
      expect.stringMatching(/^Renewal failed \(failed\).*retry 1 of 2/),
    );
    // The customer's card and the staff's list and overview show the grace.
    const owned = (await person.session.get('/api/private/servers/owned-servers')).body as Array<{
      user_package_id: number;
      grace: { next_try_at: string | null; stops_at: string } | null;
    }>;
    expect(owned.find((s) => s.user_package_id === id)?.grace).toEqual({
      next_try_at: new Date(failedAt + DAY_MS).toISOString(),
      stops_at: new Date(failedAt + 3 * DAY_MS).toISOString(),
    });
    const staff = (await registerStaff(product, 'admin')).session;
    const list = await staff.get(
      `/api/private/servers/all-servers?search=${encodeURIComponent('Grace all fail')}`,
    );
    expect(list.body.servers[0]).toMatchObject({ graceUntil: new Date(failedAt + 3 * DAY_MS).toISOString() });
    const overview = await staff.get('/api/private/staff/overview?period=7d');
    expect(overview.body.graceNow).toBeGreaterThanOrEqual(1);

    // Day 1: the first retry on the mandate fails; the second is due on day 3.
    await advance(DAY_MS, person);
    const afterOne = await tickUntil(id, (r) => r.renewal_retry_at === failedAt + 3 * DAY_MS);
    expect(afterOne).toMatchObject({ status: 'paid', renewal_tries: 1 });
    const retry = await db()
      .selectFrom('orders')
      .selectAll()
      .where('user_package_id', '=', id)
      .where('kind', '=', 'renewal-retry')
      .executeTakeFirstOrThrow();
    expect(retry.status).toBe('failed');
    const payment = mollie().payment(retry.mollie_payment_id!);
    expect(payment.sequenceType).toBe('recurring');
    expect(payment.mandateId).toBe(first.mollie_mandate_id);
    expect(await staffMessages()).toContainEqual(
      expect.stringMatching(/^Renewal retry 1 of 2 failed.*retry 2 of 2 at/),
    );
    // The mail goes out with the webhook's own send or the next tick's, whichever holds its row first.
    const second = (
      await waitFor(
        () => mailsTo(person.session, person.email),
        (list) => list.filter((m) => m.subject.includes('we will try again')).length === 2,
      )
    ).filter((m) => m.subject.includes('we will try again'));
    expect(second).toHaveLength(2);
    // The second mail names the one try left, never a time already past.
    expect(second[1]?.text).toContain(at(failedAt + 3 * DAY_MS));

    // Day 3: the last retry fails: suspended at once, the subscription cancelled.
    await advance(2 * DAY_MS, person);
    const suspended = await tickUntil(id, (r) => r.status === 'suspended');
    expect(suspended.status).toBe('suspended');
    expect(suspended.grace_until).toBeNull();
    expect(suspended.mollie_subscription_id).toBeNull();
    expect(mollie().store.subscriptions.get(first.mollie_subscription_id!)?.status).toBe('canceled');
    const last = (
      await waitFor(
        () => mailsTo(person.session, person.email),
        (list) => list.some((m) => m.subject.includes('is suspended: the monthly payment failed')),
      )
    ).find((m) => m.subject.includes('is suspended: the monthly payment failed'));
    expect(last?.text).toContain(at(suspended.delete_at!));
    expect(await staffMessages()).toContainEqual(
      expect.stringMatching(/^Renewal retry 2 of 2 failed.*the last try: the server is suspended/),
    );
    const retries = await db()
      .selectFrom('orders')
      .select('status')
      .where('user_package_id', '=', id)
      .where('kind', '=', 'renewal-retry')
      .execute();
    expect(retries.map((r) => r.status)).toEqual(['failed', 'failed']);
  });

  it('ends the grace with a paid retry: the renewal period and its invoice, then renews as usual', async () => {
    const { person, id, first } = await intoGrace('Grace retry paid');
    expect((await serverRow(id)).grace_until).not.toBeNull();

    mollie().setRecurringOutcome({ email: person.email }, 'paid');
    await advance(DAY_MS, person);
    const paid = await tickUntil(id, (r) => r.grace_until === null);
    expect(paid).toMatchObject({
      status: 'paid',
      periods_paid: 2,
      renewal_failed_at: null,
      renewal_tries: 0,
    });
    // The period of the renewal, not a month from the payment's day.
    expect(paid.paid_until).toBe(periodEnd(first.period_anchor!, 2));
    const retry = await db()
      .selectFrom('orders')
      .selectAll()
      .where('user_package_id', '=', id)
      .where('kind', '=', 'renewal-retry')
      .executeTakeFirstOrThrow();
    expect(retry.status).toBe('completed');
    const invoice = await db()
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', retry.id)
      .executeTakeFirstOrThrow();
    // The invoice bills the month from the failed renewal's day, not from the retry's.
    const period = JSON.parse(invoice.document).lines[0].text.values;
    expect(period).toMatchObject({
      from: { date: first.paid_until },
      to: { date: periodEnd(first.period_anchor!, 2) },
    });
    expect(invoice.total_cents).toBe(retry.amount_cents);

    // The next month is the subscription's again.
    await advance(paid.paid_until! - ctx().now() + 60_000, person);
    expect((await serverRow(id)).periods_paid).toBe(3);
  });

  it('keeps a failed renewal and auto top-up apart: grace and retries on the mandate, no top-up, credits untouched', async () => {
    const person = await registerVerified(product);
    const id = await buyMonthly(person, 'Grace with top-up');
    const first = await serverRow(id);
    const user = await db()
      .selectFrom('users')
      .select(['id', 'username', 'mollie_customer_id'])
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    // Auto top-up on the same mandate, with a balance above its threshold.
    await grantCredits(product, user.username, 100);
    const put = await person.session.request('PUT', '/api/private/billing/auto-top-up', {
      enabled: true,
      threshold: 50,
      amount: 25,
      monthlyCap: 20,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ enabled: true, status: 'on' });
    const ledger = () =>
      db()
        .selectFrom('credit_ledger')
        .select(['amount', 'kind', 'reference'])
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
    const balance = async () =>
      Number(
        (await db().selectFrom('users').select('credits').where('id', '=', user.id).executeTakeFirstOrThrow())
          .credits,
      );
    const ledgerBefore = await ledger();
    const balanceBefore = await balance();
    const topUps = () =>
      db()
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', user.id)
        .where('kind', '=', TOP_UP_KIND)
        .execute();

    mollie().setRecurringOutcome({ email: person.email }, 'failed');
    await advance(first.paid_until! - ctx().now() + 60_000, person);
    const grace = await serverRow(id);
    expect(grace).toMatchObject({ status: 'paid', renewal_tries: 0 });
    expect(grace.grace_until).not.toBeNull();
    // The first retry, on the mandate, fails too: still in grace, the next one scheduled.
    await advance(DAY_MS, person);
    const retried = await tickUntil(id, (r) => r.renewal_tries === 1 && r.renewal_retry_at !== null);
    expect(retried.status).toBe('paid');
    const retries = await db()
      .selectFrom('orders')
      .select(['status', 'mollie_payment_id'])
      .where('user_package_id', '=', id)
      .where('kind', '=', 'renewal-retry')
      .execute();
    expect(retries).toHaveLength(1);
    const retryPayment = mollie().store.payments.get(retries[0]?.mollie_payment_id ?? '');
    expect(retryPayment).toMatchObject({ sequenceType: 'recurring', customerId: user.mollie_customer_id });

    // Neither path crossed into the other: no top-up started, the balance and the ledger as they were.
    expect(await topUps()).toHaveLength(0);
    expect(await balance()).toBe(balanceBefore);
    expect(await ledger()).toEqual(ledgerBefore);
    const charges = mollie()
      .payments()
      .filter((p) => p.customerId === user.mollie_customer_id && p.sequenceType === 'recurring');
    expect(charges.every((p) => p.subscriptionId || p.id === retries[0]?.mollie_payment_id)).toBe(true);

    // The second retry is paid: the grace ends, and still no top-up and no credits moved.
    mollie().setRecurringOutcome({ email: person.email }, 'paid');
    await advance(2 * DAY_MS, person);
    const paid = await tickUntil(id, (r) => r.grace_until === null);
    expect(paid).toMatchObject({ status: 'paid', periods_paid: 2 });
    expect(await topUps()).toHaveLength(0);
    expect(await balance()).toBe(balanceBefore);
    expect(await ledger()).toEqual(ledgerBefore);
    const settings = await person.session.get('/api/private/billing/auto-top-up');
    expect(settings.body).toMatchObject({ enabled: true, status: 'on' });
  });

  it('pays the open month with another card: renewal period, new mandate, the subscription moved onto it', async () => {
    const { person, id, first } = await intoGrace('Grace new card');
    expect((await serverRow(id)).grace_until).not.toBeNull();

    const res = await person.session.post('/api/private/servers/pay-renewal', { id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const payment = mollie().payment(res.body.link.split('/').pop());
    expect(payment.sequenceType).toBe('first');
    await payAtCheckout(res.body.link);
    const paid = await waitFor(
      () => serverRow(id),
      (r) => r.grace_until === null && r.subscription_mandate_id === r.mollie_mandate_id,
    );
    expect(paid.periods_paid).toBe(2);
    expect(paid.paid_until).toBe(periodEnd(first.period_anchor!, 2));
    expect(paid.mollie_mandate_id).not.toBe(first.mollie_mandate_id);
    expect(paid.mollie_mandate_id).toBe(mollie().payment(payment.id).mandateId);
    const subscription = mollie().store.subscriptions.get(first.mollie_subscription_id!);
    expect(subscription?.status).toBe('active');
    expect(subscription?.mandateId).toBe(paid.mollie_mandate_id);

    // No retry follows the paid month, and the next renewal charges the new card.
    mollie().setRecurringOutcome({ email: person.email }, 'paid');
    await advance(DAY_MS);
    expect(
      await db()
        .selectFrom('orders')
        .select('id')
        .where('user_package_id', '=', id)
        .where('kind', '=', 'renewal-retry')
        .execute(),
    ).toEqual([]);
    await advance(paid.paid_until! - ctx().now() + 60_000);
    const renewed = await serverRow(id);
    expect(renewed.periods_paid).toBe(3);
    const renewal = [...mollie().store.payments.values()].find(
      (p) => p.subscriptionId === first.mollie_subscription_id && p.status === 'paid',
    );
    expect(renewal?.mandateId).toBe(paid.mollie_mandate_id);
  });

  it('refunds a second payment of the same month (a retry paid after another card) and says why in its mail', async () => {
    const { person, id } = await intoGrace('Grace paid twice');
    // The first retry is on its way (its payment still open at Mollie) when the customer pays with
    // another card: the card pays the month, the retry comes second.
    mollie().setRecurringOutcome({ email: person.email }, 'paid');
    mollie().store.recurringAutoPaidAfterMs = null;
    try {
      await advance(DAY_MS, person);
      const retry = await waitFor(
        () =>
          db()
            .selectFrom('orders')
            .select(['id', 'status', 'mollie_payment_id', 'amount_cents'])
            .where('user_package_id', '=', id)
            .where('kind', '=', 'renewal-retry')
            .executeTakeFirst(),
        (order) => order?.mollie_payment_id != null,
      );
      const res = await person.session.post('/api/private/servers/pay-renewal', { id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await payAtCheckout(res.body.link);
      const paid = await tickUntil(id, (r) => r.grace_until === null);
      expect(paid.periods_paid).toBe(2);

      mollie().setPaymentStatus(retry!.mollie_payment_id!, 'paid');
      await waitFor(
        () =>
          db().selectFrom('orders').select('status').where('id', '=', retry!.id).executeTakeFirstOrThrow(),
        (order) => order.status === 'refunded',
      );
      expect(mollie().payment(retry!.mollie_payment_id!).refundedCents).toBe(retry!.amount_cents);
      // The month is paid once, and the server runs on.
      expect(await serverRow(id)).toMatchObject({
        status: 'paid',
        periods_paid: 2,
        paid_until: paid.paid_until,
      });
      const subject = 'Your payment for Grace paid twice was refunded';
      const mail = (
        await waitFor(
          () => mailsTo(person.session, person.email),
          (list) => list.some((m) => m.subject === subject),
        )
      ).find((m) => m.subject === subject);
      expect(mail?.text).toContain('the month was already paid');
      expect(mail?.text).not.toContain('could not set up');
    } finally {
      mollie().store.recurringAutoPaidAfterMs = 20;
    }
  });

  it('refuses pay-renewal for a server not in grace', async () => {
    const person = await registerVerified(product);
    const id = await buyMonthly(person, 'No grace');
    const res = await person.session.post('/api/private/servers/pay-renewal', { id });
    expect(res.status).toBe(409);
  });

  it('a retry whose answer was lost (killed between Mollie and our write) is found again, charged once', async () => {
    const { person, id } = await intoGrace('Grace lost answer');
    mollie().setRecurringOutcome({ email: person.email }, 'paid');
    // The payment stays pending so that its webhook cannot record it first.
    mollie().store.recurringAutoPaidAfterMs = null;
    try {
      product.advance(DAY_MS);
      await runRenewalRetries(ctx());
      const order = await db()
        .selectFrom('orders')
        .selectAll()
        .where('user_package_id', '=', id)
        .where('kind', '=', 'renewal-retry')
        .executeTakeFirstOrThrow();
      expect(order.mollie_payment_id).toMatch(/^tr_/);
      // As if the process died before it recorded Mollie's answer, and came back after the key's hour.
      await db().updateTable('orders').set({ mollie_payment_id: null }).where('id', '=', order.id).execute();
      product.advance(2 * HOUR_MS);
      await runRenewalRetries(ctx());
      await runRenewalRetries(ctx());
      const charges = [...mollie().store.payments.values()].filter(
        (p) => (p.metadata as { retryOrder?: string } | null)?.retryOrder === order.public_id,
      );
      expect(charges).toHaveLength(1);
      expect(
        (
          await db()
            .selectFrom('orders')
            .select('mollie_payment_id')
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow()
        ).mollie_payment_id,
      ).toBe(charges[0]?.id);
      mollie().setPaymentStatus(charges[0]!.id, 'paid');
      const paid = await waitFor(
        () => serverRow(id),
        (r) => r.grace_until === null,
      );
      expect(paid.periods_paid).toBe(2);
    } finally {
      mollie().store.recurringAutoPaidAfterMs = 20;
    }
  });
});
