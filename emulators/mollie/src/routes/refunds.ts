import type { FastifyInstance } from 'fastify';
import { hal, type IdParams, queryOf } from '../api/http';
import { paths } from '../api/links';
import { newestFirst, paginate } from '../api/list';
import { findPayment } from '../payments.js';
import { cancelRefund, createRefund, findRefund, listRefunds } from '../refunds.js';
import { refundJson } from '../state/resources';
import type { Store } from '../state/store';
import type { Refund } from '../state/types';

type RefundParams = IdParams & { refundId: string };

/**
 * Refunds: `/v2/payments/{id}/refunds` create (201, status pending), list; `.../refunds/{re}` get,
 * cancel (DELETE, always 422: refunds are processed at once); `/v2/refunds` lists every refund.
 */
export function refundRoutes(app: FastifyInstance, store: Store): void {
  const base = () => store.baseUrl();
  const json = (r: Refund) => refundJson(base(), r);

  app.post<{ Params: IdParams }>('/payments/:id/refunds', async (request, reply) => {
    return hal(reply, 201, json(createRefund(store, request.params.id, request.body)));
  });

  app.get<{ Params: IdParams }>('/payments/:id/refunds', async (request, reply) => {
    const { id } = request.params;
    findPayment(store, id);
    const all = newestFirst(listRefunds(store, id));
    return hal(
      reply,
      200,
      paginate(all, queryOf(request), base(), paths.paymentRefunds(id), 'refunds', json, 'list-refunds'),
    );
  });

  app.get<{ Params: RefundParams }>('/payments/:id/refunds/:refundId', async (request, reply) => {
    return hal(reply, 200, json(findRefund(store, request.params.id, request.params.refundId)));
  });

  app.delete<{ Params: RefundParams }>('/payments/:id/refunds/:refundId', async (request) => {
    cancelRefund(store, request.params.id, request.params.refundId);
  });

  app.get('/refunds', async (request, reply) => {
    const all = newestFirst(listRefunds(store));
    return hal(
      reply,
      200,
      paginate(all, queryOf(request), base(), paths.refunds(), 'refunds', json, 'list-all-refunds'),
    );
  });
}
