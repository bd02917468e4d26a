/**
 * Auto top-up from a saved card (issue 43 part 2) through the real routes, the product's Mollie client and
 * the Mollie emulator with its fault injection: settings and their bad input, the first payment that makes
 * the mandate, the tick's top-ups (one open at a time, the monthly cap), a revoked mandate, an outage, a
 * lost answer, a webhook that never comes, a payment paid after auto top-up was turned off, and many
 * customers crossing their threshold in one tick. After each path the ledger and Mollie agree.
 */
import { createMandate } from '@falkenhost/mollie-emulator/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleMolliePayment } from '../../src/orders/mollie-webhook';
import { TOP_UP_KIND } from '../../src/orders/top-ups/top-up-records';
import { reconcileTopUps, startAutoTopUps } from '../../src/orders/top-ups/top-up-tick';
import { HOUR_MS, MINUTE_MS } from '../../src/platform/clock';
import {
  DATABASES,
  insertCustomer,
  orderMonthly,
  type Product,
  payAtCheckout,
  registerStaff,
  registerVerified,
  startProduct,
  uniqueName,
  waitFor,
} from '../harness';

/** 25 credits by card: 1.00 EUR + 1.8 % + 0.25 EUR = 1.27 EUR (money.ts `topUpPrice`). */
const TOP_UP_CENTS = 127;

