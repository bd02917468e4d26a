/**
 * The staff overview (issue 31 part 1) against what happened through the real routes, clients and
 * emulators: credits bought by card, a server bought with credits and deleted, two servers bought
 * monthly by card, a month later a paid renewal, a failed one, an unsuspend payment, a refund, a partial
 * refund and a chargeback. Every figure is checked to the cent against the Mollie emulator's payments,
 * the customers' balances and the panel's nodes. Also: an unknown period is 400, a customer 403.
 */
import type { OverviewAnswer, OverviewStepFigures } from '@falkenhost/contracts/overview';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTick } from '../../src/jobs/tick';
import { forgetPanelReading } from '../../src/panel/placement';
import { DAY_MS } from '../../src/platform/clock';
import {
  billingAddress,
  captchaToken,
  DATABASES,
  orderByCredits,
  orderMonthly,
  type Product,
  payAtCheckout,
  registerVerified,
  type Session,
  startProduct,
  uniqueName,
  waitFor,
} from '../harness';

type Person = Awaited<ReturnType<typeof registerVerified>>;

function zeroStep(start: string): OverviewStepFigures {
  return {
    start,
    revenue: { credits: 0, first: 0, renewal: 0, unsuspend: 0, topUp: 0 },
    creditsSold: 0,
    creditsSpent: 0,
    newCustomers: 0,
    serversDeleted: 0,
    failedRenewals: 0,
  };
}

/** The step of `answer` holding `instant` (epoch ms). */
function stepAt(answer: OverviewAnswer, instant: number): number {
  const starts = answer.steps.map((s) => Date.parse(s.start));
  const index = starts.findLastIndex((start) => start <= instant);
  expect(index, `step of ${new Date(instant).toISOString()}`).toBeGreaterThanOrEqual(0);
  return index;
}

