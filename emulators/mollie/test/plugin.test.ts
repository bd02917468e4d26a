import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { Client } from 'mollie-api-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mollieEmulator from '../src/plugin.js';
import { createMollieState } from '../src/state/state';
import { API_KEY, readJson, submitCheckout, waitFor } from './helpers.js';

// The product mounts the emulator inside its own server, next to its own routes and its webhook.
const host = Fastify();
const received: unknown[] = [];
let base = '';
const state = createMollieState({ publicUrl: () => base, webhookRetryDelaysMs: [0] });

beforeAll(async () => {
  await host.register(formbody);
  host.post('/api/webhooks/mollie', async (request) => {
    received.push(request.body);
    return 'ok';
  });
  host.get('/api/ping', async () => ({ pong: true }));
  host.post('/api/echo', async (request) => request.body ?? null);
  await host.register(mollieEmulator, { prefix: '/_emulators/mollie', state });
  const address = await host.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}/_emulators/mollie`;
});
afterAll(async () => {
  state.close();
  await host.close();
});

describe('mounted in a host server', () => {
  it('works end to end with the host webhook route (host already has formbody)', async () => {
    const client = new Client({ security: { apiKey: API_KEY }, serverURL: base });
    const payment = await client.payments.create({
      paymentRequest: {
        amount: { currency: 'EUR', value: '4.99' },
        description: 'Credits',
        redirectUrl: `${base.replace('/_emulators/mollie', '')}/store/done`,
        webhookUrl: `${base.replace('/_emulators/mollie', '')}/api/webhooks/mollie`,
      },
    });
    expect(payment.links.checkout?.href).toBe(`${base}/checkout/${payment.id}`);
    const res = await submitCheckout(payment.links.checkout!.href, 'paid');
    expect(res.status).toBe(303);
    await waitFor(() => received.length === 1);
    expect(received[0]).toEqual({ id: payment.id });
  });

  it('keeps auth and JSON handling inside its own scope', async () => {
    expect((await fetch(`${base.replace('/_emulators/mollie', '')}/api/ping`)).status).toBe(200);
    const echo = await fetch(`${base.replace('/_emulators/mollie', '')}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await echo.json()).toEqual({ a: 1 });
  });

  it('answers unknown API routes with a Mollie 404 body', async () => {
    const res = await fetch(`${base}/v2/settlements`, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(res.status).toBe(404);
    expect(await readJson(res)).toMatchObject({ status: 404, title: 'Not Found' });
  });
});
