/**
 * Peer tests from Mollie's own SDK (mollie-api-typescript): every operation the product calls (and the
 * neighbours the brief names) driven THROUGH the SDK client against the emulator over HTTP. The SDK
 * sends its own request shapes and parses every answer with its zod response schemas (a mismatch throws
 * ResponseValidationError); on top, each raw answer is walked against the same schema so that a key the
 * SDK does not declare (a field spelled unlike Mollie's) fails too. Error answers are parsed with the
 * SDK's ErrorResponse schema. Remaining differences from the real Mollie: docs/emulators.md "Mollie".
 */
import { Client, HTTPClient } from 'mollie-api-typescript';
import * as models from 'mollie-api-typescript/models';
import { ClientError, ErrorResponse, ErrorResponse$inboundSchema } from 'mollie-api-typescript/models/errors';
import * as operations from 'mollie-api-typescript/models/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, startEmulator, submitCheckout } from '../helpers.js';
import { undeclaredKeys } from './schema-keys.js';

interface Exchange {
  method: string;
  path: string;
  status: number;
  body: unknown;
  idempotencyKey: string | null;
}

let emu: Awaited<ReturnType<typeof startEmulator>>;
let client: Client;
const exchanges: Exchange[] = [];

beforeAll(async () => {
  emu = await startEmulator({ recurringAutoPaidAfterMs: null });
  // The SDK's own HTTP client, with a fetcher that keeps every raw answer for the key walk.
  const httpClient = new HTTPClient({
    fetcher: async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request.clone());
      const text = await response.clone().text();
      exchanges.push({
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        body: text ? JSON.parse(text) : undefined,
        idempotencyKey: request.headers.get('idempotency-key'),
      });
      return response;
    },
  });
  client = new Client({
    security: { apiKey: API_KEY },
    serverURL: emu.base,
    httpClient,
    retryConfig: { strategy: 'none' },
  });
});
afterAll(async () => {
  await emu.close();
});

/**
 * Keys the emulator sends that the SDK does not declare, each on purpose (docs/emulators.md "Mollie"):
 * Mollie's v2 reference documents a refund's `settlementAmount`; the SDK's schema leaves it out.
 */
const DOCUMENTED_EXTRAS = new Set(['settlementAmount']);

/** The last raw answer, checked for keys the SDK's schema does not declare. */
function expectDeclared(schema: unknown, status: number): Exchange {
  const last = exchanges.at(-1)!;
  expect(last.status).toBe(status);
  const extras = undeclaredKeys(schema, last.body).filter(
    (k) => !DOCUMENTED_EXTRAS.has(k.split('.').at(-1)!),
  );
  expect(extras).toEqual([]);
  return last;
}

/** An error body parsed with the SDK's ErrorResponse schema (which also wants the HTTP exchange). */
function parseError(body: unknown): ErrorResponse {
  return ErrorResponse$inboundSchema.parse({
    ...(body as object),
    request$: new Request('http://emulator.test/'),
    response$: new Response(),
    body$: JSON.stringify(body),
  });
}

/** The SDK error of a refused call, its raw body parsed with the SDK's ErrorResponse schema. */
async function refusal(call: Promise<unknown>, status: number): Promise<ErrorResponse | ClientError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientError);
  const last = exchanges.at(-1)!;
  expect(last.status).toBe(status);
  expect((error as ClientError).statusCode).toBe(status);
  expect(parseError(last.body).status).toBe(status);
  expect(undeclaredKeys(ErrorResponse$inboundSchema, last.body)).toEqual([]);
  return error as ErrorResponse | ClientError;
}

const webhookUrl = 'https://falkenhost.example.com/api/webhooks/mollie';

