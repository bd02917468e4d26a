import { MollieError, notFound, unprocessable } from './api/errors';
import { bodyObject, parseAmount, parseMetadata, parseOptionalUrl, parseText } from './api/validation';
import { findCustomer, usableMandate } from './customers.js';
import { createPayment, setPaymentStatus } from './payments.js';
import { recurringOutcomeOf } from './recurring-outcome.js';
import { addInterval, isInterval, isIsoDate, isoDate } from './state/dates';
import { newId } from './state/ids';
import type { Store } from './state/store';
import type { MandateMethod, Mode, Payment, PaymentStatus, Subscription } from './state/types';
import { assertReachableWebhookUrl } from './webhook-url.js';

const MANDATE_METHODS: readonly MandateMethod[] = ['creditcard', 'paypal', 'directdebit'];

/**
 * Creates a subscription: `POST /v2/customers/{cst}/subscriptions {amount, interval, description,
 * startDate?, times?, method?, mandateId?, webhookUrl?, metadata?}`. Needs a valid or pending mandate
 * of the customer; the description must be unique among the customer's active subscriptions.
 * @throws MollieError 404 unknown customer; 422 naming the field (amount, interval, description,
 *   startDate, times, method, mandateId/customerId when no mandate fits, webhookUrl in strict mode).
 */
export function createSubscription(store: Store, customerId: string, raw: unknown, mode: Mode): Subscription {
  findCustomer(store, customerId);
  const body = bodyObject(raw);
  const amount = parseAmount(body.amount);
  const interval = parseInterval(body.interval);
  const description = parseText(body.description, 'description');
  assertUniqueDescription(store, customerId, description);
  const startDate = body.startDate === undefined ? isoDate(store.now()) : parseStartDate(body.startDate);
  const times = parseTimes(body.times);
  const method = parseMandateMethod(body.method);
  const mandateId = typeof body.mandateId === 'string' && body.mandateId !== '' ? body.mandateId : undefined;
  const mandate = usableMandate(store, customerId, mandateId, ['valid', 'pending'], method ?? undefined);
  const webhookUrl = parseOptionalUrl(body.webhookUrl, 'webhookUrl');
  assertReachableWebhookUrl(store.strictWebhookUrls, webhookUrl);
  const subscription: Subscription = {
    id: newId('sub'),
    mode,
    createdAt: store.now(),
    customerId,
    status: mandate.status === 'valid' ? 'active' : 'pending',
    amount,
    times,
    timesRemaining: times,
    interval,
    startDate,
    nextPaymentDate: startDate,
    anchorDate: startDate,
    periodsSinceAnchor: 0,
    description,
    method,
    mandateId: mandate.id,
    webhookUrl,
    metadata: parseMetadata(body.metadata),
  };
  store.subscriptions.set(subscription.id, subscription);
  return subscription;
}

/** @throws MollieError 404 for an unknown customer or a subscription not of this customer. */
export function findSubscription(store: Store, customerId: string, subscriptionId: string): Subscription {
  findCustomer(store, customerId);
  const subscription = store.subscriptions.get(subscriptionId);
  if (!subscription || subscription.customerId !== customerId) throw notFound('subscription', subscriptionId);
  return subscription;
}

/** The customer's subscriptions in creation order. */
export function customerSubscriptions(store: Store, customerId: string): Subscription[] {
  return [...store.subscriptions.values()].filter((s) => s.customerId === customerId);
}

/**
 * Updates a subscription (`PATCH`): amount, description, interval, startDate, times, webhookUrl,
 * metadata, mandateId. Takes effect from the next payment. A new startDate becomes the next payment
 * date and the anchor of the following ones; a new interval counts from the current next payment date.
 * @throws MollieError 404 unknown; 422 when canceled/completed or a field is invalid.
 */
export function updateSubscription(store: Store, customerId: string, id: string, raw: unknown): Subscription {
  const s = findSubscription(store, customerId, id);
  if (s.status === 'canceled' || s.status === 'completed') {
    throw new MollieError(422, `The subscription is ${s.status} and cannot be updated`);
  }
  const body = bodyObject(raw);
  if (body.amount !== undefined) s.amount = parseAmount(body.amount);
  if (body.description !== undefined) {
    const description = parseText(body.description, 'description');
    assertUniqueDescription(store, customerId, description, s.id);
    s.description = description;
  }
  if (body.interval !== undefined) {
    const interval = parseInterval(body.interval);
    if (interval !== s.interval) {
      s.interval = interval;
      reanchor(s, s.nextPaymentDate ?? s.startDate);
    }
  }
  if (body.startDate !== undefined) {
    s.startDate = parseStartDate(body.startDate);
    reanchor(s, s.startDate);
  }
  if (body.times !== undefined) {
    const times = parseTimes(body.times);
    const done = (s.times ?? 0) - (s.timesRemaining ?? 0);
    s.times = times;
    s.timesRemaining = times === null ? null : Math.max(times - done, 0);
  }
  if (body.webhookUrl !== undefined) {
    const webhookUrl = parseOptionalUrl(body.webhookUrl, 'webhookUrl');
    assertReachableWebhookUrl(store.strictWebhookUrls, webhookUrl);
    s.webhookUrl = webhookUrl;
  }
  if (body.metadata !== undefined) s.metadata = parseMetadata(body.metadata);
  if (typeof body.mandateId === 'string')
    s.mandateId = usableMandate(store, customerId, body.mandateId, ['valid', 'pending']).id;
  return s;
}

