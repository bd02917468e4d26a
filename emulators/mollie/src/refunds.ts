import { MollieError, notFound, unprocessable } from './api/errors';
import { bodyObject, parseAmount, parseMetadata, parseOptionalText } from './api/validation';
import { amountCents, centsValue } from './money.js';
import { findPayment, remainingCents, takeBackPayment } from './payments.js';
import { newId } from './state/ids';
import type { Store } from './state/store';
import type { Refund } from './state/types';

/** What to refund: cents (default all that remains), a description ('' when none) and metadata. */
export interface RefundOptions {
  cents?: number | undefined;
  description?: string | undefined;
  metadata?: unknown;
}

/**
 * Creates a refund from `POST /v2/payments/{id}/refunds {amount?, description?, metadata?}`: `amount`
 * (`{currency, value:"10.00"}`, the payment's currency) defaults to all that remains refundable.
 * @throws MollieError 404 unknown payment; 422 field amount (invalid, other currency, more than
 *   remains, payment not paid), description (over 255 characters), metadata (over 1024 bytes).
 */
export function createRefund(store: Store, paymentId: string, raw: unknown): Refund {
  const payment = findPayment(store, paymentId);
  const body = bodyObject(raw);
  const amount = body.amount === undefined || body.amount === null ? undefined : parseAmount(body.amount);
  if (amount && amount.currency !== payment.amount.currency) {
    throw unprocessable('amount', `The currency must be the payment's currency, ${payment.amount.currency}`);
  }
  return refundPayment(store, paymentId, {
    cents: amount ? amountCents(amount.value) : undefined,
    description: parseOptionalText(body.description, 'description') ?? '',
    metadata: parseMetadata(body.metadata),
  });
}

/**
 * Refunds part or all of a paid payment and records the refund (status `pending`, what Mollie answers
 * at creation). Through {@link takeBackPayment} the payment stays paid, its amountRefunded and
 * amountRemaining change, and its webhook is called again.
 * The emulated bank processes a refund at once: every read after its creation ({@link findRefund},
 * {@link listRefunds}) shows it `refunded` (decision of the emulator; Mollie takes up to a day).
 * @throws MollieError 404 unknown payment; 422 field amount when it is not paid or `cents` exceeds
 *   what remains.
 */
export function refundPayment(store: Store, paymentId: string, options: RefundOptions = {}): Refund {
  const payment = findPayment(store, paymentId);
  const cents = options.cents ?? remainingCents(payment);
  takeBackPayment(store, paymentId, 'refund', cents);
  const refund: Refund = {
    id: newId('re'),
    mode: payment.mode,
    createdAt: store.now(),
    paymentId,
    amount: { currency: payment.amount.currency, value: centsValue(cents) },
    description: options.description ?? '',
    metadata: options.metadata ?? null,
    status: 'pending',
  };
  store.refunds.set(refund.id, refund);
  return refund;
}

/** A pending refund is processed when it is read after its creation (see {@link refundPayment}). */
function processed(refund: Refund): Refund {
  if (refund.status === 'pending') refund.status = 'refunded';
  return refund;
}

/**
 * The refund `refundId` of payment `paymentId` (`GET /v2/payments/{id}/refunds/{re}`).
 * @throws MollieError 404 for an unknown payment, or a refund that is not of this payment.
 */
export function findRefund(store: Store, paymentId: string, refundId: string): Refund {
  findPayment(store, paymentId);
  const refund = store.refunds.get(refundId);
  if (!refund || refund.paymentId !== paymentId) throw notFound('refund', refundId);
  return processed(refund);
}

/** The refunds of one payment, or of every payment when `paymentId` is undefined, in creation order. */
export function listRefunds(store: Store, paymentId?: string): Refund[] {
  return [...store.refunds.values()]
    .filter((r) => paymentId === undefined || r.paymentId === paymentId)
    .map(processed);
}

/**
 * Cancels a refund (`DELETE /v2/payments/{id}/refunds/{re}`): Mollie allows it only while the refund is
 * queued or pending, and here a refund is processed as soon as it is read, so this always ends in 422.
 * @throws MollieError 404 unknown payment or refund; 422 when the refund can no longer be canceled.
 */
export function cancelRefund(store: Store, paymentId: string, refundId: string): never {
  const refund = findRefund(store, paymentId, refundId);
  throw new MollieError(422, `The refund is ${refund.status} and can no longer be canceled`);
}
