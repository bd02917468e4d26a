import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Client } from 'mollie-api-typescript';
import { vi } from 'vitest';
import mollieEmulator from '../src/plugin.js';
import { createMollieState, type MollieStateOptions } from '../src/state/state';

export const API_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
export const PREFIX = '/_emulators/mollie';

/** Starts a Fastify host with the emulator mounted under PREFIX on a real port, plus an SDK client. */
export async function startEmulator(options: Partial<MollieStateOptions> = {}) {
  let base = '';
  const state = createMollieState({
    publicUrl: () => base,
    webhookRetryDelaysMs: [0, 50, 50, 50],
    webhookTimeoutMs: 1000,
    ...options,
  });
  const app = Fastify();
  await app.register(mollieEmulator, { prefix: PREFIX, state });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}${PREFIX}`;
  const client = new Client({
    security: { apiKey: API_KEY },
    serverURL: base,
    retryConfig: { strategy: 'none' },
  });
  return {
    state,
    app,
    base,
    client,
    /** fetch against the emulator with the test key. */
    api: (path: string, init: RequestInit = {}) =>
      fetch(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', ...init.headers },
      }),
    async close() {
      state.close();
      await app.close();
    },
  };
}

export interface WebhookCall {
  body: string;
  contentType: string | undefined;
}

/**
 * A real HTTP webhook receiver; answers the given status codes in order, then 200, each `delayMs` after
 * the request arrived (a product that takes its time to process the webhook).
 */
export async function startReceiver(statuses: number[] = [], delayMs = 0) {
  const calls: WebhookCall[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      calls.push({ body, contentType: req.headers['content-type'] });
      const status = statuses.shift() ?? 200;
      setTimeout(() => res.writeHead(status).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/mollie`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits (vi.waitFor) until `check` returns true; throws after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error('waitFor: timed out');
    },
    { timeout: timeoutMs, interval: 10 },
  );
}

/** Posts the hosted checkout form like a browser, without following the redirect. */
export function submitCheckout(checkoutUrl: string, status: string): Promise<Response> {
  return fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ status }).toString(),
    redirect: 'manual',
  });
}

/** A JSON answer's body as a plain record. */
export async function readJson(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

/**
 * A customer with a valid card mandate, made as the product does: a `first` payment through the SDK,
 * paid by the test control. The first payment has no webhook unless `webhookUrl` is given.
 */
export async function customerWithMandate(
  emu: Awaited<ReturnType<typeof startEmulator>>,
  customer: { name?: string; email?: string } = { name: 'Ada Player', email: 'ada@example.com' },
  webhookUrl?: string,
) {
  const created = await emu.client.customers.create({ entityCustomer: customer });
  const first = await emu.client.payments.create({
    paymentRequest: {
      amount: { currency: 'EUR', value: '9.75' },
      description: 'First month',
      redirectUrl: 'http://shop.test/servers/1',
      method: 'creditcard',
      sequenceType: 'first',
      customerId: created.id,
      ...(webhookUrl ? { webhookUrl } : {}),
    },
  });
  const paid = emu.state.setPaymentStatus(first.id, 'paid');
  return { customer: created, first: paid, mandateId: paid.mandateId! };
}
