import { ErrorResponse } from 'mollie-api-typescript/models/errors';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startEmulator, startReceiver, waitFor } from './helpers.js';

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

/** A paid EUR 10.00 payment whose first webhook has arrived. */
async function paidPayment(value = '10.00') {
  const payment = await emu.client.payments.create({
    paymentRequest: {
      amount: { currency: 'EUR', value },
      description: 'Credits',
      redirectUrl: 'http://shop.test/done',
      webhookUrl: hook.url,
    },
  });
  emu.state.setPaymentStatus(payment.id, 'paid');
  await waitFor(() => hook.calls.length === 1);
  return payment;
}

async function sdkError(promise: Promise<unknown>): Promise<ErrorResponse> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ErrorResponse);
  return error as ErrorResponse;
}

describe('refunds API', () => {
  it('creates a refund (201 pending), reads it back refunded, lists it, and changes the payment', async () => {
    const payment = await paidPayment();
    const refund = await emu.client.refunds.create({
      paymentId: payment.id,
      refundRequest: {
        amount: { currency: 'EUR', value: '2.50' },
        description: 'Unused days',
        metadata: { orderId: 42 },
      },
    });
    expect(refund.id).toMatch(/^re_[A-Za-z0-9]{10}$/);
    expect(refund).toMatchObject({
      resource: 'refund',
      mode: 'test',
      status: 'pending',
      amount: { currency: 'EUR', value: '2.50' },
      description: 'Unused days',
      metadata: { orderId: 42 },
      paymentId: payment.id,
    });
    expect(refund.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(refund.links.self.href).toBe(`${emu.base}/v2/payments/${payment.id}/refunds/${refund.id}`);
    expect(refund.links.payment.href).toBe(`${emu.base}/v2/payments/${payment.id}`);
    expect(refund.links.documentation.href).toMatch(/^https:\/\/docs\.mollie\.com\//);

    // The payment's webhook is called again; the payment stays paid with the new amounts.
    await waitFor(() => hook.calls.length === 2);
    expect(hook.calls[1]?.body).toBe(`id=${payment.id}`);
    const after = await emu.client.payments.get({ paymentId: payment.id });
    expect(after.status).toBe('paid');
    expect(after.amountRefunded).toEqual({ currency: 'EUR', value: '2.50' });
    expect(after.amountRemaining).toEqual({ currency: 'EUR', value: '7.50' });
    expect(after.links.refunds?.href).toBe(`${emu.base}/v2/payments/${payment.id}/refunds`);

    const got = await emu.client.refunds.get({ paymentId: payment.id, refundId: refund.id });
    expect(got).toMatchObject({ id: refund.id, status: 'refunded', amount: { value: '2.50' } });
    const raw = await readJson(await emu.api(`/v2/payments/${payment.id}/refunds/${refund.id}`));
    expect(raw.settlementAmount).toEqual({ currency: 'EUR', value: '-2.50' });

    // Without an amount: all that remains.
    const rest = await emu.api(`/v2/payments/${payment.id}/refunds`, { method: 'POST', body: '{}' });
    expect(rest.status).toBe(201);
    const restBody = await readJson(rest);
    expect(restBody).toMatchObject({
      amount: { currency: 'EUR', value: '7.50' },
      description: '',
      metadata: null,
    });
    await waitFor(() => hook.calls.length === 3);

    const list = await emu.client.refunds.list({ paymentId: payment.id });
    expect(list.result.count).toBe(2);
    expect(list.result.embedded.refunds.map((r) => [r.id, r.status])).toEqual([
      [restBody.id, 'refunded'],
      [refund.id, 'refunded'],
    ]);
    const all = await emu.client.refunds.all();
    expect(all.result.embedded.refunds.map((r) => r.id)).toEqual([restBody.id, refund.id]);
    const final = await emu.client.payments.get({ paymentId: payment.id });
    expect(final.amountRefunded).toEqual({ currency: 'EUR', value: '10.00' });
    expect(final.amountRemaining).toEqual({ currency: 'EUR', value: '0.00' });
    expect(emu.state.refunds(payment.id).map((r) => r.amount.value)).toEqual(['2.50', '7.50']);

    // Nothing remains: 422, and no further webhook.
    const more = await sdkError(
      emu.client.refunds.create({
        paymentId: payment.id,
        refundRequest: { amount: { currency: 'EUR', value: '0.01' } },
      }),
    );
    expect(more.status).toBe(422);
    expect(more.field).toBe('amount');
    await emu.state.whenWebhooksIdle();
    expect(hook.calls).toHaveLength(3);
  });

  it('replays a create with the same Idempotency-Key: same refund, refunded once, one webhook', async () => {
    const payment = await paidPayment();
    const request = {
      paymentId: payment.id,
      idempotencyKey: 'refund-order-42',
      refundRequest: { amount: { currency: 'EUR', value: '3.00' }, description: 'Goodwill' },
    };
    const a = await emu.client.refunds.create(request);
    const b = await emu.client.refunds.create(request);
    expect(b.id).toBe(a.id);
    expect(b.status).toBe('pending');

    // The same over plain HTTP with another key: the replay is marked and answers the first refund.
    const post = (body: unknown) =>
      emu.api(`/v2/payments/${payment.id}/refunds`, {
        method: 'POST',
        headers: { 'idempotency-key': 'refund-order-43' },
        body: JSON.stringify(body),
      });
    const first = await post({ amount: { currency: 'EUR', value: '1.00' } });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const replay = await post({ amount: { currency: 'EUR', value: '1.00' } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await readJson(replay)).id).toBe((await readJson(first)).id);

    expect(emu.state.refunds()).toHaveLength(2);
    const after = await emu.client.payments.get({ paymentId: payment.id });
    expect(after.amountRefunded).toEqual({ currency: 'EUR', value: '4.00' });
    expect(after.amountRemaining).toEqual({ currency: 'EUR', value: '6.00' });
    await waitFor(() => hook.calls.length === 3);
    await emu.state.whenWebhooksIdle();
    expect(hook.calls).toHaveLength(3);

    // The same key with another amount is refused, and refunds nothing.
    const other = await post({ amount: { currency: 'EUR', value: '4.00' } });
    expect(other.status).toBe(400);
    expect(emu.state.refunds()).toHaveLength(2);
  });

  it('422 for a payment that is not paid, an amount over what remains, another currency, a bad amount', async () => {
    const open = await emu.client.payments.create({
      paymentRequest: {
        amount: { currency: 'EUR', value: '5.00' },
        description: 'Open',
        redirectUrl: 'http://shop.test/done',
      },
    });
    const notPaid = await emu.api(`/v2/payments/${open.id}/refunds`, { method: 'POST', body: '{}' });
    expect(notPaid.status).toBe(422);
    expect(await readJson(notPaid)).toMatchObject({
      status: 422,
      field: 'amount',
      detail: 'The payment is not paid',
    });

    const payment = await paidPayment();
    const cases: [unknown, string][] = [
      [{ amount: { currency: 'EUR', value: '10.01' } }, 'amount'],
      [{ amount: { currency: 'USD', value: '1.00' } }, 'amount'],
      [{ amount: { currency: 'EUR', value: '1' } }, 'amount'],
      [{ amount: { currency: 'EUR', value: '1.00' }, description: 'x'.repeat(256) }, 'description'],
      [{ amount: { currency: 'EUR', value: '1.00' }, metadata: { blob: 'x'.repeat(1100) } }, 'metadata'],
    ];
    for (const [body, field] of cases) {
      const res = await emu.api(`/v2/payments/${payment.id}/refunds`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(422);
      expect((await readJson(res)).field).toBe(field);
    }
    expect(emu.state.refunds()).toHaveLength(0);
    expect(emu.state.payment(payment.id).refundedCents ?? 0).toBe(0);
  });

  it('404 for an unknown payment or refund, or a refund of another payment; DELETE is 422', async () => {
    const missing = await sdkError(
      emu.client.refunds.create({
        paymentId: 'tr_missing123',
        refundRequest: { amount: { currency: 'EUR', value: '1.00' } },
      }),
    );
    expect(missing.status).toBe(404);
    expect(missing.detail).toBe('No payment exists with token tr_missing123.');
    expect((await emu.api('/v2/payments/tr_missing123/refunds')).status).toBe(404);

    const payment = await paidPayment();
    const other = await paidPaymentWithoutHook();
    const refund = await emu.client.refunds.create({
      paymentId: payment.id,
      refundRequest: { amount: { currency: 'EUR', value: '1.00' } },
    });
    const unknown = await sdkError(
      emu.client.refunds.get({ paymentId: payment.id, refundId: 're_missing123' }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.detail).toBe('No refund exists with token re_missing123.');
    const wrongPayment = await sdkError(emu.client.refunds.get({ paymentId: other, refundId: refund.id }));
    expect(wrongPayment.status).toBe(404);
    const cancel = await emu.client.refunds
      .cancel({ paymentId: payment.id, refundId: refund.id })
      .catch((e: unknown) => e);
    expect((cancel as { statusCode: number }).statusCode).toBe(422);
    expect(emu.state.refunds(payment.id)[0]?.status).toBe('refunded');
  });

  it('state.refund records a refund resource too', async () => {
    const payment = await paidPayment('4.00');
    emu.state.refund(payment.id, 150);
    const list = await emu.client.refunds.list({ paymentId: payment.id });
    expect(list.result.embedded.refunds).toHaveLength(1);
    expect(list.result.embedded.refunds[0]).toMatchObject({
      amount: { currency: 'EUR', value: '1.50' },
      status: 'refunded',
      paymentId: payment.id,
    });
  });
});

async function paidPaymentWithoutHook(): Promise<string> {
  const payment = await emu.client.payments.create({
    paymentRequest: {
      amount: { currency: 'EUR', value: '1.00' },
      description: 'Other',
      redirectUrl: 'http://shop.test/done',
    },
  });
  emu.state.setPaymentStatus(payment.id, 'paid');
  return payment.id;
}
