import type { FastifyInstance } from 'fastify';
import { modeOf } from '../api/auth';
import { hal, type IdParams, queryOf } from '../api/http';
import { paths } from '../api/links';
import { newestFirst, paginate } from '../api/list';
import { createCustomer, customerMandates, findCustomer, findMandate, revokeMandate } from '../customers.js';
import { parsePaymentRequest } from '../payment-input.js';
import { createPayment, expireIfDue } from '../payments.js';
import { customerJson, mandateJson, paymentJson } from '../state/resources';
import type { Store } from '../state/store';
import { assertReachableWebhookUrl } from '../webhook-url.js';

/**
 * `/v2/customers`: create, list, get; the customer's mandates (list, get, revoke) and payments (create,
 * list).
 */
export function customerRoutes(app: FastifyInstance, store: Store): void {
  const base = () => store.baseUrl();

  app.post('/customers', async (request, reply) => {
    return hal(reply, 201, customerJson(base(), createCustomer(store, request.body, modeOf(request))));
  });

  app.get('/customers', async (request, reply) => {
    const all = newestFirst(store.customers.values());
    const render = (c: Parameters<typeof customerJson>[1]) => customerJson(base(), c);
    return hal(
      reply,
      200,
      paginate(all, queryOf(request), base(), paths.customers(), 'customers', render, 'list-customers'),
    );
  });

  app.get<{ Params: IdParams }>('/customers/:id', async (request, reply) => {
    return hal(reply, 200, customerJson(base(), findCustomer(store, request.params.id)));
  });

  app.get<{ Params: IdParams }>('/customers/:id/mandates', async (request, reply) => {
    const { id } = request.params;
    findCustomer(store, id);
    const all = newestFirst(customerMandates(store, id));
    const render = (m: Parameters<typeof mandateJson>[1]) => mandateJson(base(), m);
    return hal(
      reply,
      200,
      paginate(all, queryOf(request), base(), paths.mandates(id), 'mandates', render, 'list-mandates'),
    );
  });

  app.get<{ Params: IdParams & { mandateId: string } }>(
    '/customers/:id/mandates/:mandateId',
    async (request, reply) => {
      return hal(
        reply,
        200,
        mandateJson(base(), findMandate(store, request.params.id, request.params.mandateId)),
      );
    },
  );

  app.delete<{ Params: IdParams & { mandateId: string } }>(
    '/customers/:id/mandates/:mandateId',
    async (request, reply) => {
      revokeMandate(store, request.params.id, request.params.mandateId);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: IdParams }>('/customers/:id/payments', async (request, reply) => {
    const input = parsePaymentRequest(request.body, request.params.id);
    assertReachableWebhookUrl(store.strictWebhookUrls, input.webhookUrl);
    const payment = createPayment(store, input, modeOf(request), true);
    return hal(reply, 201, paymentJson(base(), payment));
  });

  app.get<{ Params: IdParams }>('/customers/:id/payments', async (request, reply) => {
    const { id } = request.params;
    findCustomer(store, id);
    const all = newestFirst([...store.payments.values()].filter((p) => p.customerId === id));
    for (const p of all) expireIfDue(store, p);
    const render = (p: Parameters<typeof paymentJson>[1]) => paymentJson(base(), p);
    return hal(
      reply,
      200,
      paginate(
        all,
        queryOf(request),
        base(),
        paths.customerPayments(id),
        'payments',
        render,
        'list-customer-payments',
      ),
    );
  });
}
