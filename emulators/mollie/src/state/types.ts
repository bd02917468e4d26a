/** Resource records the emulator keeps in memory. Shapes follow Mollie v2 (see reference/mollie.md). */

/** Money as Mollie writes it: ISO 4217 currency and a decimal string with 2 decimals, e.g. "10.00". */
export interface Amount {
  currency: string;
  value: string;
}

export type Mode = 'test' | 'live';
export type PaymentMethod = 'creditcard' | 'paypal' | 'paysafecard';
export type SequenceType = 'oneoff' | 'first' | 'recurring';
export type PaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'canceled' | 'expired' | 'failed';
export type MandateMethod = 'creditcard' | 'paypal' | 'directdebit';
export type MandateStatus = 'valid' | 'pending' | 'invalid';
export type SubscriptionStatus = 'pending' | 'active' | 'canceled' | 'suspended' | 'completed';
/** Mollie's refund statuses (the SDK's RefundResponseStatus): queued, pending, processing, refunded, failed, canceled. */
export type RefundStatus = 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
/** The final status a customer's recurring payments get in test mode (see `setRecurringOutcome`). */
export type RecurringOutcome = 'paid' | 'failed';
export type Metadata = unknown;

/** A payment; timestamps are epoch milliseconds, rendered as ISO 8601 in responses. */
export interface Payment {
  id: string;
  mode: Mode;
  createdAt: number;
  status: PaymentStatus;
  amount: Amount;
  description: string;
  /** A single method, or null while the customer may still choose (none or several were given). */
  method: PaymentMethod | null;
  /** The methods offered at checkout (all three when none was given). */
  methods: PaymentMethod[];
  metadata: Metadata;
  locale: string | null;
  profileId: string;
  sequenceType: SequenceType;
  redirectUrl: string | null;
  cancelUrl: string | null;
  webhookUrl: string | null;
  customerId?: string;
  mandateId?: string;
  subscriptionId?: string;
  details: Record<string, unknown> | null;
  expiresAt: number | null;
  authorizedAt?: number;
  paidAt?: number;
  canceledAt?: number;
  expiredAt?: number;
  failedAt?: number;
  /** cents refunded so far (refunds leave the payment `paid`) */
  refundedCents?: number;
  /** cents charged back by the customer's bank so far (also leaves it `paid`) */
  chargedBackCents?: number;
}

export interface Customer {
  id: string;
  mode: Mode;
  createdAt: number;
  name: string | null;
  email: string | null;
  locale: string | null;
  metadata: Metadata;
}

export interface Mandate {
  id: string;
  mode: Mode;
  createdAt: number;
  customerId: string;
  method: MandateMethod;
  status: MandateStatus;
  details: Record<string, unknown>;
  /** YYYY-MM-DD */
  signatureDate: string | null;
  mandateReference: string | null;
}

export interface Subscription {
  id: string;
  mode: Mode;
  createdAt: number;
  customerId: string;
  status: SubscriptionStatus;
  amount: Amount;
  times: number | null;
  timesRemaining: number | null;
  /** Mollie interval, e.g. "1 month", "14 days". */
  interval: string;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD, null once canceled or completed. */
  nextPaymentDate: string | null;
  /**
   * YYYY-MM-DD the payment dates count from: the startDate, or the next payment date at the time the
   * interval was changed. Internal, not rendered.
   */
  anchorDate: string;
  /**
   * Periods charged since `anchorDate`; the next payment date is `anchorDate` + this many intervals, so
   * month ends follow the anchor (2024-01-31, 02-29, 03-31) instead of drifting. Internal, not rendered.
   */
  periodsSinceAnchor: number;
  description: string;
  method: MandateMethod | null;
  mandateId?: string;
  webhookUrl: string | null;
  metadata: Metadata;
  canceledAt?: number;
}

/** A refund of (part of) a paid payment; `createdAt` in epoch milliseconds. */
export interface Refund {
  id: string;
  mode: Mode;
  createdAt: number;
  paymentId: string;
  /** The refunded amount, in the payment's currency. */
  amount: Amount;
  /** Shown to the customer by some methods; '' when none was given. */
  description: string;
  metadata: Metadata;
  status: RefundStatus;
}

/** One attempt to call a webhook: the HTTP status it answered, or the network error / time-out. */
export interface WebhookDelivery {
  url: string;
  paymentId: string;
  /** 1-based attempt number for this status change. */
  attempt: number;
  /** Epoch milliseconds when the attempt was made. */
  at: number;
  statusCode?: number;
  error?: string;
  ok: boolean;
}
