import { Client } from 'mollie-api-typescript';
import { ErrorResponse } from 'mollie-api-typescript/models/errors';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startEmulator, startReceiver, waitFor } from './helpers.js';

let emu: Awaited<ReturnType<typeof startEmulator>>;

beforeEach(async () => {
  emu = await startEmulator();
});
afterEach(async () => {
  await emu.close();
});

const valid = {
  amount: { currency: 'EUR', value: '10.00' },
  description: 'Order 42',
  redirectUrl: 'http://shop.test/orders/42',
};

async function sdkError(promise: Promise<unknown>): Promise<ErrorResponse> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ErrorResponse);
  return error as ErrorResponse;
}

describe('payments API', () => {
  it('cancels an open payment (DELETE) and refuses a second cancel with 422', async () => {
    const hook = await startReceiver();
    const payment = await emu.client.payments.create({ paymentRequest: { ...valid, webhookUrl: hook.url } });
    const canceled = await emu.client.payments.cancel({ paymentId: payment.id });
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceledAt).toBeTruthy();
    expect(canceled.isCancelable).toBe(false);
    await waitFor(() => hook.calls.length === 1);
    const error = await sdkError(emu.client.payments.cancel({ paymentId: payment.id }));
    expect(error.status).toBe(422);
    expect(error.title).toBe('Unprocessable Entity');
    await hook.close();
  });

  it('refunds and charges back a paid payment: it stays paid, its amounts change, its webhook is called again', async () => {
    const hook = await startReceiver();
    const payment = await emu.client.payments.create({ paymentRequest: { ...valid, webhookUrl: hook.url } });
    emu.state.setPaymentStatus(payment.id, 'paid');
    await waitFor(() => hook.calls.length === 1);
    const paid = await emu.client.payments.get({ paymentId: payment.id });
    expect(paid.amountRefunded).toEqual({ currency: 'EUR', value: '0.00' });
    expect(paid.amountRemaining).toEqual({ currency: 'EUR', value: '10.00' });
    expect(paid.amountChargedBack).toBeUndefined();

    emu.state.refund(payment.id, 250);
    await waitFor(() => hook.calls.length === 2);
    emu.state.chargeback(payment.id);
    await waitFor(() => hook.calls.length === 3);
    const after = await emu.client.payments.get({ paymentId: payment.id });
    expect(after.status).toBe('paid');
    expect(after.amountRefunded).toEqual({ currency: 'EUR', value: '2.50' });
    expect(after.amountChargedBack).toEqual({ currency: 'EUR', value: '7.50' });
    expect(after.amountRemaining).toEqual({ currency: 'EUR', value: '0.00' });
    expect(() => emu.state.refund(payment.id, 1)).toThrow(/can be refunded/);
    await hook.close();
  });

  it.each([
    [{ amount: { currency: 'EUR', value: '10' } }, 'amount'],
    [{ amount: { currency: 'EUR', value: 10 } }, 'amount'],
    [{ amount: { currency: 'EUR', value: '10.001' } }, 'amount'],
    [{ amount: { currency: 'EUR', value: '0.00' } }, 'amount'],
    [{ method: 'ideal' }, 'method'],
    [{ method: ['creditcard', 'bitcoin'] }, 'method'],
    [{ locale: 'xx_XX' }, 'locale'],
    [{ redirectUrl: undefined }, 'redirectUrl'],
    [{ redirectUrl: 'not a url' }, 'redirectUrl'],
    [{ description: '' }, 'description'],
    [{ description: 'x'.repeat(256) }, 'description'],
    [{ metadata: { blob: 'x'.repeat(1100) } }, 'metadata'],
    [{ sequenceType: 'first' }, 'customerId'],
    [{ sequenceType: 'sometimes' }, 'sequenceType'],
    [{ customerId: 'cst_doesnotexist' }, 'customerId'],
  ])('422 for %j (field %s)', async (patch, field) => {
    const res = await emu.api('/v2/payments', {
      method: 'POST',
      body: JSON.stringify({ ...valid, ...patch }),
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^application\/hal\+json/);
    const body = await readJson(res);
    expect(body).toMatchObject({ status: 422, title: 'Unprocessable Entity', field });
    expect(body.detail).toEqual(expect.any(String));
    expect(body).toMatchObject({
      _links: { documentation: { href: expect.stringMatching(/^https:/), type: 'text/html' } },
    });
  });

  it('422 through the SDK as an ErrorResponse with the field', async () => {
    const error = await sdkError(
      emu.client.payments.create({
        paymentRequest: { ...valid, amount: { currency: 'EUR', value: '1,00' } },
      }),
    );
    expect(error.status).toBe(422);
    expect(error.field).toBe('amount');
  });

  it('401 "Unauthorized Request" for a missing or wrong key', async () => {
    const missing = await fetch(`${emu.base}/v2/payments`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toMatch(/^application\/hal\+json/);
    expect(await readJson(missing)).toMatchObject({ status: 401, title: 'Unauthorized Request' });
    const wrong = await fetch(`${emu.base}/v2/payments`, { headers: { authorization: 'Bearer test_short' } });
    expect(wrong.status).toBe(401);
    const bad = new Client({
      security: { apiKey: 'live_nope' },
      serverURL: emu.base,
      retryConfig: { strategy: 'none' },
    });
    const error = await bad.payments.get({ paymentId: 'tr_xxxxxxxxxx' }).catch((e: unknown) => e);
    expect((error as { statusCode: number }).statusCode).toBe(401);
  });

  it('only the configured keys when apiKeys is given', async () => {
    const strict = await startEmulator({ apiKeys: ['test_onlythisoneisacceptedhere1234567'] });
    const other = await strict.api('/v2/payments');
    expect(other.status).toBe(401);
    const ok = await fetch(`${strict.base}/v2/payments`, {
      headers: { authorization: 'Bearer test_onlythisoneisacceptedhere1234567' },
    });
    expect(ok.status).toBe(200);
    await strict.close();
  });

  it('404 "No payment exists with token tr_..."', async () => {
    const error = await sdkError(emu.client.payments.get({ paymentId: 'tr_missing123' }));
    expect(error.status).toBe(404);
    expect(error.detail).toBe('No payment exists with token tr_missing123.');
  });

  it('replays an answer for the same Idempotency-Key and body; 400 for another body', async () => {
    const init = (body: unknown) => ({
      method: 'POST',
      headers: { 'idempotency-key': 'order-42-attempt-1' },
      body: JSON.stringify(body),
    });
    const first = await emu.api('/v2/payments', init(valid));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await emu.api('/v2/payments', init(valid));
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('content-type')).toMatch(/^application\/hal\+json/);
    expect((await readJson(second)).id).toBe((await readJson(first)).id);
    expect(emu.state.payments()).toHaveLength(1);
    const other = await emu.api('/v2/payments', init({ ...valid, description: 'Order 43' }));
    expect(other.status).toBe(400);
  });

  it('replays through the SDK with the same idempotencyKey', async () => {
    const a = await emu.client.payments.create({ idempotencyKey: 'k-1', paymentRequest: valid });
    const b = await emu.client.payments.create({ idempotencyKey: 'k-1', paymentRequest: valid });
    expect(b.id).toBe(a.id);
  });

  it('lists payments newest first with cursor pagination', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await emu.client.payments.create({ paymentRequest: valid })).id);
    const page = await emu.client.payments.list({ limit: 2 });
    expect(page.result.count).toBe(2);
    expect(page.result.embedded.payments?.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    const next = await page.next();
    expect(next?.result.embedded.payments?.map((p) => p.id)).toEqual([ids[0]]);
  });

  it('expires an open payment once expiresAt passed, with webhook', async () => {
    let clock = Date.now();
    const timed = await startEmulator({ now: () => clock });
    const hook = await startReceiver();
    const payment = await timed.client.payments.create({
      paymentRequest: { ...valid, method: 'paysafecard', webhookUrl: hook.url },
    });
    clock += 15 * 60_000;
    const expired = await timed.client.payments.get({ paymentId: payment.id });
    expect(expired.status).toBe('expired');
    expect(expired.expiredAt).toBeTruthy();
    await waitFor(() => hook.calls.length === 1);
    expect(hook.calls[0]?.body).toBe(`id=${payment.id}`);
    await timed.close();
    await hook.close();
  });

  it('accepts DELETE without a body and a JSON error for malformed JSON', async () => {
    const payment = await emu.client.payments.create({ paymentRequest: valid });
    const res = await emu.api(`/v2/payments/${payment.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await readJson(res)).status).toBe('canceled');
    const bad = await emu.api('/v2/payments', { method: 'POST', body: '{"amount":' });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toMatchObject({ status: 400, title: 'Bad Request' });
  });
});

describe('webhook delivery', () => {
  it('retries after 500 until a 200 and logs every attempt', async () => {
    const hook = await startReceiver([500, 500]);
    const payment = await emu.client.payments.create({ paymentRequest: { ...valid, webhookUrl: hook.url } });
    emu.state.setPaymentStatus(payment.id, 'paid');
    await waitFor(() => hook.calls.length === 3);
    await waitFor(() => emu.state.webhookDeliveries().length === 3);
    expect(emu.state.webhookDeliveries().map((d) => [d.attempt, d.statusCode, d.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    // The third attempt succeeded: no retry is scheduled, so no fourth call will come.
    expect(emu.state.webhookRetriesPending()).toBe(0);
    expect(hook.calls).toHaveLength(3);
    await hook.close();
  });

  it('stops after the last attempt and logs network errors', async () => {
    const payment = await emu.client.payments.create({
      paymentRequest: { ...valid, webhookUrl: 'http://127.0.0.1:9/unreachable' },
    });
    emu.state.setPaymentStatus(payment.id, 'failed');
    await waitFor(() => emu.state.webhookDeliveries().length === 4);
    expect(emu.state.webhookRetriesPending()).toBe(0);
    const log = emu.state.webhookDeliveries();
    expect(log).toHaveLength(4);
    expect(log.every((d) => !d.ok && d.error && d.statusCode === undefined)).toBe(true);
  });

  it('counts a slow receiver as failed (time-out)', async () => {
    const slow = await startEmulator({ webhookTimeoutMs: 50, webhookRetryDelaysMs: [0] });
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => setTimeout(() => res.end(), 300));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const payment = await slow.client.payments.create({
      paymentRequest: { ...valid, webhookUrl: `http://127.0.0.1:${port}/hook` },
    });
    slow.state.setPaymentStatus(payment.id, 'paid');
    await waitFor(() => slow.state.webhookDeliveries().length === 1);
    expect(slow.state.webhookDeliveries()[0]).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Timeout/i),
    });
    await slow.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('never fires for open or pending, and refuses moves outside the status graph', async () => {
    const hook = await startReceiver();
    const payment = await emu.client.payments.create({ paymentRequest: { ...valid, webhookUrl: hook.url } });
    emu.state.setPaymentStatus(payment.id, 'pending');
    expect(() => emu.state.setPaymentStatus(payment.id, 'canceled')).toThrow(/cannot change from pending/);
    await emu.state.whenWebhooksIdle();
    expect(hook.calls).toHaveLength(0);
    emu.state.setPaymentStatus(payment.id, 'paid');
    await waitFor(() => hook.calls.length === 1);
    expect(() => emu.state.setPaymentStatus(payment.id, 'failed')).toThrow();
    await hook.close();
  });

  it('whenWebhooksIdle waits for the first attempt only; close releases whoever still waits', async () => {
    const hook = await startReceiver([500], 60);
    const payment = await emu.client.payments.create({ paymentRequest: { ...valid, webhookUrl: hook.url } });
    emu.state.setPaymentStatus(payment.id, 'paid');
    await emu.state.whenWebhooksIdle();
    expect(emu.state.webhookDeliveries().map((d) => [d.attempt, d.statusCode])).toEqual([[1, 500]]);
    await hook.close();

    const { createServer } = await import('node:http');
    let arrived!: () => void;
    const attempted = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const silent = createServer(() => arrived());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const hanging = await emu.client.payments.create({
      paymentRequest: { ...valid, webhookUrl: `http://127.0.0.1:${port}/hook` },
    });
    emu.state.setPaymentStatus(hanging.id, 'paid');
    const idle = emu.state.whenWebhooksIdle();
    await attempted;
    emu.state.close();
    await idle;
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('fires for authorized', async () => {
    const hook = await startReceiver();
    const payment = await emu.client.payments.create({ paymentRequest: { ...valid, webhookUrl: hook.url } });
    emu.state.setPaymentStatus(payment.id, 'authorized');
    await waitFor(() => hook.calls.length === 1);
    const got = await emu.client.payments.get({ paymentId: payment.id });
    expect(got.status).toBe('authorized');
    expect(got.authorizedAt).toBeTruthy();
    await hook.close();
  });
});
