/**
 * The order forms' checks (product.md "Validation rules" ("Order dialog checks")): the contracts' schema of
 * the request the form sends (the one the API validates with), plus the one rule only the browser can know, a
 * discount code entered but not verified yet.
 */
import { firstOrderCheck } from '@falkenhost/contracts/store';
import type { FormErrors } from '@mantine/form';
import { schemaResolver } from '@mantine/form';
import type { z } from 'zod';
import type { DiscountState } from '../hooks/use-discount-check';

/**
 * A form's errors for `body` checked by `schema`: path -> the contracts' message ('address',
 * 'server-name', ...), with `discountCode: 'discount'` when a code is entered but `discount` is not valid.
 */
export function orderFormErrors(
  schema: z.ZodType,
  body: { discountCode?: string; [field: string]: unknown },
  discount: DiscountState['status'],
): FormErrors {
  const errors = schemaResolver(schema, { sync: true })(body);
  if (body.discountCode?.trim() && discount !== 'valid') errors.discountCode = 'discount';
  return errors;
}

/**
 * The i18n key (namespace store) of the first failing check in the spec's order, or null when the form
 * may be sent. `keys` names each contracts message in the dialog's words; others show as unknown.
 */
export function orderCheckKey(errors: FormErrors, keys: Record<string, string>): string | null {
  const first = firstOrderCheck(errors);
  if (first === null) return null;
  return keys[first] ?? 'errors.unknown';
}

/**
 * The order-package dialog's words for the checks (product.md "Validation rules", "Error catalogue"
 * ("Order dialog")).
 */
export const ORDER_PACKAGE_CHECK_KEYS: Record<string, string> = {
  discount: 'errors.invalidDiscount',
  address: 'errors.invalidAddress',
  'payment-method': 'errors.invalidAddress',
  id: 'errors.unknown',
  'server-name-missing': 'errors.unknown',
  'server-name': 'errors.invalidServerName',
};

/**
 * The order-credits dialog's words for the checks (product.md "Validation rules", "Error catalogue"
 * ("Credit order")).
 */
export const ORDER_CREDITS_CHECK_KEYS: Record<string, string> = {
  discount: 'errors.invalidDiscount',
  address: 'errors.invalidAddress',
  'payment-method': 'errors.invalidPaymentType',
  'credits-amount': 'errors.invalidCreditsAmount',
};

/**
 * The package overview's words for a purchase by credits (product.md "Error catalogue" ("Credits purchase")).
 */
export const PACKAGE_BY_CREDITS_CHECK_KEYS: Record<string, string> = {
  'server-name-missing': 'errors.noServerName',
  'server-name': 'errors.invalidServerName',
};
