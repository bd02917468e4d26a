/**
 * Mollie refuses a webhook URL it cannot reach (422 on `webhookUrl`), as it does for a host trying a test
 * key on a laptop: the emulator in strict mode refuses our 127.0.0.1 URL. The product creates payments
 * and subscriptions without one and settles them by reading them back: a credit purchase and a monthly
 * card order (first payment, server, subscription, then a renewal) complete without any webhook call.
 */
import { Client } from 'mollie-api-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment, webhookUrlRefused } from '../../src/integrations/mollie';
import { runTick } from '../../src/jobs/tick';
import { isWebhookless } from '../../src/orders/records/webhookless';
import {
  billingAddress,
  DATABASES,
  minecraftOffer,
  type Product,
  payAtCheckout,
  registerVerified,
  startProduct,
  waitFor,
} from '../harness';

describe.each(DATABASES)('payments without a webhook (Mollie cannot reach us) on %s', (kind) => {
  let product: Product;

  beforeAll(async () => {
    product = await startProduct(kind, { mollieStrictWebhookUrls: true });
  });
  afterAll(async () => {
    await product.close();
  });

  const mollie = () => product.server.emulators!.mollie;
  const db = () => product.server.ctx.db;
  const orderOf = (paymentId: string) =>
    db()
      .selectFrom('orders')
      .selectAll()
      .where('mollie_payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
  const paymentIdOf = (link: string) => link.split('/').pop()!;
  const publicIdOf = (paymentId: string) =>
    new URL(mollie().payment(paymentId).redirectUrl!).searchParams.get('order')!;

  it('the emulator refuses our webhook URL as Mollie would', async () => {
    const res = await fetch(`${product.url}/_emulators/mollie/v2/payments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${product.server.ctx.config.mollie.apiKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        amount: { currency: 'EUR', value: '1.00' },
        description: 'probe',
        redirectUrl: `${product.url}/dashboard`,
        webhookUrl: `${product.url}/api/webhooks/mollie`,
      }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ field: 'webhookUrl' });
  });

  it('a create repeated by a new process (its answer lost) replays the same payment, refusal included', async () => {
    const input = {
      amountCents: 432,
      description: 'repeated create',
      redirectUrl: `${product.url}/dashboard?order=repeat`,
      webhookUrl: `${product.url}/api/webhooks/mollie`,
      method: 'creditCard' as const,
      language: 'sk',
      metadata: { orderId: 'repeat' },
      idempotencyKey: 'c1f7a0e2-repeat',
    };
    // Two clients: as two processes, neither knowing yet that Mollie refuses our webhook URL.
    const fresh = () =>
      new Client({
        security: { apiKey: product.server.ctx.config.mollie.apiKey },
        serverURL: product.server.ctx.config.mollie.apiUrl,
        retryConfig: { strategy: 'none' },
      });
    const first = fresh();
    const a = await createPayment(first, input);
    expect(a.webhook).toBe(false);
    expect(webhookUrlRefused(first)).toBe(true);
    const b = await createPayment(fresh(), input);
    expect(b).toEqual(a);
    expect(
      mollie()
        .payments()
        .filter((p) => p.description === 'repeated create'),
    ).toHaveLength(1);
  });

  it('buys credits: the payment has no webhook URL, the order-status popup settles it', async () => {
    const { session } = await registerVerified(product);
    const res = await session.post('/api/private/store/order-credits', {
      ...billingAddress,
      referrer: '',
      discountCode: '',
      creditsAmount: 100,
      paymentMethod: 'creditCard',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const paymentId = paymentIdOf(res.body.link);
    expect(mollie().payment(paymentId).webhookUrl).toBeNull();
    expect(isWebhookless((await orderOf(paymentId)).details)).toBe(true);
    const publicId = publicIdOf(paymentId);
    expect((await session.get(`/api/private/store/order-status?order=${publicId}`)).body.status).toBe(
      'pending',
    );

    await payAtCheckout(res.body.link);
    // Back from the checkout, the dashboard asks for the order's status: that read settles it.
    const status = await waitFor(
      async () => (await session.get(`/api/private/store/order-status?order=${publicId}`)).body,
      (body) => body.status === 'completed',
    );
    expect(status).toEqual({ status: 'completed', credits_amount: 100, paid_with: 'payment' });
    expect((await session.get('/api/private/credits')).body.credits).toBe(100);
    expect(mollie().webhookDeliveries()).toEqual([]);
  });

  it('buys credits and leaves: the next job run settles the payment', async () => {
    const { session } = await registerVerified(product);
    const res = await session.post('/api/private/store/order-credits', {
      ...billingAddress,
      referrer: '',
      discountCode: '',
      creditsAmount: 50,
      paymentMethod: 'paypal',
    });
    expect(res.status).toBe(200);
    await payAtCheckout(res.body.link);
    expect((await orderOf(paymentIdOf(res.body.link))).status).toBe('pending');
    await runTick(product.server.ctx);
    expect((await orderOf(paymentIdOf(res.body.link))).status).toBe('completed');
    expect((await session.get('/api/private/credits')).body.credits).toBe(50);
    expect(mollie().webhookDeliveries()).toEqual([]);
  });

  it('buys a server monthly: first payment, server, subscription without webhook, a renewal found by polling', async () => {
    const { session } = await registerVerified(product);
    const { pkg, location, egg } = await minecraftOffer(session);
    const res = await session.post('/api/private/store/order-package', {
      ...billingAddress,
      referrer: '',
      discountCode: '',
      name: 'Laptop host',
      paymentMethod: 'creditCard',
      packageId: pkg.id,
      eggId: egg,
      locationId: location.id,
      addonIds: '[]',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const paymentId = paymentIdOf(res.body.link);
    expect(mollie().payment(paymentId)).toMatchObject({ sequenceType: 'first', webhookUrl: null });
    const publicId = publicIdOf(paymentId);

    await payAtCheckout(res.body.link);
    const status = await waitFor(
      async () => (await session.get(`/api/private/store/order-status?order=${publicId}`)).body.status,
      (s) => s === 'completed',
    );
    expect(status).toBe('completed');
    const order = await orderOf(paymentId);
    const server = await waitFor(
      () =>
        db()
          .selectFrom('user_packages')
          .selectAll()
          .where('id', '=', order.user_package_id!)
          .executeTakeFirstOrThrow(),
      (row) => row.mollie_subscription_id !== null,
    );
    expect(server.status).toBe('paid');
    expect(server.mollie_subscription_id).toMatch(/^sub_/);
    const subscription = mollie().store.subscriptions.get(server.mollie_subscription_id!);
    expect(subscription?.webhookUrl).toBeNull();
    // Every create carried our own Idempotency-Key (after the first refusal, creates go without webhook).
    const keys = [...mollie().store.idempotency.keys()].map((k) => k.split('\n')[1]);
    expect(keys).toEqual(
      expect.arrayContaining([
        `customer-${order.user_id}`,
        `${publicId}-no-webhook`,
        `subscription-${server.id}-${server.period_anchor}-no-webhook`,
      ]),
    );

    // A month later Mollie charges the renewal; no webhook tells us, the hourly read of the
    // subscription's payments finds it and extends the paid period.
    product.advance(server.paid_until! - product.server.ctx.now() + 60_000);
    const renewals = await mollie().runDueSubscriptions();
    expect(renewals.map((p) => p.status)).toEqual(['paid']);
    await runTick(product.server.ctx);
    const renewed = await db()
      .selectFrom('user_packages')
      .selectAll()
      .where('id', '=', server.id)
      .executeTakeFirstOrThrow();
    expect(renewed.periods_paid).toBe(2);
    expect(renewed.paid_until).toBeGreaterThan(server.paid_until!);
    expect(renewed.status).toBe('paid');
    expect((await orderOf(renewals[0]!.id)).status).toBe('completed');
    expect(mollie().webhookDeliveries()).toEqual([]);
  });
});
