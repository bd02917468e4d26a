/**
 * Status + reason -> i18n key (namespace store), spec 8 "Credits purchase" and "Credit order".
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { ApiResult } from '@/lib/api-client';

/** Validation messages of the contracts (store.ts) we can name; others are shown as sent. */
const MESSAGES: Record<string, string> = {
  'server-name': 'errors.invalidServerName',
  'server-name-missing': 'errors.noServerName',
  'credits-amount': 'errors.invalidCreditsAmount',
  address: 'errors.invalidAddress',
  'payment-method': 'errors.invalidPaymentType',
};

export interface ErrorText {
  key: string;
  /** a message of the server's errors list that has no key of ours */
  raw?: string;
}

/** POST package-by-credits: no resources, no credits, bad server name, first msg of the list, unknown. */
export function packageByCreditsError(result: ApiResult<unknown>): ErrorText {
  const reason = result.error?.reason;
  if (result.status === 400) {
    if (reason === REASONS.resources) return { key: 'errors.noResources' };
    if (reason === REASONS.credits) return { key: 'errors.noCredits' };
    if (reason === REASONS.serverName) return { key: 'errors.invalidServerName' };
    const msg = result.error?.errors?.[0]?.msg;
    if (msg) return MESSAGES[msg] ? { key: MESSAGES[msg] } : { key: 'errors.raw', raw: msg };
  }
  return { key: 'errors.unknown' };
}

/** POST order-credits: invalid discount, referrer self, referrer not found, validation, payment error. */
export function orderCreditsError(result: ApiResult<unknown>): ErrorText {
  const reason = result.error?.reason;
  if (result.status === 400 && reason === REASONS.discount) return { key: 'errors.invalidDiscount' };
  if (result.status === 400 && reason === REASONS.referrerSelf) return { key: 'errors.referrerSelf' };
  if (result.status === 404) return { key: 'errors.invalidReferrer' };
  if (result.status === 400 && reason === REASONS.validation) {
    const msg = result.error?.errors?.[0]?.msg;
    if (msg && MESSAGES[msg]) return { key: MESSAGES[msg] };
    return { key: 'errors.fillIn' };
  }
  return { key: 'errors.payment' };
}
