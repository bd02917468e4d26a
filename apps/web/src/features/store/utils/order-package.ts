/**
 * The order-package dialog's checks before it calls the server (spec 5 "Order dialog checks").
 */
import { SERVER_NAME_PATTERN } from '@falkenhost/contracts/fields';
import type { DiscountState } from '../hooks/use-discount-check';
import type { ErrorText } from './errors';

/** What the dialog holds when Pay is pressed; ids are null when not chosen. */
export interface OrderPackageDraft {
  discountCode: string;
  discount: DiscountState['status'];
  addressLine1: string;
  city: string;
  postalCode: string;
  country: string | null;
  paymentMethod: string | null;
  packageId: number | null;
  eggId: number | null;
  locationId: number | null;
  serverName: string;
}

const blank = (value: string | null) => !value?.trim();

/**
 * The first failing check, in the spec's order, or null when the order may be sent:
 * (1) a discount code entered but not verified: invalid discount; (2) address line 1, city, postal code,
 * country and payment method required (line 2 and state optional): invalid address; (3) package, egg,
 * location and server name present: unknown; (4) the server name's characters (letters, digits,
 * underscore, dot, hyphen, space; 1 to 50): invalid server name.
 */
export function orderPackageCheck(draft: OrderPackageDraft): ErrorText | null {
  if (!blank(draft.discountCode) && draft.discount !== 'valid') return { key: 'errors.invalidDiscount' };
  if (
    blank(draft.addressLine1) ||
    blank(draft.city) ||
    blank(draft.postalCode) ||
    blank(draft.country) ||
    blank(draft.paymentMethod)
  )
    return { key: 'errors.invalidAddress' };
  if (
    draft.packageId === null ||
    draft.eggId === null ||
    draft.locationId === null ||
    blank(draft.serverName)
  )
    return { key: 'errors.unknown' };
  if (!SERVER_NAME_PATTERN.test(draft.serverName.trim())) return { key: 'errors.invalidServerName' };
  return null;
}
