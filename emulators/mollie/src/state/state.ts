import { pruneIdempotency } from '../api/idempotency';
import { revokeMandate } from '../customers';
import { findPayment, setPaymentStatus, takeBackPayment } from '../payments';
import { type RecurringOutcomeTarget, setRecurringOutcome } from '../recurring-outcome';
import { listRefunds, refundPayment } from '../refunds';
import { chargeDueSubscriptions, createRenewal } from '../subscriptions';
import { createStore, type IdempotencyEntry, type MollieStateOptions, type Store } from './store';
import type {
  Customer,
  Mandate,
  Payment,
  PaymentStatus,
  RecurringOutcome,
  Refund,
  Subscription,
  WebhookDelivery,
} from './types';

export type { RecurringOutcomeTarget } from '../recurring-outcome';
export type { MollieStateOptions } from './store';
export type { RecurringOutcome, Refund } from './types';

/** The account's records as plain JSON, for keeping the demo's payments across restarts. */
export interface MollieSnapshot {
  profileId: string;
  payments: Payment[];
  customers: Customer[];
  mandates: Mandate[];
  subscriptions: Subscription[];
  refunds: Refund[];
  /** Customers whose recurring payments do not end paid (see `setRecurringOutcome`). */
  recurringOutcomes: { customerId: string; status: RecurringOutcome }[];
  /**
   * The answers kept for `Idempotency-Key` replays that have not expired (Mollie keeps them 1 h), so a
   * retry after a restart of the demo makes nothing twice. Requests still running are not kept.
   */
  idempotencyKeys: ({ key: string } & Required<IdempotencyEntry>)[];
}

/**
 * What `restore` accepts: a snapshot of this version, or of an older one without refunds, recurring
 * outcomes, or the subscriptions' anchorDate/periodsSinceAnchor.
 */
export type RestorableSnapshot = Omit<
  MollieSnapshot,
  'refunds' | 'recurringOutcomes' | 'subscriptions' | 'idempotencyKeys'
> & {
  subscriptions: (Omit<Subscription, 'anchorDate' | 'periodsSinceAnchor'> &
    Partial<Pick<Subscription, 'anchorDate' | 'periodsSinceAnchor'>>)[];
  refunds?: Refund[];
  recurringOutcomes?: MollieSnapshot['recurringOutcomes'];
  idempotencyKeys?: MollieSnapshot['idempotencyKeys'];
};

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
   * (default: the customer's recurring outcome, normally paid), then its webhook to the subscription's
   * webhookUrl. Advances nextPaymentDate to startDate + periods charged × interval.
   * @throws MollieError 404 unknown subscription, 422 when it is not active.
   */
  createRenewal(subscriptionId: string, status?: PaymentStatus): Payment;
  /**
   * Charges every subscription period that is due on the UTC day of `now()`: for each active
   * subscription whose nextPaymentDate (YYYY-MM-DD) is on or before it, one renewal per missed period
   * (a clock jump of three months charges three times), each ending with the customer's recurring outcome
   * (default paid). Resolves, with the new payments oldest payment date first, once the FIRST webhook
   * attempt of each has finished (answered, failed or timed out; retries are not awaited), so a demo
   * clock can advance, await this, and know the product has processed the renewals. Subscriptions whose
   * mandate is no longer valid are skipped and stay due. Never rejects for a single subscription.
   */
  runDueSubscriptions(): Promise<Payment[]>;
  /**
   * Test control: from now on the recurring payments of the target customer(s) end with `status`
   * (renewals, and API recurring payments leaving pending), until set back to `paid`.
   * @param target `{customerId}` or `{email}` (case-insensitive; every customer with that e-mail)
   * @returns the ids of the customers set
   * @throws MollieError 400 for a status other than paid/failed or an empty target, 404 for an unknown
   *   customer id or e-mail.
   */
  setRecurringOutcome(target: RecurringOutcomeTarget, status: RecurringOutcome): string[];
  /**
   * Refunds `cents` (default all that remains) of a paid payment, recorded as a refund resource like
   * `POST /v2/payments/{id}/refunds`; the payment stays paid and its webhook is called again.
   * @returns the payment. @throws MollieError 404, 422 (not paid, or more than remains).
   */
  refund(paymentId: string, cents?: number): Payment;
  /** The refunds of one payment, or every refund when `paymentId` is omitted; oldest first. */
  refunds(paymentId?: string): Refund[];
  /** A chargeback by the customer's bank: like `refund`, shown as `amountChargedBack`. */
  chargeback(paymentId: string, cents?: number): Payment;
  /** The payment with `id` (expired first if due). @throws MollieError 404. */
  payment(paymentId: string): Payment;
  /** Every payment, oldest first. */
  payments(): Payment[];
  /** Every webhook attempt so far, oldest first: url, paymentId, attempt, statusCode or error, ok, at. */
  webhookDeliveries(): WebhookDelivery[];
  /** Resolves once the first attempt of every webhook scheduled so far has finished (retries not awaited). */
  whenWebhooksIdle(): Promise<void>;
  /** Webhook retries scheduled and not yet started: 0 means no further attempt will come. */
  webhookRetriesPending(): number;
  /**
   * Fault injection: while `down` is true every `/v2` API request is answered 503 `Service Unavailable`
   * before it reads or changes anything (an outage of Mollie); the checkout pages and webhooks go on.
   */
  setOutage(down: boolean): void;
  /**
   * Fault injection: while `lost` is true webhook attempts never reach the product and are not retried
   * (a webhook that never comes); the product must read the payment back.
   */
  setWebhooksLost(lost: boolean): void;
  /**
   * Revokes a customer's mandate as `DELETE /v2/customers/{cst}/mandates/{mdt}` does (the customer
   * withdrew it at their bank): status `invalid`, its subscriptions canceled.
   * @throws MollieError 404 unknown customer or mandate, 422 revoked already.
   */
  revokeMandate(customerId: string, mandateId: string): void;
  /** Every record, as plain JSON. */
  snapshot(): MollieSnapshot;
  /**
   * Replaces every record with a snapshot's (timers are not resumed; expiry is checked on read).
   * Tolerates snapshots of older versions (see {@link RestorableSnapshot}).
   */
  restore(snapshot: RestorableSnapshot): void;
  /** Stops every timer (expiry, recurring auto-pay, webhook retries) and aborts webhook calls in flight. */
  close(): void;
}

