import type { ErrorResponse } from 'mollie-api-typescript/models/errors';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startEmulator, startReceiver, submitCheckout, waitFor } from './helpers.js';

let emu: Awaited<ReturnType<typeof startEmulator>>;
let hook: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  emu = await startEmulator({ recurringAutoPaidAfterMs: null });
  hook = await startReceiver();
});
afterEach(async () => {
  await emu.close();
  await hook.close();
});

async function customerWithMandate() {
  const customer = await emu.client.customers.create({
    entityCustomer: {
      name: 'Ada Player',
      email: 'ada@example.com',
      locale: 'de_DE',
      metadata: { userId: 7 },
    },
  });
  const first = await emu.client.payments.create({
    paymentRequest: {
      amount: { currency: 'EUR', value: '9.75' },
      description: 'Valheim Standard, first month',
      redirectUrl: 'http://shop.test/servers/1',
      webhookUrl: hook.url,
      method: 'creditcard',
      sequenceType: 'first',
      customerId: customer.id,
    },
  });
  return { customer, first };
}

async function subscribe(customerId: string, extra: Record<string, unknown> = {}) {
  return emu.client.subscriptions.create({
    customerId,
    subscriptionRequest: {
      amount: { currency: 'EUR', value: '9.75' },
      interval: '1 month',
      description: 'Valheim Standard server 1',
      startDate: '2031-01-15',
      webhookUrl: hook.url,
      metadata: { serverId: 1 },
      ...extra,
    },
  });
}