describe('payments', () => {
  it('create (the product: one-off card with locale and metadata), get, list', async () => {
    const created = await client.payments.create({
      idempotencyKey: 'order-peer-1',
      paymentRequest: {
        amount: { currency: 'EUR', value: '4.32' },
        description: 'Falkenhost: 100 credits (order 1)',
        redirectUrl: 'https://falkenhost.example.com/dashboard?order=1',
        webhookUrl,
        method: 'creditcard',
        locale: 'cs_CZ',
        metadata: { orderId: '0b9f3c5e-1' },
      },
    });
    const raw = expectDeclared(models.PaymentResponse$inboundSchema, 201);
    expect(raw.idempotencyKey).toBe('order-peer-1');
    expect(created).toMatchObject({
      resource: 'payment',
      mode: 'test',
      status: 'open',
      sequenceType: 'oneoff',
      method: 'creditcard',
      locale: 'cs_CZ',
      metadata: { orderId: '0b9f3c5e-1' },
      isCancelable: true,
    });
    expect(created.links.checkout?.href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*\/checkout\/tr_/);
    expect(created.links.checkout?.type).toBe('text/html');
    expect(Date.parse(created.expiresAt!) - Date.parse(created.createdAt)).toBe(30 * 60_000);

    const got = await client.payments.get({ paymentId: created.id });
    expectDeclared(models.PaymentResponse$inboundSchema, 200);
    expect(got.id).toBe(created.id);

    const list = await client.payments.list({ limit: 1 });
    expectDeclared(operations.ListPaymentsResponseBody$inboundSchema, 200);
    expect(list.result.count).toBe(1);
    expect(list.result.embedded.payments?.[0]?.id).toBe(created.id);
  });

  it('PayPal and paysafecard one-off payments (their expiry: 72 h, 15 min)', async () => {
    for (const [method, minutes] of [
      ['paypal', 72 * 60],
      ['paysafecard', 15],
    ] as const) {
      const p = await client.payments.create({
        paymentRequest: {
          amount: { currency: 'EUR', value: '10.00' },
          description: `by ${method}`,
          redirectUrl: 'https://falkenhost.example.com/dashboard',
          method,
          locale: 'de_DE',
        },
      });
      expectDeclared(models.PaymentResponse$inboundSchema, 201);
      expect(Date.parse(p.expiresAt!) - Date.parse(p.createdAt)).toBe(minutes * 60_000);
    }
  });

  it('paid at the hosted checkout: paidAt, amounts refunded and remaining', async () => {
    const created = await client.payments.create({
      paymentRequest: {
        amount: { currency: 'EUR', value: '10.00' },
        description: 'to pay',
        redirectUrl: 'https://falkenhost.example.com/dashboard',
        method: 'creditcard',
      },
    });
    const res = await submitCheckout(created.links.checkout!.href, 'paid');
    expect(res.status).toBe(303);
    const paid = await client.payments.get({ paymentId: created.id });
    expectDeclared(models.PaymentResponse$inboundSchema, 200);
    expect(paid).toMatchObject({
      status: 'paid',
      isCancelable: false,
      amountRefunded: { currency: 'EUR', value: '0.00' },
      amountRemaining: { currency: 'EUR', value: '10.00' },
    });
    expect(paid.paidAt).toBeTruthy();
  });

  it('cancel (DELETE) an open payment; a second cancel is 422', async () => {
    const created = await client.payments.create({
      paymentRequest: {
        amount: { currency: 'EUR', value: '10.00' },
        description: 'to cancel',
        redirectUrl: 'https://falkenhost.example.com/dashboard',
      },
    });
    const canceled = await client.payments.cancel({ paymentId: created.id });
    expectDeclared(models.PaymentResponse$inboundSchema, 200);
    expect(canceled.status).toBe('canceled');
    await refusal(client.payments.cancel({ paymentId: created.id }), 422);
  });

  it('errors: 404 unknown payment, 422 naming the field, 401 without a valid key', async () => {
    const missing = await refusal(client.payments.get({ paymentId: 'tr_missing00' }), 404);
    expect(missing).toBeInstanceOf(ErrorResponse);
    expect((missing as ErrorResponse).detail).toBe('No payment exists with token tr_missing00.');
    const invalid = await refusal(
      client.payments.create({
        paymentRequest: {
          amount: { currency: 'EUR', value: '10' },
          description: 'bad amount',
          redirectUrl: 'https://falkenhost.example.com/dashboard',
        },
      }),
      422,
    );
    expect((invalid as ErrorResponse).field).toBe('amount');
    const stranger = new Client({
      security: { apiKey: 'test_not_the_key_of_this_account_0000' },
      serverURL: emu.base,
      retryConfig: { strategy: 'none' },
    });
    const unauthorized = await stranger.payments.get({ paymentId: 'tr_x' }).then(
      () => undefined,
      (e: unknown) => e as ClientError,
    );
    expect(unauthorized?.statusCode).toBe(401);
    expect(parseError(JSON.parse(unauthorized!.body)).title).toBe('Unauthorized Request');
  });
});

