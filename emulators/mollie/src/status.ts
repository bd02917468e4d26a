import type { PaymentStatus } from './state/types';

/** Mollie's payment status graph (reference/mollie.md, "Statuses"). */
const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  open: ['pending', 'authorized', 'paid', 'canceled', 'expired', 'failed'],
  pending: ['paid', 'failed'],
  authorized: ['paid', 'canceled', 'expired'],
  paid: [],
  canceled: [],
  expired: [],
  failed: [],
};

export const PAYMENT_STATUSES = Object.keys(NEXT) as PaymentStatus[];

/** True when Mollie allows a payment to move from `from` to `to`. */
export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT[from].includes(to);
}

/** True for the statuses a payment never leaves: paid, canceled, expired, failed. */
export function isFinal(status: PaymentStatus): boolean {
  return NEXT[status].length === 0;
}

/** True when reaching `status` calls the webhook: every final status and authorized, never open/pending. */
export function firesWebhook(status: PaymentStatus): boolean {
  return isFinal(status) || status === 'authorized';
}

/** True when `value` names a payment status. */
export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && value in NEXT;
}