/**
 * Cancels a subscription (`DELETE`, answered 200 with `status:"canceled"`).
 * @throws MollieError 404 unknown; 422 when already canceled or completed.
 */
export function cancelSubscription(store: Store, customerId: string, id: string): Subscription {
  const s = findSubscription(store, customerId, id);
  if (s.status === 'canceled' || s.status === 'completed') {
    throw new MollieError(422, `The subscription has been ${s.status} already`);
  }
  s.status = 'canceled';
  s.canceledAt = store.now();
  s.nextPaymentDate = null;
  return s;
}

/** Restarts the payment-date count at `date` (which becomes the next payment date). */
function reanchor(s: Subscription, date: string): void {
  s.anchorDate = date;
  s.periodsSinceAnchor = 0;
  s.nextPaymentDate = date;
}

/**
 * Charges the next period of an active subscription, as Mollie does on its payment date: a recurring
 * payment with the subscription's amount, description, metadata, customerId, mandateId and
 * subscriptionId, moved to `status`, whose webhook goes to the subscription's webhookUrl.
 * Advances nextPaymentDate to anchorDate + (periods charged) intervals, so month ends follow the start
 * date (2024-01-31, 02-29, 03-31), and counts down timesRemaining (completed at 0).
 * @param status default: the customer's recurring outcome (`setRecurringOutcome`), normally paid
 * @throws MollieError 404 unknown subscription; 422 when not active or its mandate is no longer valid.
 */
export function createRenewal(store: Store, subscriptionId: string, status?: PaymentStatus): Payment {
  const s = store.subscriptions.get(subscriptionId);
  if (!s) throw notFound('subscription', subscriptionId);
  if (s.status !== 'active') throw new MollieError(422, `The subscription is ${s.status}`);
  const payment = createPayment(
    store,
    {
      amount: { ...s.amount },
      description: s.description,
      redirectUrl: null,
      cancelUrl: null,
      webhookUrl: s.webhookUrl,
      methods: undefined,
      metadata: s.metadata,
      locale: null,
      sequenceType: 'recurring',
      customerId: s.customerId,
      mandateId: s.mandateId,
    },
    s.mode,
  );
  payment.subscriptionId = s.id;
  s.periodsSinceAnchor += 1;
  s.nextPaymentDate = addInterval(s.anchorDate, s.interval, s.periodsSinceAnchor);
  if (s.timesRemaining !== null) {
    s.timesRemaining = Math.max(s.timesRemaining - 1, 0);
    if (s.timesRemaining === 0) {
      s.status = 'completed';
      s.nextPaymentDate = null;
    }
  }
  return setPaymentStatus(store, payment.id, status ?? recurringOutcomeOf(store, s.customerId));
}

/**
 * Charges every subscription period that is due, as Mollie does each day: while an `active`
 * subscription's nextPaymentDate (YYYY-MM-DD) is on or before the UTC day of `store.now()`, one renewal
 * ({@link createRenewal}, with the customer's recurring outcome as status). A clock jump over several
 * periods charges each missed period once, oldest payment date first across all subscriptions (ties in
 * creation order). A subscription whose renewal cannot be created (its mandate is no longer valid) is
 * skipped and stays due (decision of the emulator).
 * @returns the new payments in the order they were created; their webhooks are scheduled, not awaited
 */
export function chargeDueSubscriptions(store: Store): Payment[] {
  const today = isoDate(store.now());
  const payments: Payment[] = [];
  const skipped = new Set<string>();
  for (;;) {
    let next: Subscription | undefined;
    for (const s of store.subscriptions.values()) {
      if (s.status !== 'active' || s.nextPaymentDate === null || s.nextPaymentDate > today) continue;
      if (skipped.has(s.id)) continue;
      if (!next || s.nextPaymentDate < next.nextPaymentDate!) next = s;
    }
    if (!next) return payments;
    try {
      payments.push(createRenewal(store, next.id));
    } catch (error) {
      if (!(error instanceof MollieError)) throw error;
      skipped.add(next.id);
    }
  }
}

function assertUniqueDescription(store: Store, customerId: string, description: string, self?: string): void {
  const taken = customerSubscriptions(store, customerId).some(
    (s) => s.id !== self && s.status === 'active' && s.description === description,
  );
  if (taken) throw unprocessable('description', 'The description must be unique among active subscriptions');
}

function parseInterval(value: unknown): string {
  if (typeof value !== 'string' || !isInterval(value)) {
    throw unprocessable('interval', 'The interval is invalid; use e.g. "1 month", "14 days"');
  }
  return value;
}

function parseStartDate(value: unknown): string {
  if (typeof value !== 'string' || !isIsoDate(value))
    throw unprocessable('startDate', 'The start date is invalid');
  return value;
}

function parseTimes(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw unprocessable('times', 'The times must be a positive integer');
  }
  return value;
}

function parseMandateMethod(value: unknown): MandateMethod | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !MANDATE_METHODS.includes(value as MandateMethod)) {
    throw unprocessable('method', 'The method is invalid');
  }
  return value as MandateMethod;
}
