import { afterEach, describe, expect, it } from 'vitest';
import { customerWithMandate, startEmulator } from './helpers.js';

describe('snapshot and restore', () => {
  const running: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const emulator of running.splice(0)) await emulator.close();
  });

  it('keeps payments and customers across a restart of the emulator', async () => {
    const first = await startEmulator();
    running.push(first);
    const payment = await first.client.payments.create({
      paymentRequest: {
        amount: { currency: 'EUR', value: '4.32' },
        description: 'kept',
        redirectUrl: 'https://shop.example/back',
        method: 'creditcard',
      },
    });
    const customer = await first.client.customers.create({
      entityCustomer: { name: 'Jana', email: 'jana@example.com' },
    });
    first.state.setPaymentStatus(payment.id, 'paid');
    const snapshot = JSON.parse(JSON.stringify(first.state.snapshot()));

    const second = await startEmulator();
    running.push(second);
    second.state.restore(snapshot);
    const again = await second.client.payments.get({ paymentId: payment.id });
    expect(again).toMatchObject({ id: payment.id, status: 'paid', description: 'kept' });
    expect((await second.client.customers.get({ customerId: customer.id })).email).toBe('jana@example.com');
  });

  it("keeps refunds, recurring outcomes and the subscriptions' date anchor", async () => {
    let clock = Date.parse('2024-01-31T08:00:00Z');
    const first = await startEmulator({ now: () => clock, recurringAutoPaidAfterMs: null });
    running.push(first);
    const { customer, first: firstPayment } = await customerWithMandate(first);
    const refund = await first.client.refunds.create({
      paymentId: firstPayment.id,
      refundRequest: { amount: { currency: 'EUR', value: '1.75' }, description: 'kept' },
    });
    const sub = await first.client.subscriptions.create({
      customerId: customer.id,
      subscriptionRequest: {
        amount: { currency: 'EUR', value: '9.75' },
        interval: '1 month',
        description: 'Monthly',
        startDate: '2024-01-31',
      },
    });
    await first.state.runDueSubscriptions();
    first.state.setRecurringOutcome({ customerId: customer.id }, 'failed');
    const snapshot = JSON.parse(JSON.stringify(first.state.snapshot()));
    expect(snapshot.refunds).toHaveLength(1);
    expect(snapshot.recurringOutcomes).toEqual([{ customerId: customer.id, status: 'failed' }]);

    const second = await startEmulator({ now: () => clock, recurringAutoPaidAfterMs: null });
    running.push(second);
    second.state.restore(snapshot);
    const again = await second.client.refunds.get({ paymentId: firstPayment.id, refundId: refund.id });
    expect(again).toMatchObject({ amount: { value: '1.75' }, description: 'kept', status: 'refunded' });
    expect((await second.client.payments.get({ paymentId: firstPayment.id })).amountRefunded?.value).toBe(
      '1.75',
    );
    clock = Date.parse('2024-03-31T08:00:00Z');
    const charged = await second.state.runDueSubscriptions();
    expect(charged.map((p) => p.status)).toEqual(['failed', 'failed']);
    const after = await second.client.subscriptions.get({ customerId: customer.id, subscriptionId: sub.id });
    expect(after.nextPaymentDate).toBe('2024-04-30');
  });

  it('restores a snapshot of an older version (no refunds, outcomes or date anchor)', async () => {
    const first = await startEmulator({ recurringAutoPaidAfterMs: null });
    running.push(first);
    const { customer } = await customerWithMandate(first);
    const sub = await first.client.subscriptions.create({
      customerId: customer.id,
      subscriptionRequest: {
        amount: { currency: 'EUR', value: '9.75' },
        interval: '1 month',
        description: 'Monthly',
        startDate: '2024-01-31',
      },
    });
    const { refunds: _r, recurringOutcomes: _o, ...old } = JSON.parse(JSON.stringify(first.state.snapshot()));
    for (const s of old.subscriptions) {
      delete s.anchorDate;
      delete s.periodsSinceAnchor;
      s.nextPaymentDate = '2024-02-29';
    }

    const clock = Date.parse('2024-03-01T00:00:00Z');
    const second = await startEmulator({ now: () => clock, recurringAutoPaidAfterMs: null });
    running.push(second);
    second.state.restore(old);
    expect(second.state.refunds()).toEqual([]);
    const charged = await second.state.runDueSubscriptions();
    expect(charged.map((p) => p.status)).toEqual(['paid']);
    const after = await second.client.subscriptions.get({ customerId: customer.id, subscriptionId: sub.id });
    expect(after.nextPaymentDate).toBe('2024-03-29');
  });
});