describe('customers, mandates, subscriptions', () => {
  it('creates and reads a customer through the SDK', async () => {
    const customer = await emu.client.customers.create({
      entityCustomer: { name: 'Ada', email: 'ada@example.com' },
    });
    expect(customer.id).toMatch(/^cst_[A-Za-z0-9]{10}$/);
    expect(customer.resource).toBe('customer');
    const got = await emu.client.customers.get({ customerId: customer.id });
    expect(got).toMatchObject({ id: customer.id, name: 'Ada', email: 'ada@example.com', locale: null });
    const list = await emu.client.customers.list({});
    expect(list.result.embedded.customers.map((c) => c.id)).toEqual([customer.id]);
    const missing = await emu.client.customers.get({ customerId: 'cst_nope' }).catch((e: unknown) => e);
    expect((missing as ErrorResponse).status).toBe(404);
  });

  it('first payment paid -> valid mandate -> subscription -> renewal webhook for a new payment', async () => {
    const { customer, first } = await customerWithMandate();
    expect(first.sequenceType).toBe('first');
    expect(first.customerId).toBe(customer.id);
    expect(first.links.customer?.href).toBe(`${emu.base}/v2/customers/${customer.id}`);
    expect((await emu.client.mandates.list({ customerId: customer.id })).result.count).toBe(0);

    await submitCheckout(first.links.checkout!.href, 'paid');
    await waitFor(() => hook.calls.length === 1);
    const paidFirst = await emu.client.payments.get({ paymentId: first.id });
    expect(paidFirst.mandateId).toMatch(/^mdt_[A-Za-z0-9]{10}$/);

    const mandates = await emu.client.mandates.list({ customerId: customer.id });
    expect(mandates.result.count).toBe(1);
    const mandate = mandates.result.embedded.mandates[0]!;
    expect(mandate).toMatchObject({
      id: paidFirst.mandateId,
      status: 'valid',
      method: 'creditcard',
      customerId: customer.id,
    });
    const one = await emu.client.mandates.get({ customerId: customer.id, mandateId: mandate.id });
    expect(one.details.cardNumber).toBe('6787');

    const sub = await subscribe(customer.id);
    expect(sub).toMatchObject({
      resource: 'subscription',
      status: 'active',
      amount: { currency: 'EUR', value: '9.75' },
      interval: '1 month',
      startDate: '2031-01-15',
      nextPaymentDate: '2031-01-15',
      description: 'Valheim Standard server 1',
      mandateId: mandate.id,
      customerId: customer.id,
      webhookUrl: hook.url,
      metadata: { serverId: 1 },
      times: null,
      timesRemaining: null,
    });
    expect(sub.id).toMatch(/^sub_[A-Za-z0-9]{10}$/);

    const renewal = emu.state.createRenewal(sub.id);
    await waitFor(() => hook.calls.length === 2);
    expect(hook.calls[1]?.body).toBe(`id=${renewal.id}`);
    expect(renewal.id).not.toBe(first.id);
    const charged = await emu.client.payments.get({ paymentId: renewal.id });
    expect(charged).toMatchObject({
      status: 'paid',
      sequenceType: 'recurring',
      subscriptionId: sub.id,
      customerId: customer.id,
      mandateId: mandate.id,
      metadata: { serverId: 1 },
      amount: { currency: 'EUR', value: '9.75' },
    });
    expect(charged.links.checkout).toBeUndefined();
    expect(charged.links.subscription?.href).toBe(
      `${emu.base}/v2/customers/${customer.id}/subscriptions/${sub.id}`,
    );
    const after = await emu.client.subscriptions.get({ customerId: customer.id, subscriptionId: sub.id });
    expect(after.nextPaymentDate).toBe('2031-02-15');

    const failed = emu.state.createRenewal(sub.id, 'failed');
    await waitFor(() => hook.calls.length === 3);
    expect((await emu.client.payments.get({ paymentId: failed.id })).status).toBe('failed');
  });

  it('updates and cancels a subscription through the SDK', async () => {
    const { customer, first } = await customerWithMandate();
    emu.state.setPaymentStatus(first.id, 'paid');
    const sub = await subscribe(customer.id);
    const updated = await emu.client.subscriptions.update({
      customerId: customer.id,
      subscriptionId: sub.id,
      requestBody: {
        amount: { currency: 'EUR', value: '12.50' },
        description: 'Valheim Pro server 1',
        metadata: { serverId: 1, pkg: 'pro' },
      },
    });
    expect(updated.amount.value).toBe('12.50');
    expect(updated.description).toBe('Valheim Pro server 1');
    expect(updated.metadata).toEqual({ serverId: 1, pkg: 'pro' });
    const list = await emu.client.subscriptions.list({ customerId: customer.id });
    expect(list.result.embedded.subscriptions?.map((s) => s.id)).toEqual([sub.id]);

    const canceled = await emu.client.subscriptions.cancel({
      customerId: customer.id,
      subscriptionId: sub.id,
    });
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceledAt).toBeTruthy();
    expect(canceled.nextPaymentDate).toBeNull();
    expect(() => emu.state.createRenewal(sub.id)).toThrow(/canceled/);
    const again = await emu.client.subscriptions
      .cancel({ customerId: customer.id, subscriptionId: sub.id })
      .catch((e: unknown) => e);
    expect((again as { statusCode: number }).statusCode).toBe(422);
  });

  it('422 without a mandate, and for a duplicate active description', async () => {
    const { customer, first } = await customerWithMandate();
    const noMandate = await subscribe(customer.id).catch((e: unknown) => e);
    expect((noMandate as { statusCode: number }).statusCode).toBe(422);
    emu.state.setPaymentStatus(first.id, 'paid');
    await subscribe(customer.id);
    const res = await emu.api(`/v2/customers/${customer.id}/subscriptions`, {
      method: 'POST',
      body: JSON.stringify({
        amount: { currency: 'EUR', value: '1.00' },
        interval: '1 month',
        description: 'Valheim Standard server 1',
      }),
    });
    expect(res.status).toBe(422);
    expect((await readJson(res)).field).toBe('description');
    const badInterval = await emu.api(`/v2/customers/${customer.id}/subscriptions`, {
      method: 'POST',
      body: JSON.stringify({
        amount: { currency: 'EUR', value: '1.00' },
        interval: 'monthly',
        description: 'x',
      }),
    });
    expect((await readJson(badInterval)).field).toBe('interval');
  });

  it('a recurring payment needs no checkout and changes state through changePaymentState', async () => {
    const { customer, first } = await customerWithMandate();
    const noMandate = await emu.client.customers
      .createPayment({
        customerId: customer.id,
        paymentRequest: {
          amount: { currency: 'EUR', value: '5.00' },
          description: 'Top-up',
          redirectUrl: null,
          sequenceType: 'recurring',
        },
      })
      .catch((e: unknown) => e);
    expect((noMandate as ErrorResponse).status).toBe(422);
    emu.state.setPaymentStatus(first.id, 'paid');

    const recurring = await emu.client.customers.createPayment({
      customerId: customer.id,
      paymentRequest: {
        amount: { currency: 'EUR', value: '5.00' },
        description: 'Top-up',
        redirectUrl: null,
        webhookUrl: hook.url,
        sequenceType: 'recurring',
      },
    });
    expect(recurring.status).toBe('pending');
    expect(recurring.links.checkout).toBeUndefined();
    const changeUrl = recurring.links.changePaymentState?.href;
    expect(changeUrl).toBe(`${emu.base}/change-state/${recurring.id}`);
    const page = await (await fetch(changeUrl!)).text();
    expect(page).toContain('Continue');
    const res = await submitCheckout(changeUrl!, 'failed');
    expect(res.status).toBe(303);
    await waitFor(() => hook.calls.some((c) => c.body === `id=${recurring.id}`));
    expect((await emu.client.payments.get({ paymentId: recurring.id })).status).toBe('failed');
  });

  it('a revoked mandate charges nothing more and ends its subscriptions', async () => {
    const { customer, first } = await customerWithMandate();
    emu.state.setPaymentStatus(first.id, 'paid');
    const mandateId = emu.state.payment(first.id).mandateId!;
    const sub = await subscribe(customer.id);
    await emu.client.mandates.revoke({ customerId: customer.id, mandateId });
    const mandate = await emu.client.mandates.get({ customerId: customer.id, mandateId });
    expect(mandate.status).toBe('invalid');
    const subscription = await emu.client.subscriptions.get({
      customerId: customer.id,
      subscriptionId: sub.id,
    });
    expect(subscription.status).toBe('canceled');
    const charge = await emu.client.customers
      .createPayment({
        customerId: customer.id,
        paymentRequest: {
          amount: { currency: 'EUR', value: '5.00' },
          description: 'Top-up',
          redirectUrl: null,
          sequenceType: 'recurring',
          mandateId,
        },
      })
      .catch((e: unknown) => e);
    expect((charge as ErrorResponse).status).toBe(422);
    const again = await emu.api(`/v2/customers/${customer.id}/mandates/${mandateId}`, { method: 'DELETE' });
    expect(again.status).toBe(422);
  });

  it('an outage answers 503 to every API call and changes nothing until it is over', async () => {
    const { customer } = await customerWithMandate();
    const before = emu.state.payments().length;
    emu.state.setOutage(true);
    const res = await emu.api('/v2/payments', {
      method: 'POST',
      headers: { 'idempotency-key': 'outage-1' },
      body: JSON.stringify({
        amount: { currency: 'EUR', value: '1.00' },
        description: 'x',
        redirectUrl: 'http://a.test/',
      }),
    });
    expect(res.status).toBe(503);
    expect((await readJson(res)).title).toBe('Service Unavailable');
    expect((await emu.api(`/v2/customers/${customer.id}`)).status).toBe(503);
    expect(emu.state.payments()).toHaveLength(before);
    emu.state.setOutage(false);
    const retried = await emu.api('/v2/payments', {
      method: 'POST',
      headers: { 'idempotency-key': 'outage-1' },
      body: JSON.stringify({
        amount: { currency: 'EUR', value: '1.00' },
        description: 'x',
        redirectUrl: 'http://a.test/',
      }),
    });
    expect(retried.status).toBe(201);
    expect(emu.state.payments()).toHaveLength(before + 1);
  });

  it('lost webhooks are recorded as lost and never retried', async () => {
    const { first } = await customerWithMandate();
    emu.state.setWebhooksLost(true);
    emu.state.setPaymentStatus(first.id, 'paid');
    await emu.state.whenWebhooksIdle();
    expect(hook.calls).toHaveLength(0);
    expect(emu.state.webhookDeliveries().at(-1)?.error).toBe('lost (fault injection)');
    expect(emu.state.webhookRetriesPending()).toBe(0);
  });

  it('recurring payments turn paid by themselves after recurringAutoPaidAfterMs', async () => {
    const auto = await startEmulator({ recurringAutoPaidAfterMs: 30 });
    const customer = await auto.client.customers.create({ entityCustomer: { name: 'B' } });
    const first = await auto.client.payments.create({
      paymentRequest: {
        amount: { currency: 'EUR', value: '1.00' },
        description: 'f',
        redirectUrl: 'http://x.test/',
        sequenceType: 'first',
        customerId: customer.id,
      },
    });
    auto.state.setPaymentStatus(first.id, 'paid');
    const recurring = await auto.client.payments.create({
      paymentRequest: {
        amount: { currency: 'EUR', value: '2.00' },
        description: 'r',
        redirectUrl: null,
        sequenceType: 'recurring',
        customerId: customer.id,
      },
    });
    await waitFor(() => auto.state.payment(recurring.id).status === 'paid');
    await auto.close();
  });
});
