import type { FastifyInstance } from 'fastify';
import { modeOf } from '../api/auth';
import { hal, type IdParams, queryOf } from '../api/http';
import { paths } from '../api/links';
import { newestFirst, paginate } from '../api/list';
import { parsePaymentRequest } from '../payment-input.js';
import { cancelPayment, createPayment, expireIfDue, findPayment } from '../payments.js';
import { paymentJson } from '../state/resources';
import type { Store } from '../state/store';
import { assertReachableWebhookUrl } from '../webhook-url.js';

/** `/v2/payments`: create (201), list, get, cancel (DELETE; 422 unless cancelable). */
export function paymentRoutes(app: FastifyInstance, store: Store): void {
  const json = (p: Parameters<typeof paymentJson>[1]) => paymentJson(store.baseUrl(), p);

  app.post('/payments', async (request, reply) => {
    const input = parsePaymentRequest(request.body);
    assertReachableWebhookUrl(store.strictWebhookUrls, input.webhookUrl);
    const payment = createPayment(store, input, modeOf(request));
    return hal(reply, 201, json(payment));
  });

  app.get('/payments', async (request, reply) => {
    const query = queryOf(request);
    const all = newestFirst(store.payments.values());
    if (query.sort === 'asc') all.reverse();
    for (const p of all) expireIfDue(store, p);
    return hal(
      reply,
      200,
      paginate(all, query, store.baseUrl(), paths.payments(), 'payments', json, 'list-payments'),
    );
  });

  app.get<{ Params: IdParams }>('/payments/:id', async (request, reply) => {
    return hal(reply, 200, json(findPayment(store, request.params.id)));
  });

  app.delete<{ Params: IdParams }>('/payments/:id', async (request, reply) => {
    return hal(reply, 200, json(cancelPayment(store, request.params.id)));
  });
}
