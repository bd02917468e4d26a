import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { mollieApi } from './routes/api.js';
import { checkoutRoutes } from './routes/checkout.js';
import { testControlRoutes } from './routes/test-controls.js';
import type { MollieState } from './state/state';

export interface MollieEmulatorOptions {
  /** The account to serve; create it with `createMollieState`. */
  state: MollieState;
}

/**
 * The Mollie emulator as a Fastify plugin (encapsulated: not wrapped with fastify-plugin).
 * Mount it with a prefix that matches the state's `publicUrl`:
 * `app.register(mollieEmulator, { prefix: '/_emulators/mollie', state })`.
 * Serves `/v2/...` (the API; give the SDK `serverURL` = publicUrl, without `/v2`), the hosted test
 * checkout `/checkout/{id}`, `/change-state/{id}` for recurring test payments, `/dashboard/payments/{id}`,
 * and the test control `/test/recurring-outcome` (GET page, POST JSON; no API key).
 */
export default async function mollieEmulator(
  app: FastifyInstance,
  options: MollieEmulatorOptions,
): Promise<void> {
  const { store } = options.state;
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
  checkoutRoutes(app, store);
  await app.register(testControlRoutes, { prefix: '/test', store });
  await app.register(mollieApi, { prefix: '/v2', store });
}
