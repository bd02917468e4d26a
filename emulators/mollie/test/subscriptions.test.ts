import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addInterval } from '../src/state/dates';
import { customerWithMandate, readJson, startEmulator, startReceiver } from './helpers.js';

const DAY = 24 * 60 * 60 * 1000;
let clock = 0;
let emu: Awaited<ReturnType<typeof startEmulator>>;
let hook: Awaited<ReturnType<typeof startReceiver>>;

/** Sets the emulator's clock to a UTC day and time, e.g. `at('2024-02-29T08:00')`. */
function at(isoMinute: string): void {
  clock = Date.parse(`${isoMinute}:00Z`);
}

beforeEach(async () => {
  at('2024-01-15T10:00');
  emu = await startEmulator({ now: () => clock, recurringAutoPaidAfterMs: null });
  // Each webhook takes 80 ms to answer: runDueSubscriptions must wait for it.
  hook = await startReceiver([], 80);
});
afterEach(async () => {
  await emu.close();
  await hook.close();
});

async function subscribe(customerId: string, extra: Record<string, unknown> = {}) {
  return emu.client.subscriptions.create({
    customerId,
    subscriptionRequest: {
      amount: { currency: 'EUR', value: '9.75' },
      interval: '1 month',
      description: 'Valheim Standard server 1',
      startDate: '2024-01-31',
      webhookUrl: hook.url,
      metadata: { serverId: 1 },
      ...extra,
    },
  });
}

describe('addInterval', () => {
  it('anchors month ends on the start date and counts k intervals in one step', () => {
    expect(addInterval('2024-01-31', '1 month')).toBe('2024-02-29');
    expect(addInterval('2024-01-31', '1 month', 2)).toBe('2024-03-31');
    expect(addInterval('2024-01-31', '1 month', 3)).toBe('2024-04-30');
    expect(addInterval('2024-01-31', '1 month', 13)).toBe('2025-02-28');
    expect(addInterval('2024-01-31', '3 months', 2)).toBe('2024-07-31');
    expect(addInterval('2024-01-31', '2 weeks', 2)).toBe('2024-02-28');
    expect(addInterval('2024-02-28', '1 day', 2)).toBe('2024-03-01');
    expect(addInterval('2024-01-31', '1 month', 0)).toBe('2024-01-31');
  });
});

describe('subscriptions through the SDK', () => {
  it('create, get, list, update the amount (PATCH), cancel: every answer passes the SDK validation', async () => {
    const { customer, mandateId } = await customerWithMandate(emu);
    const created = await subscribe(customer.id, { times: 12 });
    expect(created).toMatchObject({
      resource: 'subscription',
      status: 'active',
      startDate: '2024-01-31',
      nextPaymentDate: '2024-01-31',
      times: 12,
      timesRemaining: 12,
      mandateId,
    });
    const got = await emu.client.subscriptions.get({ customerId: customer.id, subscriptionId: created.id });
    expect(got).toMatchObject({ id: created.id, amount: { currency: 'EUR', value: '9.75' } });
    const list = await emu.client.subscriptions.list({ customerId: customer.id });
    expect(list.result.count).toBe(1);
    expect(list.result.embedded.subscriptions?.[0]?.id).toBe(created.id);

    const updated = await emu.client.subscriptions.update({
      customerId: customer.id,
      subscriptionId: created.id,
      requestBody: { amount: { currency: 'EUR', value: '14.50' } },
    });
    expect(updated.amount).toEqual({ currency: 'EUR', value: '14.50' });
    expect(updated.nextPaymentDate).toBe('2024-01-31');
    at('2024-01-31T06:00');
    const [renewal] = await emu.state.runDueSubscriptions();
    expect(renewal?.amount).toEqual({ currency: 'EUR', value: '14.50' });
    const afterCharge = await emu.client.subscriptions.get({
      customerId: customer.id,
      subscriptionId: created.id,
    });
    expect(afterCharge).toMatchObject({ nextPaymentDate: '2024-02-29', timesRemaining: 11 });
    const payments = await emu.client.subscriptions.listPayments({
      customerId: customer.id,
      subscriptionId: created.id,
    });
    expect(payments.result.embedded.payments?.map((p) => p.id)).toEqual([renewal?.id]);

    const canceled = await emu.client.subscriptions.cancel({
      customerId: customer.id,
      subscriptionId: created.id,
    });
    expect(canceled).toMatchObject({ status: 'canceled', nextPaymentDate: null });
    at('2024-06-01T00:00');
    expect(await emu.state.runDueSubscriptions()).toEqual([]);
  });
});

