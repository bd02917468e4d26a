/** The figures a card order keeps in `details` (JSON), read again when it is paid and carried forward. */
import type { PriceBreakdown } from '@falkenhost/contracts/money';
import type { BillingAddress } from '@falkenhost/contracts/store';

export interface PackageCardDetails {
  serverName: string;
  packageId: number;
  packageName: string;
  eggId: number;
  nestId: number;
  locationId: number;
  addonIds: number[];
  /** credit units per month: package plus add-ons */
  monthlyUnits: number;
  /** the first month's price lines, cents */
  price: PriceBreakdown;
  /** each later month, cents (no discount code) */
  laterCents: number;
  discountCode: string | null;
  discountBp: number;
  billingAddress: BillingAddress;
  /** the customer's egg variable values (env_variable -> value); absent in older orders */
  variables?: Record<string, string>;
}
