/**
 * The product's use of Mollie through the official SDK (reference/mollie.md): one-off and first payments
 * with a hosted checkout, read back when the webhook calls; customers, mandates and subscriptions for
 * servers billed monthly; refunds. Every create carries an `Idempotency-Key`, so a retried call after a
 * crash or a lost answer makes nothing twice.
 *
 * Mollie refuses a webhook URL it cannot reach (localhost, a private address: 422 on `webhookUrl`, as a
 * host trying a test key on a laptop meets it). Payments and subscriptions are then created again without
 * one, and every later create of this client goes without one at once; the product settles such payments
 * by reading them back (orders/mollie-webhook.ts `pollWebhooklessPayments`, orders/renewals.ts `pollMissedRenewals`).
 */
import { amountValueToCents, centsToAmountValue, type PaymentMethod } from '@falkenhost/contracts/money';
import type { Client } from 'mollie-api-typescript';

/** Our payment method identifiers (spec 9) to Mollie's. */
const MOLLIE_METHOD = { creditCard: 'creditcard', paypal: 'paypal', paysafecard: 'paysafecard' } as const;
const MOLLIE_LOCALE: Record<string, 'en_US' | 'cs_CZ' | 'sk_SK' | 'de_DE' | 'fr_FR'> = {
  en: 'en_US',
  cs: 'cs_CZ',
  sk: 'sk_SK',
  de: 'de_DE',
  fr: 'fr_FR',
};

export interface CreatedPayment {
  id: string;
  checkoutUrl: string;
  /** false when Mollie refused our webhook URL and the payment was made without one: poll it */
  webhook: boolean;
}

/** Clients whose Mollie refused our webhook URL: their later creates go without one. */
const webhookRefused = new WeakSet<Client>();

/**
 * Whether an SDK error is Mollie's refusal of the webhook URL: 422 with `field: "webhookUrl"`. The SDK
 * types the error body for payments (ErrorResponse.field) but not for subscriptions, where the field is
 * read from the raw body.
 */
export function isWebhookUrlRefusal(error: unknown): boolean {
  const e = error as { statusCode?: unknown; field?: unknown; body?: unknown } | null;
  if (e?.statusCode !== 422) return false;
  if (e.field === 'webhookUrl') return true;
  if (typeof e.body !== 'string') return false;
  try {
    return (JSON.parse(e.body) as { field?: unknown }).field === 'webhookUrl';
  } catch {
    return false;
  }
}

/** Whether Mollie has refused this client's webhook URL since the process started. */
export function webhookUrlRefused(mollie: Client): boolean {
  return webhookRefused.has(mollie);
}

/**
 * Runs a create with our webhook URL, or, when Mollie refuses it (now or before), without one. The
 * retry uses its own Idempotency-Key (`<key>-no-webhook`): Mollie answers 400 to a key reused with
 * other parameters, and a repeat of the whole call replays both answers.
 * @returns the create's result and whether it carries the webhook URL
 */
async function createWithWebhookFallback<T>(
  mollie: Client,
  idempotencyKey: string,
  create: (withWebhook: boolean, idempotencyKey: string) => Promise<T>,
): Promise<{ result: T; webhook: boolean }> {
  if (!webhookRefused.has(mollie)) {
    try {
      return { result: await create(true, idempotencyKey), webhook: true };
    } catch (error) {
      if (!isWebhookUrlRefusal(error)) throw error;
      webhookRefused.add(mollie);
    }
  }
  return { result: await create(false, `${idempotencyKey}-no-webhook`), webhook: false };
}

export interface PaymentState {
  id: string;
  /** open | pending | authorized | paid | canceled | expired | failed */
  status: string;
  amountCents: number;
  /** refunded plus charged back so far, in cents (a paid payment stays `paid` after either) */
  takenBackCents: number;
  /** of which charged back by the customer's bank, in cents */
  chargedBackCents: number;
  metadata: unknown;
  /** oneoff | first | recurring */
  sequenceType: string;
  customerId: string | null;
  mandateId: string | null;
  /** set on a renewal charged by a subscription */
  subscriptionId: string | null;
  /** epoch ms, when paid */
  paidAt: number | null;
}