describe('runDueSubscriptions', () => {
  it('charges on the payment dates, Jan 31 -> Feb 29 -> Mar 31, after the first webhook attempt finished', async () => {
    const { customer, mandateId } = await customerWithMandate(emu);
    const sub = await subscribe(customer.id);

    at('2024-01-30T23:59');
    expect(await emu.state.runDueSubscriptions()).toEqual([]);

    at('2024-01-31T00:00');
    const january = await emu.state.runDueSubscriptions();
    expect(january).toHaveLength(1);
    const renewal = january[0]!;
    expect(renewal).toMatchObject({
      status: 'paid',
      sequenceType: 'recurring',
      subscriptionId: sub.id,
      customerId: customer.id,
      mandateId,
      metadata: { serverId: 1 },
      amount: { currency: 'EUR', value: '9.75' },
    });
    // Awaited: the webhook arrived and was answered before runDueSubscriptions resolved.
    expect(hook.calls.map((c) => c.body)).toEqual([`id=${renewal.id}`]);
    expect(emu.state.webhookDeliveries()).toEqual([
      expect.objectContaining({ paymentId: renewal.id, attempt: 1, ok: true, statusCode: 200 }),
    ]);
    const sdkPayment = await emu.client.payments.get({ paymentId: renewal.id });
    expect(sdkPayment).toMatchObject({ status: 'paid', subscriptionId: sub.id });

    const subscription = () =>
      emu.client.subscriptions.get({ customerId: customer.id, subscriptionId: sub.id });
    expect((await subscription()).nextPaymentDate).toBe('2024-02-29');
    expect(await emu.state.runDueSubscriptions()).toEqual([]);

    at('2024-02-28T23:00');
    expect(await emu.state.runDueSubscriptions()).toEqual([]);
    at('2024-02-29T12:00');
    expect(await emu.state.runDueSubscriptions()).toHaveLength(1);
    expect((await subscription()).nextPaymentDate).toBe('2024-03-31');

    clock += 30 * DAY; // 2024-03-30
    expect(await emu.state.runDueSubscriptions()).toEqual([]);
    clock += DAY; // 2024-03-31
    expect(await emu.state.runDueSubscriptions()).toHaveLength(1);
    expect((await subscription()).nextPaymentDate).toBe('2024-04-30');
    expect(hook.calls).toHaveLength(3);
  });

  it('charges each missed period once after a clock jump, oldest date first across subscriptions', async () => {
    const { customer } = await customerWithMandate(emu);
    const monthly = await subscribe(customer.id);
    const weekly = await subscribe(customer.id, {
      description: 'Extra backups',
      interval: '2 weeks',
      startDate: '2024-03-01',
      amount: { currency: 'EUR', value: '1.00' },
    });

    at('2024-04-01T09:00');
    const charged = await emu.state.runDueSubscriptions();
    const dates = (id: string) => charged.filter((p) => p.subscriptionId === id).length;
    // monthly: 01-31, 02-29, 03-31; every 2 weeks: 03-01, 03-15, 03-29.
    expect(dates(monthly.id)).toBe(3);
    expect(dates(weekly.id)).toBe(3);
    expect(charged.map((p) => p.amount.value)).toEqual(['9.75', '9.75', '1.00', '1.00', '1.00', '9.75']);
    expect(new Set(charged.map((p) => p.id)).size).toBe(6);
    expect(charged.every((p) => p.status === 'paid')).toBe(true);
    // Every first attempt has finished by now.
    const delivered = new Set(emu.state.webhookDeliveries().map((d) => d.paymentId));
    expect(charged.every((p) => delivered.has(p.id))).toBe(true);

    const get = (id: string) => emu.client.subscriptions.get({ customerId: customer.id, subscriptionId: id });
    expect((await get(monthly.id)).nextPaymentDate).toBe('2024-04-30');
    expect((await get(weekly.id)).nextPaymentDate).toBe('2024-04-12');
    expect(await emu.state.runDueSubscriptions()).toEqual([]);
  });

  it('stops at `times` (completed), skips pending subscriptions and future start dates', async () => {
    const { customer } = await customerWithMandate(emu);
    const limited = await subscribe(customer.id, { times: 2 });
    const later = await subscribe(customer.id, { description: 'Later', startDate: '2025-01-01' });

    at('2024-12-31T00:00');
    const charged = await emu.state.runDueSubscriptions();
    expect(charged.map((p) => p.subscriptionId)).toEqual([limited.id, limited.id]);
    const done = await emu.client.subscriptions.get({ customerId: customer.id, subscriptionId: limited.id });
    expect(done).toMatchObject({ status: 'completed', timesRemaining: 0, nextPaymentDate: null });
    const waiting = await emu.client.subscriptions.get({ customerId: customer.id, subscriptionId: later.id });
    expect(waiting.nextPaymentDate).toBe('2025-01-01');
  });

  it('re-anchors on a new startDate (PATCH) and counts a new interval from the next payment date', async () => {
    const { customer } = await customerWithMandate(emu);
    const sub = await subscribe(customer.id);
    at('2024-01-31T10:00');
    await emu.state.runDueSubscriptions();
    const patch = async (body: Record<string, unknown>) =>
      readJson(
        await emu.api(`/v2/customers/${customer.id}/subscriptions/${sub.id}`, {
          method: 'PATCH',
          body: JSON.stringify(body),
        }),
      );
    expect((await patch({ interval: '2 months' })).nextPaymentDate).toBe('2024-02-29');
    at('2024-02-29T10:00');
    await emu.state.runDueSubscriptions();
    expect(emu.state.store.subscriptions.get(sub.id)?.nextPaymentDate).toBe('2024-04-29');
    expect((await patch({ startDate: '2024-05-31' })).nextPaymentDate).toBe('2024-05-31');
    at('2024-07-01T00:00');
    const charged = await emu.state.runDueSubscriptions();
    expect(charged).toHaveLength(1);
    expect(emu.state.store.subscriptions.get(sub.id)?.nextPaymentDate).toBe('2024-07-31');
  });

  it('resolves without webhooks when the subscription has no webhookUrl', async () => {
    const { customer } = await customerWithMandate(emu);
    await subscribe(customer.id, { webhookUrl: undefined });
    at('2024-02-01T00:00');
    const charged = await emu.state.runDueSubscriptions();
    expect(charged).toHaveLength(1);
    expect(emu.state.webhookDeliveries()).toEqual([]);
  });
});