describe.each(DATABASES)('auto top-up on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind);
  });
  afterAll(async () => {
    await product.close();
  });
  const ctx = () => product.server.ctx;
  const db = () => product.server.ctx.db;
  const mollie = () => {
    const state = product.server.emulators?.mollie;
    if (!state) throw new Error('no Mollie emulator');
    return state;
  };

  async function userRow(username: string) {
    return db().selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  }

  async function topUpOrders(userId: number) {
    return db()
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', TOP_UP_KIND)
      .orderBy('id')
      .execute();
  }

  /** What the ledger, our orders, our invoices and Mollie say the customer paid and got. */
  async function books(userId: number) {
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const purchases = await db()
      .selectFrom('credit_ledger')
      .select(['amount', 'reference'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'purchase')
      .execute();
    const completed = await db()
      .selectFrom('orders')
      .select(['id', 'amount_cents', 'mollie_payment_id'])
      .where('user_id', '=', userId)
      .where('status', '=', 'completed')
      .where('kind', 'in', ['credits', TOP_UP_KIND])
      .execute();
    const invoices = await db()
      .selectFrom('invoices')
      .select('order_id')
      .where('user_id', '=', userId)
      .execute();
    const paidAtMollie = mollie()
      .payments()
      .filter((p) => p.customerId === user.mollie_customer_id && p.status === 'paid');
    return {
      credits: Number(user.credits),
      purchases,
      completed,
      invoices,
      paidAtMollie,
      paidCents: paidAtMollie.reduce((sum, p) => sum + Math.round(Number(p.amount.value) * 100), 0),
      completedCents: completed.reduce((sum, o) => sum + o.amount_cents, 0),
    };
  }

  /** Ledger, orders, invoices and Mollie agree: each paid payment is one completed order, one credit, one invoice. */
  async function expectBooksAgree(userId: number) {
    const b = await books(userId);
    expect(b.completedCents).toBe(b.paidCents);
    expect(b.completed.map((o) => o.mollie_payment_id).sort()).toEqual(
      b.paidAtMollie.map((p) => p.id).sort(),
    );
    expect(b.purchases).toHaveLength(b.completed.length);
    expect(new Set(b.purchases.map((p) => p.reference)).size).toBe(b.purchases.length);
    expect(b.invoices.filter((i) => b.completed.some((o) => o.id === i.order_id))).toHaveLength(
      b.completed.length,
    );
    return b;
  }

  /**
   * A customer who turned auto top-up on through the first payment (no mandate before): the checkout
   * paid, the mandate made, the first `amount` credits added.
   */
  async function customerWithTopUp(settings: { threshold: number; amount: number; monthlyCap: number }) {
    const { session, username, email } = await registerVerified(product);
    const put = await session.request('PUT', '/api/private/billing/auto-top-up', {
      enabled: true,
      ...settings,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.status).toBe('awaiting-payment');
    expect(put.body.checkoutUrl).toContain('/_emulators/mollie/checkout/tr_');
    await payAtCheckout(put.body.checkoutUrl);
    const on = await waitFor(
      async () => (await session.get('/api/private/billing/auto-top-up')).body,
      (body) => body.status === 'on',
    );
    expect(on.status).toBe('on');
    const user = await userRow(username);
    return { session, username, email, user };
  }

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const { session } = await registerVerified(product);
    const before = (await session.get('/api/private/billing/auto-top-up')).body;
    expect(before).toMatchObject({ enabled: false, status: 'off', failedAt: null });
    const good = { enabled: true, threshold: 100, amount: 500, monthlyCap: 100 };
    const bad: [Record<string, unknown>, string, string][] = [
      [{ ...good, threshold: 0 }, 'threshold', 'threshold'],
      [{ ...good, threshold: 25_001 }, 'threshold', 'threshold'],
      [{ ...good, threshold: '100' }, 'threshold', 'threshold'],
      [{ ...good, amount: 24 }, 'amount', 'amount'],
      [{ ...good, amount: 25_001 }, 'amount', 'amount'],
      [{ ...good, amount: 100.5 }, 'amount', 'amount'],
      [{ ...good, monthlyCap: 0 }, 'monthlyCap', 'monthly-cap'],
      [{ ...good, monthlyCap: 10_001 }, 'monthlyCap', 'monthly-cap'],
      // 500 credits cost 20.61 EUR with the card fee: a cap of 20 EUR could never pay one.
      [{ ...good, monthlyCap: 20 }, 'monthlyCap', 'monthly-cap-below-price'],
      [{ ...good, enabled: 'yes' }, 'enabled', 'enabled'],
    ];
    for (const [body, field, msg] of bad) {
      const res = await session.request('PUT', '/api/private/billing/auto-top-up', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toContainEqual({ msg, path: field });
    }
    expect((await session.get('/api/private/billing/auto-top-up')).body).toEqual(before);
    expect(await db().selectFrom('auto_top_ups').selectAll().execute()).toHaveLength(0);
  });

  it('without a mandate the PUT answers a first payment; once paid auto top-up is on with its credits and invoice', async () => {
    const { session, user } = await customerWithTopUp({ threshold: 10, amount: 25, monthlyCap: 5 });
    const row = await db()
      .selectFrom('auto_top_ups')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.mandate_id).toMatch(/^mdt_/);
    const mandate = mollie().store.mandates.get(row.mandate_id ?? '');
    expect(mandate?.status).toBe('valid');
    expect(Number(user.credits)).toBe(25 * 10_000);
    const answer = (await session.get('/api/private/billing/auto-top-up')).body;
    expect(answer).toMatchObject({
      enabled: true,
      threshold: 10,
      amount: 25,
      monthlyCap: 5,
      topUpPrice: 1.27,
    });
    // The first payment is the customer's own credit purchase: the cap counts only automatic top-ups.
    expect(answer.spentThisMonth).toBe(0);
    const b = await expectBooksAgree(user.id);
    expect(b.completed).toHaveLength(1);
    // The data export carries the settings too.
    const exported = (await session.get('/api/private/users/me/export')).body;
    expect(exported.auto_top_up).toMatchObject({ status: 'on', threshold: 10, amount: 25, monthlyCap: 5 });
  });

  it('with a mandate from a monthly card order it is on at once', async () => {
    const { session, username } = await registerVerified(product);
    const order = await orderMonthly(session, uniqueName('srv'));
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    await payAtCheckout(order.body.link);
    const customer = await waitFor(
      () => userRow(username),
      (u) => u.mollie_customer_id !== null,
    );
    const mandates = () =>
      [...mollie().store.mandates.values()].filter((m) => m.customerId === customer.mollie_customer_id);
    await waitFor(
      async () => mandates(),
      (list) => list.length === 1,
    );
    const put = await session.request('PUT', '/api/private/billing/auto-top-up', {
      enabled: true,
      threshold: 50,
      amount: 100,
      monthlyCap: 20,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ enabled: true, status: 'on' });
    expect(put.body.checkoutUrl).toBeUndefined();
    // Off again: kept, and the tick leaves the customer alone.
    const off = await session.request('PUT', '/api/private/billing/auto-top-up', {
      enabled: false,
      threshold: 50,
      amount: 100,
      monthlyCap: 20,
    });
    expect(off.body).toMatchObject({ enabled: false, status: 'off', threshold: 50 });
  });

  it('the tick starts one top-up below the threshold, none while it is open, credits once, never past the cap', async () => {
    // 25 credits a top-up, 1.27 EUR each: a cap of 3 EUR pays two a month.
    const { user } = await customerWithTopUp({ threshold: 1_000, amount: 25, monthlyCap: 3 });
    const first = await startAutoTopUps(ctx());
    expect(first.started).toBeGreaterThanOrEqual(1);
    // Open: no second one, however often the tick runs.
    await startAutoTopUps(ctx());
    await startAutoTopUps(ctx());
    expect((await topUpOrders(user.id)).filter((o) => o.status === 'pending')).toHaveLength(1);
    const [open] = await topUpOrders(user.id);
    expect(open?.amount_cents).toBe(TOP_UP_CENTS);
    // Mollie's recurring payment turns paid by itself; its webhook adds the credits.
    await waitFor(
      () => topUpOrders(user.id),
      (orders) => orders.every((o) => o.status === 'completed'),
    );
    // The webhook again: nothing more.
    expect(await settleMolliePayment(ctx(), open?.mollie_payment_id ?? '')).toBe('unchanged');
    expect((await books(user.id)).credits).toBe(50 * 10_000);
    // Still below: the second top-up of the month fits the cap; the third does not.
    await startAutoTopUps(ctx());
    await waitFor(
      () => topUpOrders(user.id),
      (orders) => orders.length === 2 && orders.every((o) => o.status === 'completed'),
    );
    const capped = await startAutoTopUps(ctx());
    expect(capped.capped).toBeGreaterThanOrEqual(1);
    expect(await topUpOrders(user.id)).toHaveLength(2);
    const b = await expectBooksAgree(user.id);
    expect(b.credits).toBe(75 * 10_000);
    expect(b.paidCents - 127).toBe(2 * TOP_UP_CENTS);
    const spent = await db()
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>('amount_cents').as('sum'))
      .where('user_id', '=', user.id)
      .where('kind', '=', TOP_UP_KIND)
      .executeTakeFirstOrThrow();
    expect(Number(spent.sum)).toBeLessThanOrEqual(300);
  });

  it('a revoked mandate: no payment, auto top-up goes off and the customer is mailed in their language', async () => {
    const { user, email, session } = await customerWithTopUp({
      threshold: 1_000,
      amount: 25,
      monthlyCap: 50,
    });
    await db().updateTable('users').set({ language: 'de' }).where('id', '=', user.id).execute();
    const row = await db()
      .selectFrom('auto_top_ups')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    mollie().revokeMandate(user.mollie_customer_id ?? '', row.mandate_id ?? '');
    const paymentsBefore = mollie().payments().length;
    await startAutoTopUps(ctx());
    const [order] = await topUpOrders(user.id);
    expect(order?.status).toBe('failed');
    expect(order?.mollie_payment_id).toBeNull();
    expect(
      mollie()
        .payments()
        .filter((p) => p.customerId === user.mollie_customer_id),
    ).toHaveLength(1);
    expect(mollie().payments().length).toBe(paymentsBefore);
    const answer = (await session.get('/api/private/billing/auto-top-up')).body;
    expect(answer).toMatchObject({ enabled: false, status: 'off' });
    expect(answer.failedAt).not.toBeNull();
    const mail = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .where('subject', 'like', '%automatisches Aufladen%')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('25 Credits');
    // Off: the next ticks start nothing.
    await startAutoTopUps(ctx());
    expect(await topUpOrders(user.id)).toHaveLength(1);
    expect((await expectBooksAgree(user.id)).credits).toBe(25 * 10_000);
  });

  it('a Mollie outage: the intent waits, nothing doubles, it is charged once when Mollie is back', async () => {
    const { user } = await customerWithTopUp({ threshold: 1_000, amount: 25, monthlyCap: 50 });
    mollie().setOutage(true);
    try {
      const run = await startAutoTopUps(ctx());
      expect(run.deferred).toBeGreaterThanOrEqual(1);
      await startAutoTopUps(ctx());
      await reconcileTopUps(ctx());
      const waiting = await topUpOrders(user.id);
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatchObject({ status: 'pending', mollie_payment_id: null });
    } finally {
      mollie().setOutage(false);
    }
    product.advance(2 * MINUTE_MS);
    await reconcileTopUps(ctx());
    await waitFor(
      () => topUpOrders(user.id),
      (orders) => orders[0]?.status === 'completed',
    );
    const [order] = await topUpOrders(user.id);
    const atMollie = mollie()
      .payments()
      .filter((p) => (p.metadata as { orderId?: string } | null)?.orderId === order?.public_id);
    expect(atMollie).toHaveLength(1);
    expect((await expectBooksAgree(user.id)).credits).toBe(50 * 10_000);
  });

  it('an answer lost after Mollie made the payment: the same payment is found again, within the key hour and after', async () => {
    for (const later of [2 * MINUTE_MS, 2 * HOUR_MS]) {
      const { user } = await customerWithTopUp({ threshold: 1_000, amount: 25, monthlyCap: 50 });
      mollie().store.recurringAutoPaidAfterMs = null;
      try {
        await startAutoTopUps(ctx());
        const [made] = await topUpOrders(user.id);
        expect(made?.mollie_payment_id).toMatch(/^tr_/);
        // As if the process died before it wrote Mollie's answer down.
        await db()
          .updateTable('orders')
          .set({ mollie_payment_id: null })
          .where('id', '=', made?.id ?? 0)
          .execute();
        product.advance(later);
        await reconcileTopUps(ctx());
        const [again] = await topUpOrders(user.id);
        expect(again?.mollie_payment_id).toBe(made?.mollie_payment_id);
        mollie().setPaymentStatus(again?.mollie_payment_id ?? '', 'paid');
      } finally {
        mollie().store.recurringAutoPaidAfterMs = 2_000;
      }
      await waitFor(
        () => topUpOrders(user.id),
        (orders) => orders[0]?.status === 'completed',
      );
      expect(
        mollie()
          .payments()
          .filter((p) => p.customerId === user.mollie_customer_id),
      ).toHaveLength(2);
      expect((await expectBooksAgree(user.id)).credits).toBe(50 * 10_000);
    }
  });

  it('a webhook that never comes: the tick reads the payment back and credits it once', async () => {
    const { user } = await customerWithTopUp({ threshold: 1_000, amount: 25, monthlyCap: 50 });
    mollie().setWebhooksLost(true);
    try {
      await startAutoTopUps(ctx());
      const [order] = await topUpOrders(user.id);
      await waitFor(
        async () => mollie().payment(order?.mollie_payment_id ?? '').status,
        (status) => status === 'paid',
      );
      await reconcileTopUps(ctx());
      expect((await topUpOrders(user.id))[0]?.status).toBe('pending');
      product.advance(3 * MINUTE_MS);
      const read = await reconcileTopUps(ctx());
      expect(read.readBack).toBeGreaterThanOrEqual(1);
      await reconcileTopUps(ctx());
    } finally {
      mollie().setWebhooksLost(false);
    }
    expect((await topUpOrders(user.id))[0]?.status).toBe('completed');
    expect((await expectBooksAgree(user.id)).credits).toBe(50 * 10_000);
  });

  it('a payment that turns paid after auto top-up was turned off is credited once, and nothing follows', async () => {
    const { user, session } = await customerWithTopUp({ threshold: 1_000, amount: 25, monthlyCap: 50 });
    mollie().store.recurringAutoPaidAfterMs = null;
    try {
      await startAutoTopUps(ctx());
    } finally {
      mollie().store.recurringAutoPaidAfterMs = 2_000;
    }
    const off = await session.request('PUT', '/api/private/billing/auto-top-up', {
      enabled: false,
      threshold: 1_000,
      amount: 25,
      monthlyCap: 50,
    });
    expect(off.body.status).toBe('off');
    const [order] = await topUpOrders(user.id);
    mollie().setPaymentStatus(order?.mollie_payment_id ?? '', 'paid');
    await waitFor(
      () => topUpOrders(user.id),
      (orders) => orders[0]?.status === 'completed',
    );
    await mollie().whenWebhooksIdle();
    await startAutoTopUps(ctx());
    expect(await topUpOrders(user.id)).toHaveLength(1);
    expect((await session.get('/api/private/billing/auto-top-up')).body.status).toBe('off');
    expect((await expectBooksAgree(user.id)).credits).toBe(50 * 10_000);
  });

  it('many customers crossing their threshold in one tick: one top-up each, none doubled, all credited', async () => {
    const count = 40;
    const t = ctx().now();
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const name = uniqueName('many');
      const id = await insertCustomer(db(), name, 5 * 10_000, t);
      const customerId = await ctx()
        .mollie.customers.create({ entityCustomer: { name, email: `${name}@example.com` } })
        .then((c) => c.id);
      const mandate = createMandate(mollie().store, customerId, 'creditcard', 'test');
      await db().updateTable('users').set({ mollie_customer_id: customerId }).where('id', '=', id).execute();
      await db()
        .insertInto('auto_top_ups')
        .values({
          user_id: id,
          status: 'on',
          threshold_units: 10 * 10_000,
          amount_credits: 25,
          monthly_cap_cents: 1_000,
          mandate_id: mandate.id,
          first_order_id: null,
          billing_address: null,
          failed_at: null,
          updated_at: t,
        })
        .execute();
      ids.push(id);
    }
    // Two runs at once, as two instances would: each customer gets one top-up.
    const runs = await Promise.all([startAutoTopUps(ctx()), startAutoTopUps(ctx())]);
    expect(runs[0].started + runs[1].started).toBe(count);
    const orders = await db().selectFrom('orders').selectAll().where('user_id', 'in', ids).execute();
    expect(orders).toHaveLength(count);
    expect(new Set(orders.map((o) => o.user_id)).size).toBe(count);
    await waitFor(
      async () => db().selectFrom('orders').select('status').where('user_id', 'in', ids).execute(),
      (rows) => rows.every((r) => r.status === 'completed'),
      15_000,
    );
    for (const id of ids) {
      const b = await expectBooksAgree(id);
      expect(b.credits).toBe(30 * 10_000);
      expect(b.paidAtMollie).toHaveLength(1);
    }
  });

  it('the staff overview shows top-up revenue as its own series, apart from credit purchases', async () => {
    const { session } = await registerStaff(product, 'admin');
    const answer = (await session.get('/api/private/staff/overview?period=30d')).body;
    const sum = (pick: (revenue: Record<string, number>) => number) =>
      answer.steps.reduce(
        (total: number, s: { revenue: Record<string, number> }) => total + pick(s.revenue),
        0,
      );
    const invoiced = async (kind: string) => {
      const row = await db()
        .selectFrom('invoices as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('i.total_cents'), eb.lit(0)).as('n'))
        .where('o.kind', '=', kind)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const topUps = await invoiced(TOP_UP_KIND);
    expect(topUps).toBeGreaterThan(0);
    expect(sum((r) => r.topUp ?? 0)).toBe(topUps);
    expect(sum((r) => r.credits ?? 0)).toBe(await invoiced('credits'));
  });
});
