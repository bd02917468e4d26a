import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from './helpers.js';

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
});
