/**
 * The figures of a package order as the store's dialogs show them, from the contracts' money module:
 * credit units in, cents out.
 */
import { ADDON_TYPES, type AddonType } from '@falkenhost/contracts/constants';
import {
  centsToEur,
  creditsToUnits,
  eurPrice,
  monthlyEurPrice,
  unitsToCredits,
} from '@falkenhost/contracts/money';
import type { StoreAddon, StorePackage } from '@falkenhost/contracts/store';

/** The credit units a month of a package with the chosen add-ons costs. */
export function monthlyUnits(pkg: StorePackage, addons: readonly StoreAddon[]): number {
  return (
    creditsToUnits(pkg.credits_monthly) +
    addons.reduce((sum, addon) => sum + creditsToUnits(addon.credits_monthly), 0)
  );
}

/**
 * The package overview's totals of a package with the chosen add-ons.
 * @returns `totalEur` (a month in euros), `monthlyEur` (a month by the monthly subscription, in euros)
 *   and `totalCredits` (a month in credits)
 */
export function overviewPrices(pkg: StorePackage, addons: readonly StoreAddon[]) {
  const totalUnits = monthlyUnits(pkg, addons);
  return {
    totalEur: centsToEur(eurPrice(totalUnits)),
    monthlyEur: centsToEur(monthlyEurPrice(totalUnits)),
    totalCredits: unitsToCredits(totalUnits),
  };
}

/** A package's add-ons grouped by type, in the order of ADDON_TYPES; a type without add-ons is left out. */
export function addonsByType(addons: readonly StoreAddon[]): { type: AddonType; list: StoreAddon[] }[] {
  const groups = new Map<AddonType, StoreAddon[]>();
  for (const addon of addons) groups.set(addon.type, [...(groups.get(addon.type) ?? []), addon]);
  return ADDON_TYPES.flatMap((type) => {
    const list = groups.get(type);
    return list ? [{ type, list }] : [];
  });
}
