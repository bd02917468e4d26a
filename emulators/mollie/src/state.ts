import { findPayment, setPaymentStatus, takeBackPayment } from './payments.js';
import { createStore, type MollieStateOptions, type Store } from './store.js';
import { createRenewal } from './subscriptions.js';
import type { Customer, Mandate, Payment, PaymentStatus, Subscription, WebhookDelivery } from './types.js';

export type { MollieStateOptions } from './store.js';

/** The account's records as plain JSON, for keeping the demo's payments across restarts. */
export interface MollieSnapshot {
  profileId: string;
  payments: Payment[];
  customers: Customer[];
  mandates: Mandate[];
  subscriptions: Subscription[];
}

/** The emulator's in-memory Mollie account, shared by the plugin (API + checkout) and tests / the demo. */
export interface MollieState {
  /** Internal: the records and helpers the plugin's routes work on. */
  readonly store: Store;
  /**
   * Moves a payment to `status` as the hosted checkout and changePaymentState do (timestamps, mandate
   * for a paid first payment with a customer, webhook for final statuses and authorized).
   * @throws MollieError 404 unknown payment, 422 for a move Mollie's status graph does not allow.
   */
  setPaymentStatus(paymentId: string, status: PaymentStatus): Payment;
  /**
   * Charges the next period of an active subscription: a new recurring payment (subscriptionId,
   * customerId, mandateId, sequenceType recurring, the subscription's metadata) moved to `status`
   * (default paid), then its webhook to the subscription's webhookUrl.
   * @throws MollieError 404 unknown subscription, 422 when it is not active.
   */
  createRenewal(subscriptionId: string, status?: PaymentStatus): Payment;
  /**
   * Refunds `cents` (default all that remains) of a paid payment; the payment stays paid and its webhook
   * is called again. @throws MollieError 404, 422 (not paid, or more than remains).
   */
  refund(paymentId: string, cents?: number): Payment;
  /** A chargeback by the customer's bank: like `refund`, shown as `amountChargedBack`. */
  chargeback(paymentId: string, cents?: number): Payment;
  /** The payment with `id` (expired first if due). @throws MollieError 404. */
  payment(paymentId: string): Payment;
  /** Every payment, oldest first. */
  payments(): Payment[];
  /** Every webhook attempt so far, oldest first: url, paymentId, attempt, statusCode or error, ok, at. */
  webhookDeliveries(): WebhookDelivery[];
  /** Every record, as plain JSON. */
  snapshot(): MollieSnapshot;
  /** Replaces every record with a snapshot's (timers are not resumed; expiry is checked on read). */
  restore(snapshot: MollieSnapshot): void;
  /** Stops every timer (expiry, recurring auto-pay, webhook retries) and aborts webhook calls in flight. */
  close(): void;
}

/**
 * Creates an empty emulated Mollie account.
 * @param options publicUrl (mount base for links, e.g. `http://localhost:3000/_emulators/mollie`),
 *   apiKeys, webhookRetryDelaysMs, webhookTimeoutMs, recurringAutoPaidAfterMs, now, fetch.
 */
export function createMollieState(options: MollieStateOptions): MollieState {
  const store = createStore(options);
  return {
    store,
    setPaymentStatus: (paymentId, status) => setPaymentStatus(store, paymentId, status),
    createRenewal: (subscriptionId, status) => createRenewal(store, subscriptionId, status),
    refund: (paymentId, cents) => takeBackPayment(store, paymentId, 'refund', cents),
    chargeback: (paymentId, cents) => takeBackPayment(store, paymentId, 'chargeback', cents),
    payment: (paymentId) => findPayment(store, paymentId),
    payments: () => [...store.payments.values()],
    webhookDeliveries: () => store.webhooks.deliveries(),
    snapshot: () => ({
      profileId: store.profileId,
      payments: [...store.payments.values()],
      customers: [...store.customers.values()],
      mandates: [...store.mandates.values()],
      subscriptions: [...store.subscriptions.values()],
    }),
    restore(snapshot) {
      store.profileId = snapshot.profileId;
      const fill = <T extends { id: string }>(map: Map<string, T>, rows: T[]) => {
        map.clear();
        for (const row of rows) map.set(row.id, row);
      };
      fill(store.payments, snapshot.payments);
      fill(store.customers, snapshot.customers);
      fill(store.mandates, snapshot.mandates);
      fill(store.subscriptions, snapshot.subscriptions);
    },
    close() {
      store.timers.clear();
      store.webhooks.close();
    },
  };
}