describe.each(DATABASES)('staff overview on %s', (kind) => {
  let product: Product;
  let master: Session;
  let boss: Person;

  const ctx = () => product.server.ctx;
  const mollie = () => product.server.emulators!.mollie;
  const cents = (paymentId: string) => Math.round(Number(mollie().payment(paymentId).amount.value) * 100);
  const paymentOf = (link: string) => link.split('/').pop() as string;
  const units = async (person: Person) =>
    Math.round(((await person.session.get('/api/private/credits')).body.credits as number) * 10_000);
  const overview = async (period: string) => {
    const res = await master.get(`/api/private/staff/overview?period=${period}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as OverviewAnswer;
  };
  const serverRow = (id: number) =>
    ctx().db.selectFrom('user_packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function login(person: Pick<Person, 'session' | 'email'>): Promise<void> {
    const res = await person.session.post('/api/auth/login', {
      email: person.email,
      password: 'secret123',
      captchaToken: await captchaToken(person.session),
    });
    if (res.status !== 200) throw new Error(`login: ${res.status}`);
  }

  async function buyMonthly(person: Person, name: string): Promise<{ id: number; payment: string }> {
    const res = await orderMonthly(person.session, name);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await payAtCheckout(res.body.link);
    const owned = await waitFor(
      async () =>
        (
          (await person.session.get('/api/private/servers/owned-servers')).body as {
            name: string;
            user_package_id: number;
          }[]
        ).find((s) => s.name === name),
      (s) => s !== undefined,
    );
    const row = await waitFor(
      () => serverRow(owned!.user_package_id),
      (r) => r.status === 'paid' && r.mollie_subscription_id !== null,
    );
    expect(row.mollie_subscription_id).toMatch(/^sub_/);
    return { id: row.id, payment: paymentOf(res.body.link) };
  }

  beforeAll(async () => {
    product = await startProduct(kind);
    boss = await registerVerified(product, uniqueName('boss'));
    await ctx()
      .db.updateTable('users')
      .set({ role: 'master' })
      .where('username', '=', boss.username)
      .execute();
    await login(boss);
    master = boss.session;
  });
  afterAll(async () => {
    await product?.close();
  });

  it('answers 403 to a customer before it reads the period, and 400 to an unknown period', async () => {
    const customer = await registerVerified(product);
    expect((await customer.session.get('/api/private/staff/overview?period=30d')).status).toBe(403);
    expect((await customer.session.get('/api/private/staff/overview?period=5y')).status).toBe(403);
    const bad = await master.get('/api/private/staff/overview?period=5y');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ reason: 'validation', errors: [{ path: 'period' }] });
    // The customer registered here is a new customer of today; the next test counts from a clean table.
    await ctx().db.deleteFrom('users').where('username', '=', customer.username).execute();
  });

  it('checks every figure against what the customers bought, renewed, got back and were charged back', async () => {
    // Day 0: A buys 100 credits by card, a server with them, and deletes it; B and C buy monthly by card.
    const a = await registerVerified(product, uniqueName('alice'));
    const b = await registerVerified(product, uniqueName('bob'));
    const c = await registerVerified(product, uniqueName('carol'));
    const t0 = ctx().now();
    const credits = await a.session.post('/api/private/store/order-credits', {
      ...billingAddress,
      referrer: '',
      discountCode: '',
      creditsAmount: 100,
      paymentMethod: 'creditCard',
    });
    expect(credits.status).toBe(200);
    const creditsPayment = paymentOf(credits.body.link);
    await payAtCheckout(credits.body.link);
    expect(
      await waitFor(
        () => units(a),
        (u) => u === 1_000_000,
      ),
    ).toBe(1_000_000);
    const hourly = await orderByCredits(a.session, 'Overview hourly');
    const afterOrder = await units(a);
    expect((await a.session.post('/api/private/servers/cancel-server', { id: hourly })).status).toBe(200);
    expect(
      (
        await waitFor(
          () => serverRow(hourly),
          (r) => r.status === 'deleted',
        )
      ).status,
    ).toBe('deleted');
    const spent = 1_000_000 - (await units(a));
    expect(spent).toBeGreaterThanOrEqual(1_000_000 - afterOrder);
    const bServer = await buyMonthly(b, 'Overview monthly B');
    const cServer = await buyMonthly(c, 'Overview monthly C');
    const price = cents(bServer.payment);

    const day0 = await overview('7d');
    expect(day0.steps).toHaveLength(7);
    expect(day0.steps.at(-1)).toEqual({
      ...zeroStep(day0.steps.at(-1)!.start),
      revenue: { credits: cents(creditsPayment), first: 2 * price, renewal: 0, unsuspend: 0, topUp: 0 },
      creditsSold: 1_000_000,
      creditsSpent: spent,
      newCustomers: 3,
      serversDeleted: 1,
    });
    expect(day0.mrr).toEqual({ now: 2 * price, atStart: 0 });

    // A month on: B's renewal is paid, C's fails and C pays to unsuspend; then money goes back.
    mollie().setRecurringOutcome({ email: c.email }, 'failed');
    const paidUntil = (await serverRow(bServer.id)).paid_until!;
    product.advance(paidUntil - ctx().now() + 60_000);
    const renewals = await mollie().runDueSubscriptions();
    await runTick(ctx());
    for (const person of [a, b, c]) await login(person);
    const renewal = renewals.find((p) => p.status === 'paid');
    expect(renewal).toBeDefined();
    expect(renewals.filter((p) => p.status === 'failed')).toHaveLength(1);
    const tRenewal = ctx().now();
    // C's server runs through its grace while the payment is retried (decision 420), then is suspended.
    mollie().store.recurringAutoPaidAfterMs = 20;
    for (let day = 0; day < Math.max(...ctx().config.renewalRetryDays); day++) {
      product.advance(DAY_MS);
      await mollie().runDueSubscriptions();
      await runTick(ctx());
    }
    expect(
      (
        await waitFor(
          async () => {
            await runTick(ctx());
            return serverRow(cServer.id);
          },
          (r) => r.status === 'suspended',
          15_000,
        )
      ).status,
    ).toBe('suspended');
    for (const person of [a, b, c]) await login(person);
    const t1 = ctx().now();
    mollie().setRecurringOutcome({ email: c.email }, 'paid');
    const unsuspend = await c.session.post('/api/private/servers/unsuspend-server', { id: cServer.id });
    expect(unsuspend.status).toBe(200);
    await payAtCheckout(unsuspend.body.link);
    await waitFor(
      () => serverRow(cServer.id),
      (r) => r.status === 'paid' && r.mollie_subscription_id !== null,
    );
    const invoices = () =>
      ctx()
        .db.selectFrom('invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const before = await invoices();
    mollie().refund(creditsPayment, 216);
    mollie().refund(renewal!.id, 100);
    mollie().chargeback(cServer.payment);
    expect(await waitFor(invoices, (n) => n === before + 3)).toBe(before + 3);
    expect(
      await waitFor(
        () => units(a),
        (u) => u === 1_000_000 - spent - 500_000,
      ),
    ).toBe(1_000_000 - spent - 500_000);

    const year = await overview('12m');
    expect(year).toMatchObject({ period: '12m', step: 'month', timeZone: 'Europe/Prague' });
    expect(year.steps).toHaveLength(12);
    const expected = year.steps.map((s) => zeroStep(s.start));
    const first = expected[stepAt(year, t0)]!;
    first.revenue.credits += cents(creditsPayment);
    first.revenue.first += 2 * price;
    first.creditsSold += 1_000_000;
    first.creditsSpent += spent;
    first.newCustomers += 3;
    first.serversDeleted += 1;
    const second = expected[stepAt(year, t1)]!;
    const renewed = expected[stepAt(year, tRenewal)]!;
    renewed.revenue.renewal += cents(renewal!.id);
    second.revenue.renewal -= 100;
    second.revenue.unsuspend += cents(paymentOf(unsuspend.body.link));
    second.revenue.credits -= 216;
    second.revenue.first -= cents(cServer.payment);
    second.creditsSold -= 500_000;
    renewed.failedRenewals += 1;
    expect(year.steps).toEqual(expected);
    expect(cents(renewal!.id)).toBe(price);
    expect(year.mrr).toEqual({ now: 2 * price, atStart: 0 });
    // 30 days back from day 30: B and C had been paid for before the period began.
    expect((await overview('30d')).mrr).toEqual({ now: 2 * price, atStart: 2 * price });
    expect(year.creditBalance).toBe((await units(a)) + (await units(b)) + (await units(c)));
    expect(year.activeServers).toEqual({
      byBillingType: { hourly: 0, monthly: 2 },
      byGame: [{ gameId: expect.any(Number), game: 'Minecraft', count: 2 }],
    });
    expect(year.suspendedNow).toBe(0);

    // Two days on, the same hours are read from those kept in overview_hours: the same figures.
    product.advance(2 * 24 * 3_600_000);
    await login(boss);
    const later = await overview('12m');
    expect(later.steps).toEqual(expected);
  });

  it('shows the panel nodes as the panel reports them, read again at most once a minute', async () => {
    forgetPanelReading(ctx());
    const answer = await overview('7d');
    const nodes = await ctx().panel.listNodes();
    expect(answer.nodes).toEqual(
      nodes.map((n) => ({
        id: n.id,
        name: n.name,
        memory: n.memory,
        memoryAllocated: n.allocated_resources.memory,
        disk: n.disk,
        diskAllocated: n.allocated_resources.disk,
      })),
    );
    expect(answer.nodes!.reduce((sum, n) => sum + n.memoryAllocated, 0)).toBeGreaterThan(0);
    expect((await overview('30d')).nodesReadAt).toBe(answer.nodesReadAt);
  });

  it('shows the panel queue and the outbox: depth, oldest, and the time to drain at the budget', async () => {
    const at = ctx().now();
    const row = await ctx()
      .db.selectFrom('user_packages')
      .select('id')
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    // Tasks not due for an hour: waiting, and left alone by the jobs meanwhile.
    await ctx()
      .db.insertInto('panel_tasks')
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          user_package_id: row.id,
          kind: 'power',
          payload: JSON.stringify({ signal: 'restart' }),
          status: 'pending',
          next_attempt_at: at + 3_600_000,
          last_error: null,
          created_at: at - 1_000 * (i + 1),
          done_at: null,
        })),
      )
      .execute();
    await ctx()
      .db.insertInto('mail_outbox')
      .values({
        to_address: 'someone@example.com',
        subject: 'later',
        text: 'later',
        html: '<p>later</p>',
        next_attempt_at: at + 3_600_000,
        last_error: null,
        created_at: at - 42_000,
        sent_at: null,
        invoice_id: null,
      })
      .execute();
    const answer = await overview('7d');
    const perMinute = Math.floor(ctx().config.panelRateLimitPerMinute * 0.85);
    expect(answer.panelQueue).toEqual({
      depth: 300,
      oldestAt: new Date(at - 300_000).toISOString(),
      perMinute,
      drainSeconds: Math.ceil((300 * 60) / perMinute),
    });
    expect(answer.mailOutbox).toEqual({ depth: 1, oldestAt: new Date(at - 42_000).toISOString() });
  });
});
