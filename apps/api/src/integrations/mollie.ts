/**
 * Our use of Mollie's SDK: creates carry Idempotency-Keys (docs/decisions/014-mollie-idempotency-keys.md)
 * and drop a webhook URL Mollie refuses (docs/decisions/141-mollie-without-webhook.md).
 */
import { amountValueToCents, centsToAmountValue, type PaymentMethod } from '@falkenhost/contracts/money';
import type { Client } from 'mollie-api-typescript';

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

const webhookRefused = new WeakSet<Client>();

/** Whether an SDK error is Mollie's refusal of the webhook URL (422 on `webhookUrl`). */
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

export function webhookUrlRefused(mollie: Client): boolean {
  return webhookRefused.has(mollie);
}

/**
 * Runs a create with our webhook URL, or without one when Mollie refuses it (now or before), under its
 * own key `<key>-no-webhook`: Mollie answers 400 to a key reused with other parameters.
 * @returns the create's result and whether it carries the webhook URL
 */
export async function createWithWebhookFallback<T>(
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
  status: string;
  amountCents: number;
  /** refunded plus charged back so far, in cents (a paid payment stays `paid` after either) */
  takenBackCents: number;
  /** of which charged back by the customer's bank, in cents */
  chargedBackCents: number;
  metadata: unknown;
  sequenceType: string;
  customerId: string | null;
  mandateId: string | null;
  subscriptionId: string | null;
  /** epoch ms */
  paidAt: number | null;
}

/**
 * Creates a one-off (or first) payment.
 * @param input.amountCents fee included; input.idempotencyKey our order's id
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

export type MolliePayment = Awaited<ReturnType<Client['payments']['get']>>;

export function paymentStateOf(
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

/** The newest payments of a subscription, at most `limit`: where renewals without a webhook are found. */
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
 * A customer's running subscription for `userPackageId`, when our record of it was lost past the key's life.
 * @returns its id, amount in cents and mandate, or null
 */
export async function findRunningSubscription(
  mollie: Client,
  customerId: string,
  userPackageId: number,
): Promise<{ id: string; amountCents: number; mandateId: string | null } | null> {
  const pages = await mollie.subscriptions.list({ customerId, limit: 250 });
  for await (const page of pages) {
    for (const s of page.result.embedded.subscriptions ?? []) {
      const meta = s.metadata as { userPackageId?: unknown } | null | undefined;
      if ((s.status === 'active' || s.status === 'pending') && meta?.userPackageId === userPackageId)
        return { id: s.id, amountCents: amountValueToCents(s.amount.value), mandateId: s.mandateId ?? null };
    }
  }
  return null;
}

/** Creates the Mollie customer of one of our users (key `customer-<user id>`). @returns the id (cst_...) */
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

export async function getMandateStatus(
  mollie: Client,
  customerId: string,
  mandateId: string,
): Promise<string> {
  const mandate = await mollie.mandates.get({ customerId, mandateId });
  return mandate.status;
}

/**
 * Creates a monthly subscription on a mandate, first charged on `input.startDate` (`YYYY-MM-DD`).
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

/** Cancels a subscription; one already ended (422) or unknown (404) counts as cancelled. */
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

/** Refunds `amountCents` of a paid payment; `idempotencyKey` one per refund we decide. */
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

/** Moves a subscription's later payments onto `mandateId` (a card the customer gave since). */
export async function updateSubscriptionMandate(
  mollie: Client,
  customerId: string,
  subscriptionId: string,
  mandateId: string,
): Promise<void> {
  await mollie.subscriptions.update({ customerId, subscriptionId, requestBody: { mandateId } });
}

/** Whether an SDK error is Mollie refusing a request as unprocessable (422), e.g. no valid mandate. */
export function isUnprocessable(error: unknown): boolean {
  return (error as { statusCode?: unknown } | null)?.statusCode === 422;
}