/**
 * Creates a one-off (or first) payment; without a webhook URL when Mollie cannot reach ours.
 * @param input.amountCents what the customer pays, fee included
 * @param input.idempotencyKey our order's id: a retried create returns the same payment
 * @returns the payment's id, checkout URL, and whether Mollie will call our webhook for it
 * @throws the SDK's error when Mollie refuses or cannot be reached
 */
export async function createPayment(
  mollie: Client,
  input: {
    amountCents: number;
    description: string;
    redirectUrl: string;
    webhookUrl: string;
    method: PaymentMethod;
    language: string;
    metadata: Record<string, string | number>;
    idempotencyKey: string;
    /** a first payment of a recurring flow: the paid payment leaves a mandate on `customerId` */
    first?: { customerId: string };
  },
): Promise<CreatedPayment> {
  const { result: payment, webhook } = await createWithWebhookFallback(
    mollie,
    input.idempotencyKey,
    (withWebhook, idempotencyKey) =>
      mollie.payments.create({
        idempotencyKey,
        paymentRequest: {
          amount: { currency: 'EUR', value: centsToAmountValue(input.amountCents) },
          description: input.description,
          redirectUrl: input.redirectUrl,
          ...(withWebhook ? { webhookUrl: input.webhookUrl } : {}),
          method: MOLLIE_METHOD[input.method],
          locale: MOLLIE_LOCALE[input.language] ?? 'en_US',
          metadata: input.metadata,
          ...(input.first ? { sequenceType: 'first' as const, customerId: input.first.customerId } : {}),
        },
      }),
  );
  const checkoutUrl = payment.links.checkout?.href;
  if (!checkoutUrl) throw new Error(`Mollie payment ${payment.id} has no checkout link`);
  return { id: payment.id, checkoutUrl, webhook };
}

/** Reads a payment's current state (the webhook carries only its id). */
export async function getPayment(mollie: Client, paymentId: string): Promise<PaymentState> {
  return paymentStateOf(await mollie.payments.get({ paymentId }));
}

type MolliePayment = Awaited<ReturnType<Client['payments']['get']>>;

/** A payment resource (read alone or from a list) as the fields the product uses. */
function paymentStateOf(
  payment: Pick<
    MolliePayment,
    | 'id'
    | 'status'
    | 'amount'
    | 'amountRefunded'
    | 'amountChargedBack'
    | 'metadata'
    | 'sequenceType'
    | 'customerId'
    | 'mandateId'
    | 'subscriptionId'
    | 'paidAt'
  >,
): PaymentState {
  return {
    id: payment.id,
    status: payment.status,
    amountCents: amountValueToCents(payment.amount.value),
    takenBackCents:
      (payment.amountRefunded ? amountValueToCents(payment.amountRefunded.value) : 0) +
      (payment.amountChargedBack ? amountValueToCents(payment.amountChargedBack.value) : 0),
    chargedBackCents: payment.amountChargedBack ? amountValueToCents(payment.amountChargedBack.value) : 0,
    metadata: payment.metadata,
    sequenceType: payment.sequenceType,
    customerId: payment.customerId ?? null,
    mandateId: payment.mandateId ?? null,
    subscriptionId: payment.subscriptionId ?? null,
    paidAt: payment.paidAt ? Date.parse(payment.paidAt) : null,
  };
}

/**
 * The newest payments of a subscription (newest first, at most `limit`): renewals whose webhook never
 * reached us are found here (reference/mollie.md "Subscriptions").
 */
export async function listSubscriptionPayments(
  mollie: Client,
  customerId: string,
  subscriptionId: string,
  limit = 5,
): Promise<PaymentState[]> {
  const pages = await mollie.subscriptions.listPayments({ customerId, subscriptionId, limit });
  for await (const page of pages) return (page.result.embedded.payments ?? []).map(paymentStateOf);
  return [];
}

/**
 * A customer's subscription that is still running (active or pending) and whose metadata names
 * `userPackageId`, if any: found again when our record of its creation was lost past the hour an
 * Idempotency-Key protects (shared/reference/mollie.md). Reads every page of the customer's subscriptions (a customer has few).
 * @returns the subscription's id and amount in cents, or null
 */
