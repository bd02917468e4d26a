/**
 * The product's use of Mollie through the official SDK (reference/mollie.md): one-off payments with a
 * hosted checkout, read back when the webhook calls.
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
}

export interface PaymentState {
  id: string;
  /** open | pending | authorized | paid | canceled | expired | failed */
  status: string;
  amountCents: number;
  /** refunded plus charged back so far, in cents (a paid payment stays `paid` after either) */
  takenBackCents: number;
  metadata: unknown;
}

/**
 * Creates a one-off payment.
 * @param input.amountCents what the customer pays, fee included
 * @param input.idempotencyKey our order's id: a retried create returns the same payment
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
  },
): Promise<CreatedPayment> {
  const payment = await mollie.payments.create({
    idempotencyKey: input.idempotencyKey,
    paymentRequest: {
      amount: { currency: 'EUR', value: centsToAmountValue(input.amountCents) },
      description: input.description,
      redirectUrl: input.redirectUrl,
      webhookUrl: input.webhookUrl,
      method: MOLLIE_METHOD[input.method],
      locale: MOLLIE_LOCALE[input.language] ?? 'en_US',
      metadata: input.metadata,
    },
  });
  const checkoutUrl = payment.links.checkout?.href;
  if (!checkoutUrl) throw new Error(`Mollie payment ${payment.id} has no checkout link`);
  return { id: payment.id, checkoutUrl };
}

/** Reads a payment's current state (the webhook carries only its id). */
export async function getPayment(mollie: Client, paymentId: string): Promise<PaymentState> {
  const payment = await mollie.payments.get({ paymentId });
  return {
    id: payment.id,
    status: payment.status,
    amountCents: amountValueToCents(payment.amount.value),
    takenBackCents:
      (payment.amountRefunded ? amountValueToCents(payment.amountRefunded.value) : 0) +
      (payment.amountChargedBack ? amountValueToCents(payment.amountChargedBack.value) : 0),
    metadata: payment.metadata,
  };
}
