import type { FastifyInstance } from 'fastify';
import { modeOf } from '../api/auth';
import { hal, type IdParams, queryOf } from '../api/http';
import { paths } from '../api/links';
import { newestFirst, paginate } from '../api/list';
import { findCustomer } from '../customers.js';
import { paymentJson, subscriptionJson } from '../state/resources';
import type { Store } from '../state/store';
import type { Subscription } from '../state/types';
import {
  cancelSubscription,
  createSubscription,
  customerSubscriptions,
  findSubscription,
  updateSubscription,
} from '../subscriptions.js';

type SubscriptionParams = IdParams & { subscriptionId: string };

/** `/v2/customers/{id}/subscriptions`: create (201), list, get, update (PATCH), cancel (DELETE, 200). */
export function subscriptionRoutes(app: FastifyInstance, store: Store): void {
  const base = () => store.baseUrl();
  const json = (s: Subscription) => subscriptionJson(base(), s, store.profileId);

  app.post<{ Params: IdParams }>('/customers/:id/subscriptions', async (request, reply) => {
    return hal(reply, 201, json(createSubscription(store, request.params.id, request.body, modeOf(request))));
  });

  app.get<{ Params: IdParams }>('/customers/:id/subscriptions', async (request, reply) => {
    const { id } = request.params;
    findCustomer(store, id);
    const all = newestFirst(customerSubscriptions(store, id));
    return hal(
      reply,
      200,
      paginate(
        all,
        queryOf(request),
        base(),
        paths.subscriptions(id),
        'subscriptions',
        json,
        'list-subscriptions',
      ),
    );
  });

  const one = '/customers/:id/subscriptions/:subscriptionId';
  app.get<{ Params: SubscriptionParams }>(one, async (request, reply) => {
    return hal(reply, 200, json(findSubscription(store, request.params.id, request.params.subscriptionId)));
  });

  app.patch<{ Params: SubscriptionParams }>(one, async (request, reply) => {
    const { id, subscriptionId } = request.params;
    return hal(reply, 200, json(updateSubscription(store, id, subscriptionId, request.body)));
  });

  app.delete<{ Params: SubscriptionParams }>(one, async (request, reply) => {
    return hal(reply, 200, json(cancelSubscription(store, request.params.id, request.params.subscriptionId)));
  });

  app.get<{ Params: SubscriptionParams }>(`${one}/payments`, async (request, reply) => {
    const { id, subscriptionId } = request.params;
    findSubscription(store, id, subscriptionId);
    const all = newestFirst([...store.payments.values()].filter((p) => p.subscriptionId === subscriptionId));
    const render = (p: Parameters<typeof paymentJson>[1]) => paymentJson(base(), p);
    const path = paths.subscriptionPayments(id, subscriptionId);
    return hal(
      reply,
      200,
      paginate(all, queryOf(request), base(), path, 'payments', render, 'list-subscription-payments'),
    );
  });
}
