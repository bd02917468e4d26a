/**
 * Status + reason -> i18n key (namespace home) for the referral card (product.md "Error catalogue"
 * ("Referral"): referrer-exists 'You already have a referrer', referrer-self
 * "You can't set yourself as a referrer", 404 'Referrer not found', unknown otherwise).
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { ApiResult } from '@/lib/api-client';

export type FailedAnswer = Pick<ApiResult<unknown>, 'status' | 'error'>;

/** @returns the key of the message under the referrer field */
export function referralErrorKey(answer: FailedAnswer): string {
  const reason = answer.error?.reason;
  if (answer.status === 400 && reason === REASONS.referrerExists) return 'referral.errors.exists';
  if (answer.status === 400 && reason === REASONS.referrerSelf) return 'referral.errors.self';
  if (answer.status === 404) return 'referral.errors.notFound';
  return 'referral.errors.unknown';
}
