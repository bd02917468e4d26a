/**
 * Charges on a customer's card mandate that we start ourselves (auto top-up, renewal retries; issue 43): the mandate read
 * back from Mollie, a recurring payment created under our idempotency key
 * (docs/decisions/014-mollie-idempotency-keys.md, 427-top-ups-started-by-the-tick.md), and the payment
 * found again by its metadata once the key's hour is over (mollie.md "Customers, mandates, subscriptions").
 */
import { centsToAmountValue } from '@falkenhost/contracts/money';
import type { Client } from 'mollie-api-typescript';
import { type CreatedPayment, createWithWebhookFallback, type PaymentState, paymentStateOf } from './mollie';

/**
 * The customer's newest valid card mandate (Mollie lists mandates newest first), or null when there is
 * none (never paid a first payment, or revoked at the bank).
 * @returns its id (mdt_...)
 * @throws the SDK's error when Mollie refuses or cannot be reached
 */
export async function findValidCardMandate(mollie: Client, customerId: string): Promise<string | null> {
  const pages = await mollie.mandates.list({ customerId, limit: 50 });
  for await (const page of pages) {
    for (const mandate of page.result.embedded.mandates ?? []) {
      if (mandate.status === 'valid' && mandate.method === 'creditcard') return mandate.id;
    }
  }
  return null;
}

/**
 * Creates a recurring payment on `input.mandateId`: no checkout, Mollie charges the card and calls our
 * webhook when it is paid or failed. The same `idempotencyKey` within Mollie's hour answers the same
 * payment, so a retry after a lost answer charges once.
 * @param input.amountCents fee included; input.metadata names our order (`orderId`, its public id)
 * @returns the payment's id and whether Mollie calls our webhook for it (`checkoutUrl` is '')
 * @throws the SDK's error: 422 when the mandate is no longer valid, 5xx or a network error in an outage
 */
export async function createRecurringPayment(
  mollie: Client,
  input: {
    customerId: string;
    mandateId: string;
    amountCents: number;
    description: string;
    webhookUrl: string;
    metadata: Record<string, string | number>;
    idempotencyKey: string;
  },
): Promise<CreatedPayment> {
  const { result: payment, webhook } = await createWithWebhookFallback(
    mollie,
    input.idempotencyKey,
    (withWebhook, idempotencyKey) =>
      mollie.customers.createPayment({
        customerId: input.customerId,
        idempotencyKey,
        paymentRequest: {
          amount: { currency: 'EUR', value: centsToAmountValue(input.amountCents) },
          description: input.description,
          redirectUrl: null,
          ...(withWebhook ? { webhookUrl: input.webhookUrl } : {}),
          sequenceType: 'recurring',
          mandateId: input.mandateId,
          metadata: input.metadata,
        },
      }),
  );
  return { id: payment.id, checkoutUrl: '', webhook };
}

/**
 * The customer's newest payment whose metadata has `key` = `value` among their newest `limit` payments: a
 * create whose answer was lost, found past its Idempotency-Key's hour instead of being made twice; null
 * when Mollie has none (it was never created).
 * @throws the SDK's error when Mollie refuses or cannot be reached
 */
export async function findCustomerPayment(
  mollie: Client,
  customerId: string,
  key: string,
  value: string,
  limit = 50,
): Promise<PaymentState | null> {
  const pages = await mollie.customers.listPayments({ customerId, limit });
  for await (const page of pages) {
    for (const payment of page.result.embedded.payments ?? []) {
      const meta = payment.metadata as Record<string, unknown> | null | undefined;
      if (meta?.[key] === value) return paymentStateOf(payment);
    }
    return null;
  }
  return null;
}
