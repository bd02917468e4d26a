import { ADDON_TYPES, type AddonType } from '@falkenhost/contracts/constants';
import type { StoreAddon, StoreLocation } from '@falkenhost/contracts/store';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import type { OrderDraft } from '../utils/order-draft';

/** The overview form's values this reads and corrects. */
interface DraftValues {
  eggId: string | null;
  locationId: string | null;
  serverName: string;
  addons: Partial<Record<AddonType, string | null>>;
}

/**
 * Checks a restored order draft against the current offer once its lists are loaded (decision 430): a
 * location the package no longer runs at and an add-on it no longer offers are dropped from the form
 * (the egg is checked when the form is made, the egg variables by the chosen egg's fields).
 * @param draft the restored draft; nothing is checked without one
 */
export function useDraftChecks<Values extends DraftValues>(
  form: UseFormReturnType<Values>,
  draft: OrderDraft | null | undefined,
  locations: readonly StoreLocation[] | undefined,
  addons: readonly StoreAddon[] | undefined,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the locations arrive
  useEffect(() => {
    if (!draft || !locations) return;
    const chosen = form.getValues().locationId;
    if (chosen && !locations.some((location) => String(location.id) === chosen))
      form.setFieldValue('locationId', null as never);
  }, [locations]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the add-ons arrive
  useEffect(() => {
    if (!draft || !addons) return;
    const chosen = form.getValues().addons;
    const kept: Partial<Record<AddonType, string | null>> = {};
    for (const type of ADDON_TYPES) {
      const id = chosen[type];
      if (id && addons.some((addon) => addon.type === type && String(addon.id) === id)) kept[type] = id;
    }
    form.setFieldValue('addons', kept as never);
  }, [addons]);
}

/** The overview form's choices of `pkg` restored from `draft`: an egg the package no longer has is left out. */
export function draftValues(
  draft: OrderDraft,
  eggs: readonly number[],
): Omit<DraftValues, 'eggId'> & { eggId: string | null } {
  const addons: Partial<Record<AddonType, string | null>> = {};
  for (const type of ADDON_TYPES) {
    const id = draft.addons[type];
    if (id !== undefined) addons[type] = String(id);
  }
  return {
    eggId: draft.eggId !== null && eggs.includes(draft.eggId) ? String(draft.eggId) : null,
    locationId: draft.locationId === null ? null : String(draft.locationId),
    serverName: draft.serverName,
    addons,
  };
}
