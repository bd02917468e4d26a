import { MollieError, notFound, unprocessable } from './api/errors';
import { createMandate, findCustomer, usableMandate } from './customers.js';
import { amountCents } from './money.js';
import type { CreatePaymentInput } from './payment-input.js';
import { recurringOutcomeOf } from './recurring-outcome.js';
import { newId } from './state/ids';
import type { Store } from './state/store';
import type { Mode, Payment, PaymentMethod, PaymentStatus } from './state/types';
import { canTransition, firesWebhook } from './status.js';

/** Minutes an open payment waits for the customer, by method (card 30 min, paysafecard 15, PayPal 72 h). */
const EXPIRY_MINUTES: Record<PaymentMethod, number> = { creditcard: 30, paysafecard: 15, paypal: 72 * 60 };

/**
 * Expiry of an open payment (epoch ms). With several methods to choose from the shortest applies,
 * so the payment never outlives what its method allows (decision of the emulator).
 */
function expiresAt(now: number, methods: PaymentMethod[]): number {
  return now + Math.min(...methods.map((m) => EXPIRY_MINUTES[m])) * 60_000;
}

/**
 * Creates a payment from a validated request.
 * oneoff/first start `open` with a checkout and an expiry timer; recurring start `pending` on the
 * customer's valid mandate, need no checkout, and turn paid after `recurringAutoPaidAfterMs` (or failed
 * when the customer's recurring outcome says so, see `setRecurringOutcome`).
 * @throws MollieError 422 (customerId unknown, no valid mandate, mandateId invalid), 404 for a customer
 *   given in the path that does not exist.
 */
export function createPayment(
  store: Store,
  input: CreatePaymentInput,
  mode: Mode,
  pathCustomer = false,
): Payment {
  const now = store.now();
  if (input.customerId) {
    if (pathCustomer) findCustomer(store, input.customerId);
    else if (!store.customers.has(input.customerId)) {
      throw unprocessable('customerId', 'The customer id is invalid');
    }
  }
  let methods = input.methods ?? ['creditcard', 'paypal', 'paysafecard'];
  // paysafecard cannot start a mandate (reference/mollie.md).
  if (input.sequenceType === 'first') methods = methods.filter((m) => m !== 'paysafecard');
  const payment: Payment = {
    id: newId('tr'),
    mode,
    createdAt: now,
    status: 'open',
    amount: input.amount,
    description: input.description,
    method: methods.length === 1 ? methods[0]! : null,
    methods,
    metadata: input.metadata,
    locale: input.locale,
    profileId: store.profileId,
    sequenceType: input.sequenceType,
    redirectUrl: input.redirectUrl,
    cancelUrl: input.cancelUrl,
    webhookUrl: input.webhookUrl,
    details: null,
    expiresAt: null,
    ...(input.customerId ? { customerId: input.customerId } : {}),
  };
  if (input.sequenceType === 'recurring') {
    const mandate = usableMandate(store, input.customerId!, input.mandateId, ['valid']);
    payment.status = 'pending';
    payment.mandateId = mandate.id;
    payment.method = mandate.method === 'directdebit' ? null : mandate.method;
    store.payments.set(payment.id, payment);
    if (store.recurringAutoPaidAfterMs !== null) {
      store.timers.later(store.recurringAutoPaidAfterMs, () => {
        if (payment.status === 'pending') {
          setPaymentStatus(store, payment.id, recurringOutcomeOf(store, payment.customerId));
        }
      });
    }
    return payment;
  }
  payment.expiresAt = expiresAt(now, methods);
  store.payments.set(payment.id, payment);
  store.timers.later(payment.expiresAt - now, () => expireIfDue(store, payment));
  return payment;
}

/**
 * The payment with `id`, first expiring it when its `expiresAt` has passed (lazy check on read).
 * @throws MollieError 404 "No payment exists with token tr_...".
 */
export function findPayment(store: Store, id: string): Payment {
  const payment = store.payments.get(id);
  if (!payment) throw notFound('payment', id);
  expireIfDue(store, payment);
  return payment;
}

/** Moves an open or authorized payment past its `expiresAt` to expired (and calls its webhook). */
export function expireIfDue(store: Store, payment: Payment): void {
  const waiting = payment.status === 'open' || payment.status === 'authorized';
  if (waiting && payment.expiresAt !== null && store.now() >= payment.expiresAt) {
    setPaymentStatus(store, payment.id, 'expired');
  }
}

