import type { FastifyInstance, FastifyReply } from 'fastify';
import { MollieError } from '../api/errors';
import type { IdParams } from '../api/http';
import { paths } from '../api/links';
import { CHANGE_STATE_CHOICES, CHECKOUT_CHOICES, checkoutPage, escapeHtml } from '../pages/checkout-page';
import { findPayment, setPaymentStatus } from '../payments.js';
import { paymentJson } from '../state/resources';
import type { Store } from '../state/store';
import type { Payment, PaymentStatus } from '../state/types';

type Choices = ReadonlyArray<[PaymentStatus, string]>;

function page(reply: FastifyReply, statusCode: number, html: string): FastifyReply {
  return reply.code(statusCode).type('text/html; charset=utf-8').send(html);
}

function chosenStatus(body: unknown, choices: Choices): PaymentStatus | undefined {
  const status = (body as Record<string, unknown> | undefined)?.status;
  return choices.find(([s]) => s === status)?.[0];
}

/**
 * Browser pages (no API key, as on Mollie): the hosted test checkout `GET/POST /checkout/{id}`, the
 * changePaymentState page of recurring test payments `GET/POST /change-state/{id}`, and a read-only
 * dashboard view `GET /dashboard/payments/{id}`.
 */
export function checkoutRoutes(app: FastifyInstance, store: Store): void {
  const lookup = (id: string): Payment | undefined => {
    try {
      return findPayment(store, id);
    } catch (error) {
      if (error instanceof MollieError && error.statusCode === 404) return undefined;
      throw error;
    }
  };
  const missing = (reply: FastifyReply, id: string) =>
    page(
      reply,
      404,
      `<!doctype html><title>Not found</title><p>No payment exists with token ${escapeHtml(id)}.</p>`,
    );
  const checkout = (p: Payment, note?: string) =>
    checkoutPage(p, {
      action: `${store.baseUrl()}${paths.checkout(p.id)}`,
      choices: CHECKOUT_CHOICES,
      choosable: p.status === 'open' && p.sequenceType !== 'recurring',
      ...(note ? { note } : {}),
    });
  const changeState = (p: Payment, note?: string) =>
    checkoutPage(p, {
      action: `${store.baseUrl()}${paths.changeState(p.id)}`,
      choices: CHANGE_STATE_CHOICES,
      choosable: p.status === 'pending' && p.sequenceType === 'recurring',
      ...(note ? { note } : {}),
    });

  app.get<{ Params: IdParams }>('/checkout/:id', async (request, reply) => {
    const payment = lookup(request.params.id);
    return payment ? page(reply, 200, checkout(payment)) : missing(reply, request.params.id);
  });

  // Sets the chosen status (open keeps it open), then sends the browser back to the shop: to
  // cancelUrl for canceled when one was given, else to redirectUrl. The webhook follows on its own.
  app.post<{ Params: IdParams }>('/checkout/:id', async (request, reply) => {
    const payment = lookup(request.params.id);
    if (!payment) return missing(reply, request.params.id);
    const status = chosenStatus(request.body, CHECKOUT_CHOICES);
    if (!status) return page(reply, 400, checkout(payment, 'Choose one of the statuses.'));
    if (payment.sequenceType === 'recurring') return page(reply, 409, checkout(payment));
    if (payment.status === 'open' && status !== 'open') setPaymentStatus(store, payment.id, status);
    const target =
      payment.status === 'canceled' && payment.cancelUrl ? payment.cancelUrl : payment.redirectUrl;
    return reply.redirect(target ?? `${store.baseUrl()}${paths.checkout(payment.id)}`, 303);
  });

  app.get<{ Params: IdParams }>('/change-state/:id', async (request, reply) => {
    const payment = lookup(request.params.id);
    return payment ? page(reply, 200, changeState(payment)) : missing(reply, request.params.id);
  });

  app.post<{ Params: IdParams }>('/change-state/:id', async (request, reply) => {
    const payment = lookup(request.params.id);
    if (!payment) return missing(reply, request.params.id);
    const status = chosenStatus(request.body, CHANGE_STATE_CHOICES);
    if (!status) return page(reply, 400, changeState(payment, 'Choose one of the statuses.'));
    if (payment.sequenceType !== 'recurring' || payment.status !== 'pending') {
      return page(reply, 409, changeState(payment, `This payment is ${payment.status}.`));
    }
    setPaymentStatus(store, payment.id, status);
    return reply.redirect(`${store.baseUrl()}${paths.changeState(payment.id)}`, 303);
  });

  app.get<{ Params: IdParams }>('/dashboard/payments/:id', async (request, reply) => {
    const payment = lookup(request.params.id);
    if (!payment) return missing(reply, request.params.id);
    const json = JSON.stringify(paymentJson(store.baseUrl(), payment), null, 2);
    return page(reply, 200, `<!doctype html><title>${payment.id}</title><pre>${escapeHtml(json)}</pre>`);
  });
}