/**
 * Creates an empty emulated Mollie account.
 * @param options publicUrl (mount base for links, e.g. `http://localhost:3000/_emulators/mollie`),
 *   apiKeys, webhookRetryDelaysMs, webhookTimeoutMs, recurringAutoPaidAfterMs, now, fetch,
 *   strictWebhookUrls (refuse webhook URLs Mollie could not reach, with its 422; default false).
 */
export function createMollieState(options: MollieStateOptions): MollieState {
  const store = createStore(options);
  return {
    store,
    setPaymentStatus: (paymentId, status) => setPaymentStatus(store, paymentId, status),
    createRenewal: (subscriptionId, status) => createRenewal(store, subscriptionId, status),
    async runDueSubscriptions() {
      const payments = chargeDueSubscriptions(store);
      await Promise.all(payments.map((p) => store.webhooks.settled(p.id)));
      return payments;
    },
    setRecurringOutcome: (target, status) => setRecurringOutcome(store, target, status),
    refund(paymentId, cents) {
      refundPayment(store, paymentId, { cents });
      return findPayment(store, paymentId);
    },
    refunds: (paymentId) => listRefunds(store, paymentId),
    chargeback: (paymentId, cents) => takeBackPayment(store, paymentId, 'chargeback', cents),
    payment: (paymentId) => findPayment(store, paymentId),
    payments: () => [...store.payments.values()],
    webhookDeliveries: () => store.webhooks.deliveries(),
    whenWebhooksIdle: () => store.webhooks.whenIdle(),
    webhookRetriesPending: () => store.webhooks.retriesPending(),
    setOutage(down) {
      store.faults.outage = down;
    },
    setWebhooksLost(lost) {
      store.faults.webhooksLost = lost;
    },
    revokeMandate: (customerId, mandateId) => revokeMandate(store, customerId, mandateId),
    snapshot: () => ({
      profileId: store.profileId,
      payments: [...store.payments.values()],
      customers: [...store.customers.values()],
      mandates: [...store.mandates.values()],
      subscriptions: [...store.subscriptions.values()],
      refunds: [...store.refunds.values()],
      recurringOutcomes: [...store.recurringOutcomes].map(([customerId, status]) => ({ customerId, status })),
      idempotencyKeys: keptAnswers(store),
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
      // Older snapshots chained payment dates: their next payment date becomes the anchor.
      fill(
        store.subscriptions,
        snapshot.subscriptions.map((s) => ({
          ...s,
          anchorDate: s.anchorDate ?? s.nextPaymentDate ?? s.startDate,
          periodsSinceAnchor: s.periodsSinceAnchor ?? 0,
        })),
      );
      fill(store.refunds, snapshot.refunds ?? []);
      store.recurringOutcomes.clear();
      for (const { customerId, status } of snapshot.recurringOutcomes ?? []) {
        if (status !== 'paid') store.recurringOutcomes.set(customerId, status);
      }
      store.idempotency.clear();
      const kept = [...(snapshot.idempotencyKeys ?? [])].sort((a, b) => a.expiresAt - b.expiresAt);
      for (const { key, ...entry } of kept) store.idempotency.set(key, entry);
      pruneIdempotency(store);
    },
    close() {
      store.timers.clear();
      store.webhooks.close();
    },
  };
}

/** The finished, unexpired answers kept for Idempotency-Key replays, oldest first. */
function keptAnswers(store: Store): MollieSnapshot['idempotencyKeys'] {
  pruneIdempotency(store);
  const kept: MollieSnapshot['idempotencyKeys'] = [];
  for (const [key, { fingerprint, expiresAt, response }] of store.idempotency) {
    if (response) kept.push({ key, fingerprint, expiresAt, response });
  }
  return kept;
}