describe('customers, mandates, subscriptions (the monthly card flow)', () => {
  let customerId = '';
  let mandateId = '';
  let subscriptionId = '';

  it('customers: create (with idempotency key), get, list', async () => {
    const customer = await client.customers.create({
      idempotencyKey: 'customer-7',
      entityCustomer: {
        name: 'Ada Player',
        email: 'ada@example.com',
        locale: 'fr_FR',
        metadata: { userId: 7 },
      },
    });
    expectDeclared(models.CustomerResponse$inboundSchema, 201);
    expect(customer).toMatchObject({ resource: 'customer', mode: 'test', email: 'ada@example.com' });
    customerId = customer.id;
    const again = await client.customers.create({
      idempotencyKey: 'customer-7',
      entityCustomer: {
        name: 'Ada Player',
        email: 'ada@example.com',
        locale: 'fr_FR',
        metadata: { userId: 7 },
      },
    });
    expect(again.id).toBe(customerId);

    await client.customers.get({ customerId });
    expectDeclared(models.CustomerResponse$inboundSchema, 200);
    const list = await client.customers.list({ limit: 5 });
    expectDeclared(operations.ListCustomersResponseBody$inboundSchema, 200);
    expect(list.result.embedded.customers.map((c) => c.id)).toContain(customerId);
  });

  it('a paid first payment leaves a valid mandate: mandates list and get', async () => {
    const first = await client.payments.create({
      idempotencyKey: 'order-first-1',
      paymentRequest: {
        amount: { currency: 'EUR', value: '4.12' },
        description: 'Falkenhost: server, 1 month',
        redirectUrl: 'https://falkenhost.example.com/dashboard',
        webhookUrl,
        method: 'creditcard',
        locale: 'en_US',
        metadata: { orderId: 'first-1' },
        sequenceType: 'first',
        customerId,
      },
    });
    expectDeclared(models.PaymentResponse$inboundSchema, 201);
    expect(first).toMatchObject({ sequenceType: 'first', customerId });
    await submitCheckout(first.links.checkout!.href, 'paid');
    const paid = await client.payments.get({ paymentId: first.id });
    expectDeclared(models.PaymentResponse$inboundSchema, 200);
    expect(paid.mandateId).toMatch(/^mdt_/);
    mandateId = paid.mandateId!;

    const mandates = await client.mandates.list({ customerId });
    expectDeclared(operations.ListMandatesResponseBody$inboundSchema, 200);
    expect(mandates.result.embedded.mandates.map((m) => m.id)).toEqual([mandateId]);
    const mandate = await client.mandates.get({ customerId, mandateId });
    expectDeclared(models.MandateResponse$inboundSchema, 200);
    expect(mandate).toMatchObject({ resource: 'mandate', status: 'valid', method: 'creditcard' });
  });

  it('a recurring payment on the mandate (customer payments create and list)', async () => {
    const recurring = await client.customers.createPayment({
      customerId,
      idempotencyKey: 'renewal-charge-1',
      paymentRequest: {
        amount: { currency: 'EUR', value: '4.12' },
        description: 'a recurring charge',
        // The SDK's request type wants a redirectUrl even here; Mollie ignores it for recurring payments.
        redirectUrl: 'https://falkenhost.example.com/dashboard',
        sequenceType: 'recurring',
        mandateId,
        webhookUrl,
      },
    });
    expectDeclared(models.PaymentResponse$inboundSchema, 201);
    expect(recurring).toMatchObject({ status: 'pending', sequenceType: 'recurring', mandateId, customerId });
    expect(recurring.links.changePaymentState?.href).toContain('/change-state/');
    const list = await client.customers.listPayments({ customerId });
    expectDeclared(operations.ListCustomerPaymentsResponseBody$inboundSchema, 200);
    expect(list.result.embedded.payments?.map((p) => p.id)).toContain(recurring.id);
  });

  it('subscriptions: create, get, list, update the amount, list its payments, cancel', async () => {
    const subscription = await client.subscriptions.create({
      customerId,
      idempotencyKey: 'subscription-1-0',
      subscriptionRequest: {
        amount: { currency: 'EUR', value: '4.12' },
        interval: '1 month',
        description: 'Falkenhost server Peer (#1, from 2030-01-15)',
        startDate: '2030-02-15',
        mandateId,
        webhookUrl,
        metadata: { userPackageId: 1 },
      },
    });
    expectDeclared(models.SubscriptionResponse$inboundSchema, 201);
    expect(subscription).toMatchObject({
      resource: 'subscription',
      status: 'active',
      interval: '1 month',
      startDate: '2030-02-15',
      nextPaymentDate: '2030-02-15',
      mandateId,
      metadata: { userPackageId: 1 },
    });
    subscriptionId = subscription.id;

    await client.subscriptions.get({ customerId, subscriptionId });
    expectDeclared(models.SubscriptionResponse$inboundSchema, 200);
    const list = await client.subscriptions.list({ customerId, limit: 250 });
    expectDeclared(operations.ListSubscriptionsResponseBody$inboundSchema, 200);
    expect(list.result.embedded.subscriptions?.map((s) => s.id)).toEqual([subscriptionId]);

    const updated = await client.subscriptions.update({
      customerId,
      subscriptionId,
      requestBody: { amount: { currency: 'EUR', value: '6.20' } },
    });
    expectDeclared(models.SubscriptionResponse$inboundSchema, 200);
    expect(updated.amount).toEqual({ currency: 'EUR', value: '6.20' });

    const renewal = emu.state.createRenewal(subscriptionId);
    const payments = await client.subscriptions.listPayments({ customerId, subscriptionId, limit: 5 });
    expectDeclared(operations.ListSubscriptionPaymentsResponseBody$inboundSchema, 200);
    expect(payments.result.embedded.payments?.[0]).toMatchObject({
      id: renewal.id,
      status: 'paid',
      sequenceType: 'recurring',
      subscriptionId,
      customerId,
      mandateId,
      amount: { currency: 'EUR', value: '6.20' },
      metadata: { userPackageId: 1 },
    });

    const canceled = await client.subscriptions.cancel({ customerId, subscriptionId });
    expectDeclared(models.SubscriptionResponse$inboundSchema, 200);
    expect(canceled.status).toBe('canceled');
    // Cancelling again: the product counts 422 as cancelled already (integrations/mollie.ts).
    await refusal(client.subscriptions.cancel({ customerId, subscriptionId }), 422);
  });

  it('404 for an unknown subscription', async () => {
    await refusal(client.subscriptions.get({ customerId, subscriptionId: 'sub_missing00' }), 404);
  });
});

