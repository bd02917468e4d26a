import type { EggVariableField } from '@falkenhost/contracts/egg-variables';
import { serverMonthPrice } from '@falkenhost/contracts/money';
import {
  type OrderPackageBody,
  orderPackageBody,
  PACKAGE_ORDER_METHODS,
  type StoreAddon,
  type StorePackage,
} from '@falkenhost/contracts/store';
import { useState } from 'react';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { orderPackage } from '../api/store';
import { type AddressValues, emptyAddress } from '../components/billing-address-fields';
import { type ErrorText, orderPackageError } from '../utils/errors';
import { ORDER_PACKAGE_CHECK_KEYS, orderCheckKey } from '../utils/order-checks';
import { monthlyUnits } from '../utils/prices';
import { useOrderForm } from './use-order-form';

/** A payment method of a server billed monthly by card. */
export type PackageOrderMethod = (typeof PACKAGE_ORDER_METHODS)[number];

/** What the form holds: the typed part of the body of POST order-package (no method chosen: ''). */
interface PackageFormValues extends AddressValues {
  referrer: string;
  discountCode: string;
  name: string;
  paymentMethod: PackageOrderMethod | '';
}

/** What the package overview dialog hands over: the package and the customer's choices. */
export interface PackageOrderSelection {
  pkg: StorePackage;
  eggId: number;
  locationId: number;
  /** the chosen add-ons, at most one per type */
  addons: StoreAddon[];
  /** the server name typed in the overview (may be empty; it can be edited here) */
  serverName: string;
  /** the egg variables the customer gave in the overview, checked there: env_variable -> value */
  variables: Record<string, string>;
  /** those variables as the overview asked for them (names the refused one in a 400 variable answer) */
  variableFields: readonly EggVariableField[];
}

/**
 * The order-package dialog's form and its payment (product.md "Validation rules", "Error catalogue"
 * ("Order dialog checks"; "Order dialog")): the first month's price with the monthly discount, the discount
 * code and the payment method's fee, and the later months' price; Pay sends POST order-package and leaves for
 * Mollie's checkout.
 * @param onOrdered the order was accepted; the browser is leaving for the payment
 * @returns the `form`, the `discount` verification, the chosen `method` (null for none), the `first`
 *   month's price parts, the `later` months' total (cents), the `error` line and `pay`
 */
export function useOrderPackageForm(selection: PackageOrderSelection, onOrdered: () => void) {
  const { pkg, addons } = selection;
  const [error, setError] = useState<ErrorText | null>(null);
  const { form, discount, bodyOf } = useOrderForm<PackageFormValues, OrderPackageBody>(
    {
      referrer: '',
      discountCode: '',
      name: selection.serverName,
      ...emptyAddress(),
      paymentMethod: PACKAGE_ORDER_METHODS[0],
    },
    orderPackageBody,
    (values, referrer) => ({
      ...values,
      referrer,
      paymentMethod: (values.paymentMethod || undefined) as PackageOrderMethod,
      packageId: pkg.id,
      addonIds: JSON.stringify(addons.map((addon) => addon.id)),
      eggId: selection.eggId,
      locationId: selection.locationId,
      variables: selection.variables,
    }),
  );
  const method = form.values.paymentMethod || null;

  // Every figure comes from the contracts' money module: credit units in, cents out.
  const units = monthlyUnits(pkg, addons);
  const discountBp = discount.status === 'valid' ? Math.round(discount.percentage * 100) : 0;
  const priceMethod = method ?? PACKAGE_ORDER_METHODS[0];
  const first = serverMonthPrice(units, discountBp, priceMethod);
  const later = serverMonthPrice(units, 0, priceMethod).total;

  const pay = useThrottledAction(async () => {
    setError(null);
    const checked = form.validate();
    const failed = orderCheckKey(checked.errors, ORDER_PACKAGE_CHECK_KEYS);
    if (failed) return setError({ key: failed });
    // The body as the API reads it (trimmed, the country upper case), add-on ids as a JSON string.
    const parsed = orderPackageBody.parse(bodyOf(form.getValues()));
    const result = await orderPackage({
      ...parsed,
      addonIds: JSON.stringify(parsed.addonIds),
    });
    if (result.ok && result.data?.link) {
      onOrdered();
      window.location.assign(result.data.link);
      return;
    }
    setError(orderPackageError(result, selection.variableFields));
  });

  return { form, discount, method, first, later, error, pay };
}
