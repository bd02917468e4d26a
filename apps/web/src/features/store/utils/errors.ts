/**
 * Status + reason -> i18n key (namespace store), product.md "Error catalogue" ("Credits purchase"),
 * "Credit order" and "Order dialog".
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { ApiResult } from '@/lib/api-client';
// Relative, as the message tests import this module without the web build's '@' alias.
import { type VariableLabel, variableAnswerTexts } from '../../../lib/egg-variables';

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
  /** the values of `key` (an egg variable's message: a `common:` key naming the field) */
  values?: Record<string, string | number>;
}

/**
 * A 400 variable answer (issue 28) as the dialog's error line: the first refused variable's message,
 * naming it by the dialog's `fields`; null for any other answer.
 */
function variableError(
  result: Pick<ApiResult<unknown>, 'status' | 'error'>,
  fields: readonly VariableLabel[],
): ErrorText | null {
  const texts = variableAnswerTexts(result, fields);
  if (!texts) return null;
  const first = [...texts.values()][0];
  return first ? { key: first.key, values: first.values } : { key: 'errors.unknown' };
}

/**
 * POST package-by-credits: no resources, no credits, bad server name, a refused egg variable (named by
 * `fields`, the variables the dialog asked for), first msg of the list, unknown.
 */
export function packageByCreditsError(
  result: ApiResult<unknown>,
  fields: readonly VariableLabel[] = [],
): ErrorText {
  const reason = result.error?.reason;
  if (result.status === 400) {
    const variable = variableError(result, fields);
    if (variable) return variable;
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

/**
 * Validation messages of order-package -> the order dialog's message (product.md "Error catalogue"
 * ("Order dialog")). A missing server name or payment method is what product.md "Validation rules"'s checks
 * (3) and (2) call unknown and invalid address.
 */
const ORDER_PACKAGE_MESSAGES: Record<string, string> = {
  address: 'errors.invalidAddress',
  'payment-method': 'errors.invalidAddress',
  'server-name': 'errors.invalidServerName',
  'server-name-missing': 'errors.unknown',
};

/**
 * POST order-package (product.md "Error catalogue" ("Order dialog")): 400 discount (or a 400 without a reason
 * of its own) invalid discount; 400 validation by its first message (address, server name); 400 resources no
 * resources; 400 referrer-self; 400 variable the refused egg variable's message (issue 28, named by
 * `fields`); 404 invalid referrer; 502 payment payment failed; anything else (400 unknown, other statuses,
 * network failure) unknown.
 */
export function orderPackageError(
  result: Pick<ApiResult<unknown>, 'status' | 'error'>,
  fields: readonly VariableLabel[] = [],
): ErrorText {
  const reason = result.error?.reason;
  if (result.status === 400) {
    const variable = variableError(result, fields);
    if (variable) return variable;
    if (reason === REASONS.validation) {
      const msg = result.error?.errors?.[0]?.msg;
      return { key: (msg && ORDER_PACKAGE_MESSAGES[msg]) || 'errors.unknown' };
    }
    if (reason === REASONS.resources) return { key: 'errors.noResources' };
    if (reason === REASONS.referrerSelf) return { key: 'errors.referrerSelf' };
    if (reason === REASONS.serverName) return { key: 'errors.invalidServerName' };
    if (reason === REASONS.unknown) return { key: 'errors.unknown' };
    return { key: 'errors.invalidDiscount' };
  }
  if (result.status === 404) return { key: 'errors.invalidReferrer' };
  if (result.status === 502 && reason === REASONS.payment) return { key: 'errors.payment' };
  return { key: 'errors.unknown' };
}
