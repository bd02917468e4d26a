/**
 * Strict mode (`strictWebhookUrls`): a webhook URL Mollie could not reach is refused with Mollie's 422 on
 * field `webhookUrl`, on payments (both create routes) and subscriptions (create and update); without a
 * webhook URL everything still works. Off by default.
 */
import { ClientError, ErrorResponse } from 'mollie-api-typescript/models/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { isPublicWebhookUrl, UNREACHABLE_WEBHOOK_DETAIL } from '../src/webhook-url.js';
import { customerWithMandate, readJson, startEmulator } from './helpers.js';

const payment = {
  amount: { currency: 'EUR', value: '10.00' },
  description: 'Order 42',
  redirectUrl: 'http://localhost:3000/dashboard?order=42',
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/**
 * Expects Mollie's 422 on `webhookUrl`. The SDK types it as ErrorResponse for payments; for subscriptions
 * it declares only 404/429, so a 422 there is a ClientDefaultError whose body is the same error object.
 */
async function refusal(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientError);
  const refused = error as ClientError;
  expect(refused.statusCode).toBe(422);
  expect(JSON.parse(refused.body)).toMatchObject({
    status: 422,
    title: 'Unprocessable Entity',
    detail: UNREACHABLE_WEBHOOK_DETAIL,
    field: 'webhookUrl',
  });
  if (refused instanceof ErrorResponse) expect(refused.field).toBe('webhookUrl');
}

describe('which webhook URLs Mollie can reach', () => {
  it.each([
    'http://localhost:3000/api/webhooks/mollie',
    'http://app.localhost/hook',
    'http://127.0.0.1:3000/hook',
    'http://127.8.9.10/hook',
    'http://[::1]:3000/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://10.1.2.3/hook',
    'http://172.16.0.1/hook',
    'http://172.31.255.254/hook',
    'http://192.168.1.20/hook',
    'http://169.254.169.254/hook',
    'http://0.0.0.0/hook',
    'http://[fd12:3456::1]/hook',
    'http://[fe80::1]/hook',
    'http://falkenhost.local/hook',
    'http://shop.test/hook',
    'http://host.docker.internal/hook',
    'http://api/hook',
  ])('refuses %s', (url) => {
    expect(isPublicWebhookUrl(url)).toBe(false);
  });

  it.each([
    'https://falkenhost.example.com/api/webhooks/mollie',
    'https://shop.cz/hook',
    'http://203.0.113.7:8080/hook',
    'http://172.32.0.1/hook',
    'https://[2001:db8::1]/hook',
    'https://xn--mnchen-3ya.de/hook',
  ])('accepts %s', (url) => {
    expect(isPublicWebhookUrl(url)).toBe(true);
  });
});

describe('strict webhook URLs', () => {
  it('off by default: a localhost webhook URL is accepted', async () => {
    const emu = await startEmulator();
    closers.push(emu.close);
    const created = await emu.client.payments.create({
      paymentRequest: { ...payment, webhookUrl: 'http://localhost:3000/api/webhooks/mollie' },
    });
    expect(created.webhookUrl).toBe('http://localhost:3000/api/webhooks/mollie');
  });

  it('refuses a local webhook URL on payments with 422 field webhookUrl, and creates nothing', async () => {
    const emu = await startEmulator({ strictWebhookUrls: true });
    closers.push(emu.close);
    await refusal(
      emu.client.payments.create({
        paymentRequest: { ...payment, webhookUrl: 'http://127.0.0.1:3000/api/webhooks/mollie' },
      }),
    );
    const raw = await emu.api('/v2/payments', {
      method: 'POST',
      body: JSON.stringify({ ...payment, webhookUrl: 'http://localhost/hook' }),
    });
    expect(raw.status).toBe(422);
    expect(raw.headers.get('content-type')).toMatch(/^application\/hal\+json/);
    expect(await readJson(raw)).toMatchObject({
      status: 422,
      title: 'Unprocessable Entity',
      detail: UNREACHABLE_WEBHOOK_DETAIL,
      field: 'webhookUrl',
      _links: { documentation: { type: 'text/html' } },
    });
    expect(emu.state.payments()).toHaveLength(0);
    // Without a webhook URL (a redirect to localhost is fine: the browser follows it, not Mollie).
    const created = await emu.client.payments.create({ paymentRequest: payment });
    expect(created.webhookUrl ?? null).toBeNull();
    const reachable = await emu.client.payments.create({
      paymentRequest: { ...payment, webhookUrl: 'https://falkenhost.example.com/api/webhooks/mollie' },
    });
    expect(reachable.webhookUrl).toBe('https://falkenhost.example.com/api/webhooks/mollie');
  });

  it('refuses it on customer payments and on subscriptions (create and update)', async () => {
    const emu = await startEmulator({ strictWebhookUrls: true });
    closers.push(emu.close);
    const { customer, mandateId } = await customerWithMandate(emu);
    await refusal(
      emu.client.customers.createPayment({
        customerId: customer.id,
        paymentRequest: { ...payment, webhookUrl: 'http://192.168.1.5/hook' },
      }),
    );
    const subscriptionRequest = {
      amount: { currency: 'EUR', value: '4.12' },
      interval: '1 month',
      description: 'Server #1',
      startDate: '2030-01-01',
      mandateId,
    };
    await refusal(
      emu.client.subscriptions.create({
        customerId: customer.id,
        subscriptionRequest: { ...subscriptionRequest, webhookUrl: 'http://localhost:3000/hook' },
      }),
    );
    const subscription = await emu.client.subscriptions.create({
      customerId: customer.id,
      subscriptionRequest,
    });
    await refusal(
      emu.client.subscriptions.update({
        customerId: customer.id,
        subscriptionId: subscription.id,
        requestBody: { webhookUrl: 'http://falkenhost.local/hook' },
      }),
    );
    const renewal = emu.state.createRenewal(subscription.id);
    expect(renewal.webhookUrl).toBeNull();
    expect(emu.state.webhookDeliveries()).toEqual([]);
  });
});
