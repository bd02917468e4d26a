import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { authHook } from '../api/auth';
import { errorBody, MollieError } from '../api/errors';
import { HAL_JSON } from '../api/http';
import { registerIdempotency } from '../api/idempotency';
import type { Store } from '../state/store';
import { customerRoutes } from './customers.js';
import { paymentRoutes } from './payments.js';
import { refundRoutes } from './refunds.js';
import { subscriptionRoutes } from './subscriptions.js';

/**
 * The `/v2` API scope (register with `prefix: '/v2'`): JSON bodies (an empty body is allowed, the SDK
 * sends one with DELETE), Bearer auth, Idempotency-Key, Mollie error bodies, and the resource routes.
 */
export async function mollieApi(app: FastifyInstance, options: { store: Store }): Promise<void> {
  const { store } = options;
  const rawBodies = new WeakMap<FastifyRequest, string>();

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    rawBodies.set(request, text);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new MollieError(400, 'The request body is not valid JSON'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | MollieError, _request, reply) => {
    if (error instanceof MollieError) return reply.code(error.statusCode).type(HAL_JSON).send(error.toBody());
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) reply.log.error(error);
    return reply
      .code(status)
      .type(HAL_JSON)
      .send(errorBody(status, status >= 500 ? 'Internal error' : error.message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .type(HAL_JSON)
      .send(errorBody(404, `The resource ${request.url} does not exist`));
  });

  // Fault injection (`MollieState.setOutage`): nothing is read, changed or kept while Mollie is down.
  app.addHook('onRequest', async (_request, reply) => {
    if (store.faults.outage)
      return reply.code(503).type(HAL_JSON).send(errorBody(503, 'Mollie is temporarily unavailable'));
  });
  app.addHook('onRequest', authHook(store.apiKeys));
  registerIdempotency(app, store, (request) => rawBodies.get(request) ?? '');

  paymentRoutes(app, store);
  refundRoutes(app, store);
  customerRoutes(app, store);
  subscriptionRoutes(app, store);
}