describe('refunds (a card order whose server cannot be made)', () => {
  it('create with an idempotency key (replayed once), get, list of the payment, list of all', async () => {
    const payment = await client.payments.create({
      paymentRequest: {
        amount: { currency: 'EUR', value: '10.00' },
        description: 'to refund',
        redirectUrl: 'https://falkenhost.example.com/dashboard',
        method: 'creditcard',
      },
    });
    emu.state.setPaymentStatus(payment.id, 'paid');
    const request = {
      paymentId: payment.id,
      idempotencyKey: 'refund-order-9',
      refundRequest: { amount: { currency: 'EUR', value: '10.00' }, description: 'No server could be made' },
    };
    const refund = await client.refunds.create(request);
    expectDeclared(models.RefundResponse$inboundSchema, 201);
    expect(refund).toMatchObject({ resource: 'refund', status: 'pending', paymentId: payment.id });
    const replay = await client.refunds.create(request);
    expect(replay.id).toBe(refund.id);
    expect(emu.state.refunds(payment.id)).toHaveLength(1);

    await client.refunds.get({ paymentId: payment.id, refundId: refund.id });
    expectDeclared(models.RefundResponse$inboundSchema, 200);
    const list = await client.refunds.list({ paymentId: payment.id });
    expectDeclared(operations.ListRefundsResponseBody$inboundSchema, 200);
    expect(list.result.embedded.refunds.map((r) => r.id)).toEqual([refund.id]);
    const all = await client.refunds.all({});
    expectDeclared(operations.ListAllRefundsResponseBody$inboundSchema, 200);
    expect(all.result.embedded.refunds.map((r) => r.id)).toContain(refund.id);
    const after = await client.payments.get({ paymentId: payment.id });
    expect(after).toMatchObject({ status: 'paid', amountRefunded: { currency: 'EUR', value: '10.00' } });
    await refusal(client.refunds.create({ ...request, idempotencyKey: 'refund-order-9b' }), 422);
  });
});

describe('every request the SDK sent', () => {
  it('carried an Idempotency-Key (the SDK adds one when we give none) and got no 5xx', () => {
    expect(exchanges.length).toBeGreaterThan(30);
    for (const e of exchanges) {
      expect(e.idempotencyKey, `${e.method} ${e.path}`).toBeTruthy();
      expect(e.status, `${e.method} ${e.path}`).toBeLessThan(500);
    }
  });
});

describe('mandates revoke (auto top-up: a mandate withdrawn at the bank)', () => {
  it('revoke answers 204; the mandate reads invalid and charges nothing more', async () => {
    const customer = await client.customers.create({
      entityCustomer: {
        name: 'Bea Player',
        email: 'bea@example.com',
        locale: 'de_DE',
        metadata: { userId: 8 },
      },
    });
    const first = await client.payments.create({
      paymentRequest: {
        amount: { currency: 'EUR', value: '1.27' },
        description: 'Falkenhost: 25 credits, auto top-up set-up',
        redirectUrl: 'https://falkenhost.example.com/dashboard',
        webhookUrl,
        method: 'creditcard',
        metadata: { orderId: 'first-revoke' },
        sequenceType: 'first',
        customerId: customer.id,
      },
    });
    await submitCheckout(first.links.checkout!.href, 'paid');
    const mandateId = (await client.payments.get({ paymentId: first.id })).mandateId!;
    await client.mandates.revoke({ customerId: customer.id, mandateId });
    const mandate = await client.mandates.get({ customerId: customer.id, mandateId });
    expectDeclared(models.MandateResponse$inboundSchema, 200);
    expect(mandate.status).toBe('invalid');
  });
});