export async function findRunningSubscription(
  mollie: Client,
  customerId: string,
  userPackageId: number,
): Promise<{ id: string; amountCents: number } | null> {
  const pages = await mollie.subscriptions.list({ customerId, limit: 250 });
  for await (const page of pages) {
    for (const s of page.result.embedded.subscriptions ?? []) {
      const meta = s.metadata as { userPackageId?: unknown } | null | undefined;
      if ((s.status === 'active' || s.status === 'pending') && meta?.userPackageId === userPackageId)
        return { id: s.id, amountCents: amountValueToCents(s.amount.value) };
    }
  }
  return null;
}

/**
 * Creates the Mollie customer of one of our users.
 * @param idempotencyKey `customer-<user id>`: concurrent first orders of one user make one customer
 * @returns the customer id (cst_...)
 */
export async function createCustomer(
  mollie: Client,
  input: { name: string; email: string; language: string; userId: number },
): Promise<string> {
  const customer = await mollie.customers.create({
    idempotencyKey: `customer-${input.userId}`,
    entityCustomer: {
      name: input.name,
      email: input.email,
      locale: MOLLIE_LOCALE[input.language] ?? 'en_US',
      metadata: { userId: input.userId },
    },
  });
  return customer.id;
}

/** A mandate's status: valid | pending | invalid (reference/mollie.md). */
export async function getMandateStatus(
  mollie: Client,
  customerId: string,
  mandateId: string,
): Promise<string> {
  const mandate = await mollie.mandates.get({ customerId, mandateId });
  return mandate.status;
}

/**
 * Creates a monthly subscription on a mandate; without a webhook URL when Mollie cannot reach ours (its
 * renewals are then found by listing the subscription's payments, `listSubscriptionPayments`).
 * @param input.startDate `YYYY-MM-DD`, the day of the first charge (one month after the first payment)
 * @param input.idempotencyKey one per server and paid period start, so a retry makes no second one
 * @returns the subscription id (sub_...)
 */
export async function createSubscription(
  mollie: Client,
  input: {
    customerId: string;
    mandateId: string;
    amountCents: number;
    description: string;
    startDate: string;
    webhookUrl: string;
    metadata: Record<string, string | number>;
    idempotencyKey: string;
  },
): Promise<string> {
  const { result: subscription } = await createWithWebhookFallback(
    mollie,
    input.idempotencyKey,
    (withWebhook, idempotencyKey) =>
      mollie.subscriptions.create({
        customerId: input.customerId,
        idempotencyKey,
        subscriptionRequest: {
          amount: { currency: 'EUR', value: centsToAmountValue(input.amountCents) },
          interval: '1 month',
          description: input.description,
          startDate: input.startDate,
          mandateId: input.mandateId,
          ...(withWebhook ? { webhookUrl: input.webhookUrl } : {}),
          metadata: input.metadata,
        },
      }),
  );
  return subscription.id;
}

/** Changes a subscription's amount from its next payment (`PATCH`). */
export async function updateSubscriptionAmount(
  mollie: Client,
  customerId: string,
  subscriptionId: string,
  amountCents: number,
): Promise<void> {
  await mollie.subscriptions.update({
    customerId,
    subscriptionId,
    requestBody: { amount: { currency: 'EUR', value: centsToAmountValue(amountCents) } },
  });
}

/**
 * Cancels a subscription. One that is already canceled or completed (422) or unknown (404) counts as
 * cancelled: the call is safe to repeat.
 */
export async function cancelSubscription(
  mollie: Client,
  customerId: string,
  subscriptionId: string,
): Promise<void> {
  try {
    await mollie.subscriptions.cancel({ customerId, subscriptionId });
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 422) return;
    throw error;
  }
}

/**
 * Refunds `amountCents` of a paid payment.
 * @param idempotencyKey one per refund we decide (`refund-order-<id>`): a retry refunds nothing twice
 */
export async function refundPayment(
  mollie: Client,
  paymentId: string,
  amountCents: number,
  description: string,
  idempotencyKey: string,
): Promise<string> {
  const refund = await mollie.refunds.create({
    paymentId,
    idempotencyKey,
    refundRequest: { amount: { currency: 'EUR', value: centsToAmountValue(amountCents) }, description },
  });
  return refund.id;
}