/**
 * Cancels a payment (`DELETE /v2/payments/{id}`); only an open payment is cancelable.
 * @throws MollieError 404 when unknown, 422 when not cancelable.
 */
export function cancelPayment(store: Store, id: string): Payment {
  const payment = findPayment(store, id);
  if (payment.status !== 'open') throw new MollieError(422, 'The payment cannot be canceled');
  return setPaymentStatus(store, id, 'canceled');
}

/**
 * Moves a payment to `status` along Mollie's graph, as the checkout and changePaymentState do: sets
 * the matching timestamp (paidAt, failedAt, canceledAt, expiredAt, authorizedAt), picks the method when
 * the customer had a choice, creates a valid mandate for a paid `first` payment with a customer, and
 * schedules the webhook for final statuses and authorized. Setting the current status again is a no-op.
 * @throws MollieError 404 for an unknown payment, 422 for a move the graph does not allow.
 */
export function setPaymentStatus(store: Store, id: string, status: PaymentStatus): Payment {
  const payment = store.payments.get(id);
  if (!payment) throw notFound('payment', id);
  if (payment.status === status) return payment;
  if (!canTransition(payment.status, status)) {
    throw new MollieError(422, `The payment cannot change from ${payment.status} to ${status}`);
  }
  const now = store.now();
  payment.status = status;
  if (status === 'paid') {
    payment.paidAt = now;
    payment.method ??= payment.methods[0] ?? 'creditcard';
    payment.details = paidDetails(payment.method);
    if (payment.sequenceType === 'first' && payment.customerId && !payment.mandateId) {
      const mandateMethod = payment.method === 'paypal' ? 'paypal' : 'creditcard';
      payment.mandateId = createMandate(store, payment.customerId, mandateMethod, payment.mode).id;
    }
  } else if (status === 'failed') payment.failedAt = now;
  else if (status === 'canceled') payment.canceledAt = now;
  else if (status === 'expired') payment.expiredAt = now;
  else if (status === 'authorized') payment.authorizedAt = now;
  if (firesWebhook(status) && payment.webhookUrl) store.webhooks.schedule(payment.webhookUrl, payment.id);
  return payment;
}

/**
 * Takes back part or all of a paid payment, as a refund (the merchant) or a chargeback (the customer's
 * bank) does: the payment stays `paid`, its amounts change, and its webhook is called again.
 * @param cents how much; default what remains
 * @throws MollieError 404 unknown payment, 422 when it is not paid or `cents` exceeds what remains
 */
export function takeBackPayment(
  store: Store,
  id: string,
  kind: 'refund' | 'chargeback',
  cents?: number,
): Payment {
  const payment = store.payments.get(id);
  if (!payment) throw notFound('payment', id);
  if (payment.status !== 'paid') throw new MollieError(422, 'The payment is not paid', 'amount');
  const remaining = remainingCents(payment);
  const amount = cents ?? remaining;
  if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
    throw new MollieError(422, 'The amount is higher than the amount that can be refunded', 'amount');
  }
  if (kind === 'refund') payment.refundedCents = (payment.refundedCents ?? 0) + amount;
  else payment.chargedBackCents = (payment.chargedBackCents ?? 0) + amount;
  if (payment.webhookUrl) store.webhooks.schedule(payment.webhookUrl, payment.id);
  return payment;
}

/**
 * What can still be refunded or charged back of a payment, in cents: its amount minus the refunds and
 * chargebacks so far (Mollie's `amountRemaining`).
 */
export function remainingCents(payment: Payment): number {
  return amountCents(payment.amount.value) - (payment.refundedCents ?? 0) - (payment.chargedBackCents ?? 0);
}

/** Test-mode details of a paid payment, by method. */
function paidDetails(method: PaymentMethod): Record<string, unknown> {
  if (method === 'paypal') {
    return {
      consumerName: 'Test Consumer',
      consumerAccount: 'consumer@example.com',
      paypalReference: '9AL35361CF606152E',
    };
  }
  if (method === 'paysafecard') return { customerReference: 'test-customer' };
  return {
    cardNumber: '6787',
    cardHolder: 'T. TEST',
    cardAudience: 'consumer',
    cardLabel: 'Mastercard',
    cardCountryCode: 'NL',
    cardSecurity: 'normal',
    feeRegion: 'other',
  };
}
