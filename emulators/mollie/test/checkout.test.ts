import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, startReceiver, submitCheckout, waitFor } from './helpers.js';

let emu: Awaited<ReturnType<typeof startEmulator>>;
let hook: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  emu = await startEmulator();
  hook = await startReceiver();
});
afterEach(async () => {
  await emu.close();
  await hook.close();
});

function createPayment(extra: Record<string, unknown> = {}) {
  return emu.client.payments.create({
    paymentRequest: {
      amount: { currency: 'EUR', value: '10.00' },
      description: 'Minecraft Basic, 1 month',
      redirectUrl: 'http://shop.test/orders/42',
      cancelUrl: 'http://shop.test/orders/42/canceled',
      webhookUrl: hook.url,
      method: 'creditcard',
      metadata: { orderId: 42 },
      locale: 'en_US',
      ...extra,
    },
  });
}

describe('hosted checkout', () => {
  it('creates an open payment with Mollie fields and absolute links', async () => {
    const payment = await createPayment();
    expect(payment.id).toMatch(/^tr_[A-Za-z0-9]{10}$/);
    expect(payment.resource).toBe('payment');
    expect(payment.mode).toBe('test');
    expect(payment.status).toBe('open');
    expect(payment.isCancelable).toBe(true);
    expect(payment.amount).toEqual({ currency: 'EUR', value: '10.00' });
    expect(payment.method).toBe('creditcard');
    expect(payment.sequenceType).toBe('oneoff');
    expect(payment.metadata).toEqual({ orderId: 42 });
    expect(payment.profileId).toMatch(/^pfl_/);
    const created = Date.parse(payment.createdAt);
    expect(Date.parse(payment.expiresAt!) - created).toBe(30 * 60_000);
    expect(payment.links.self.href).toBe(`${emu.base}/v2/payments/${payment.id}`);
    expect(payment.links.checkout).toEqual({ href: `${emu.base}/checkout/${payment.id}`, type: 'text/html' });
    expect(payment.links.dashboard.href).toMatch(/^http:\/\//);
    expect(payment.links.documentation?.href).toMatch(/^https:\/\//);
  });

  it('sets expiry by method: paysafecard 15 min, PayPal 72 h', async () => {
    const psc = await createPayment({ method: 'paysafecard' });
    const pp = await createPayment({ method: 'paypal' });
    expect(Date.parse(psc.expiresAt!) - Date.parse(psc.createdAt)).toBe(15 * 60_000);
    expect(Date.parse(pp.expiresAt!) - Date.parse(pp.createdAt)).toBe(72 * 3_600_000);
  });

  it('serves the test checkout page with five statuses and Continue', async () => {
    const payment = await createPayment();
    const res = await fetch(payment.links.checkout!.href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('On this page you can select the final payment status of the test payment.');
    expect(html).toContain('€10.00');
    expect(html).toContain('Minecraft Basic, 1 month');
    expect(html).toMatch(new RegExp(`<form method="post" action="${payment.links.checkout!.href}">`));
    for (const [value, label] of [
      ['open', 'Open'],
      ['paid', 'Paid'],
      ['failed', 'Failed'],
      ['canceled', 'Canceled'],
      ['expired', 'Expired'],
    ]) {
      expect(html).toMatch(
        new RegExp(`<input type="radio" name="status" value="${value}"[^>]*> ${label}</label>`),
      );
    }
    expect(html).toMatch(/<button type="submit">Continue<\/button>/);
  });

  it('paid: 303 to redirectUrl, webhook id=tr_..., SDK shows paid with paidAt', async () => {
    const payment = await createPayment();
    const res = await submitCheckout(payment.links.checkout!.href, 'paid');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://shop.test/orders/42');
    await waitFor(() => hook.calls.length === 1);
    expect(hook.calls[0]).toEqual({
      body: `id=${payment.id}`,
      contentType: 'application/x-www-form-urlencoded',
    });
    const paid = await emu.client.payments.get({ paymentId: payment.id });
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).toBeTruthy();
    expect(paid.isCancelable).toBe(false);
    expect(paid.links.checkout).toBeUndefined();
    expect(paid.details?.cardNumber).toBe('6787');
    expect(emu.state.webhookDeliveries()).toMatchObject([
      { url: hook.url, paymentId: payment.id, attempt: 1, statusCode: 200, ok: true },
    ]);
  });

  it.each([
    ['failed', 'failedAt', 'http://shop.test/orders/42'],
    ['canceled', 'canceledAt', 'http://shop.test/orders/42/canceled'],
    ['expired', 'expiredAt', 'http://shop.test/orders/42'],
  ] as const)('%s: redirect, webhook and %s', async (status, stamp, location) => {
    const payment = await createPayment();
    const res = await submitCheckout(payment.links.checkout!.href, status);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(location);
    await waitFor(() => hook.calls.length === 1);
    expect(hook.calls[0]?.body).toBe(`id=${payment.id}`);
    const after = await emu.client.payments.get({ paymentId: payment.id });
    expect(after.status).toBe(status);
    expect(after[stamp]).toBeTruthy();
    expect(after.paidAt).toBeUndefined();
  });

  it('open: stays open, redirects, no webhook', async () => {
    const payment = await createPayment();
    const res = await submitCheckout(payment.links.checkout!.href, 'open');
    expect(res.status).toBe(303);
    // A webhook scheduled by the checkout would have had its first attempt by now.
    await emu.state.whenWebhooksIdle();
    expect(hook.calls).toHaveLength(0);
    expect((await emu.client.payments.get({ paymentId: payment.id })).status).toBe('open');
  });

  it('a finished payment cannot be changed again from the checkout', async () => {
    const payment = await createPayment();
    await submitCheckout(payment.links.checkout!.href, 'paid');
    const again = await submitCheckout(payment.links.checkout!.href, 'failed');
    expect(again.status).toBe(303);
    expect((await emu.client.payments.get({ paymentId: payment.id })).status).toBe('paid');
    const page = await (await fetch(payment.links.checkout!.href)).text();
    expect(page).toContain('This payment is paid.');
    expect(page).not.toContain('<form');
  });

  it('rejects an unknown status choice and an unknown payment', async () => {
    const payment = await createPayment();
    expect((await submitCheckout(payment.links.checkout!.href, 'refunded')).status).toBe(400);
    expect((await fetch(`${emu.base}/checkout/tr_unknown123`)).status).toBe(404);
  });

  it('lets the customer choose when several methods were offered', async () => {
    const payment = await createPayment({ method: ['creditcard', 'paypal'] });
    expect(payment.method).toBeNull();
    await submitCheckout(payment.links.checkout!.href, 'paid');
    expect((await emu.client.payments.get({ paymentId: payment.id })).method).toBe('creditcard');
  });
});
