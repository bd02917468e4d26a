import type { AddonType } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import { packageByCreditsBody, type StorePackage } from '@falkenhost/contracts/store';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { useCredits } from '@/lib/credits';
import { variableAnswerTexts } from '@/lib/egg-variables';
import {
  packageByCredits,
  useEggNames,
  usePackageAddons,
  usePackageLocations,
  usePackageVariables,
} from '../api/store';
import { type ErrorText, packageByCreditsError } from '../utils/errors';
import { orderCheckKey, orderFormErrors, PACKAGE_BY_CREDITS_CHECK_KEYS } from '../utils/order-checks';
import { missingCreditsToBuy, type OrderDraft } from '../utils/order-draft';
import { addonsByType, overviewPrices } from '../utils/prices';
import { draftValues, useDraftChecks } from './use-draft-checks';
import { useOrderVariables } from './use-order-variables';

/** What the overview's form holds: the choices of an order (ids as the selects give them). */
interface OverviewFormValues {
  eggId: string | null;
  locationId: string | null;
  serverName: string;
  /** the chosen add-on id per add-on type, at most one each */
  addons: Partial<Record<AddonType, string | null>>;
}

/**
 * The overview's form of `pkg`: the one egg chosen when the package has one, nothing else yet; or the
 * choices of a restored `draft` (decision 430).
 */
function useOverviewForm(pkg: StorePackage, draft: OrderDraft | null | undefined) {
  const single = pkg.eggs.length === 1 ? String(pkg.eggs[0]) : null;
  const restored = draft ? draftValues(draft, pkg.eggs) : null;
  return useForm<OverviewFormValues>({
    mode: 'controlled',
    initialValues: restored
      ? { ...restored, eggId: restored.eggId ?? single }
      : { eggId: single, locationId: null, serverName: '', addons: {} },
    // A purchase by credits is checked by the contracts' packageByCreditsBody (the API's schema).
    validate: (values) =>
      orderFormErrors(
        packageByCreditsBody,
        {
          serverName: values.serverName,
          packageId: pkg.id,
          eggId: Number(values.eggId),
          locationId: Number(values.locationId),
          addonIds: [],
        },
        'empty',
      ),
  });
}

/**
 * The package overview's choices and its purchase by credits (product.md "Package overview dialog",
 * "Error catalogue" "Credits purchase"): egg, location, server name, the egg's variables and one add-on per
 * type.
 * @param onClose closes the overview (after a purchase too)
 * @param draft the choices to start with: an order refused for credits, restored (decision 430)
 * @returns the `form`; the egg, location and add-on choices with their queries; the chosen add-ons and
 *   the totals; the egg's `variables` (useOrderVariables); whether an egg and a location are chosen
 *   (`ready`); the `error` line; `missingCredits` (the credits to buy when the purchase was refused for
 *   too few, else null); `draftOf()` (the choices as a draft); `ordering` (the order-package dialog is
 *   open) and `buy`
 */
export function usePackageOverview(pkg: StorePackage, onClose: () => void, draft?: OrderDraft | null) {
  const { t } = useTranslation('store');
  const navigate = useNavigate();
  const eggNames = useEggNames();
  const addons = usePackageAddons(pkg.id);
  const locations = usePackageLocations(pkg.id);
  const packageVariables = usePackageVariables(pkg.id);
  const form = useOverviewForm(pkg, draft);
  const credits = useCredits();
  const { eggId, locationId, serverName, addons: chosen } = form.values;
  const [error, setError] = useState<ErrorText | null>(null);
  // Egg variables the customer gives (issue 28), kept by env name when the egg changes.
  const variables = useOrderVariables(packageVariables, eggId, draft?.variables);
  useDraftChecks(form, draft, locations.data, addons.data);
  const [missingCredits, setMissingCredits] = useState<number | null>(null);
  // While the order-package dialog is open this one hides, keeping its choices for Cancel.
  const [ordering, setOrdering] = useState(false);

  const addonGroups = useMemo(() => addonsByType(addons.data ?? []), [addons.data]);
  const chosenAddons = (addons.data ?? []).filter((addon) => chosen[addon.type] === String(addon.id));
  // Prices come from the contracts' money module: credit units in, cents out.
  const prices = overviewPrices(pkg, chosenAddons);
  const ready = !!eggId && !!locationId;

  const buy = useThrottledAction(async () => {
    setError(null);
    setMissingCredits(null);
    if (!eggId || !locationId) return;
    const failed = orderCheckKey(form.validate().errors, PACKAGE_BY_CREDITS_CHECK_KEYS);
    if (failed) return setError({ key: failed });
    const result = await packageByCredits({
      serverName: serverName.trim(),
      packageId: pkg.id,
      eggId: Number(eggId),
      locationId: Number(locationId),
      addonIds: JSON.stringify(chosenAddons.map((addon) => addon.id)),
      variables: variables.variables,
    });
    if (result.ok && result.data) {
      onClose();
      const link = result.data.link;
      if (/^https?:\/\//.test(link)) window.location.href = link;
      else navigate(link);
      return;
    }
    variables.setServerErrors(variableAnswerTexts(result, variables.fields) ?? new Map());
    setError(packageByCreditsError(result, variables.fields));
    // Refused for too few credits: the missing ones can be bought from the error (decision 430).
    if (result.status === 400 && result.error?.reason === REASONS.credits) {
      const balance = (await credits.refetch()).data ?? credits.data ?? 0;
      setMissingCredits(missingCreditsToBuy(prices.totalCredits, balance));
    }
  });

  /** The choices as they are now, to keep while the missing credits are bought. */
  const draftOf = (): OrderDraft => {
    const picked: OrderDraft['addons'] = {};
    for (const addon of chosenAddons) picked[addon.type] = addon.id;
    return {
      packageId: pkg.id,
      gameId: pkg.game_id,
      eggId: eggId ? Number(eggId) : null,
      locationId: locationId ? Number(locationId) : null,
      serverName,
      addons: picked,
      variables: variables.values,
    };
  };

  const eggOptions = pkg.eggs.map((id) => ({
    value: String(id),
    label: eggNames.data?.get(id) ?? t('overview.egg', { id }),
  }));
  const locationOptions = (locations.data ?? []).map((location) => ({
    value: String(location.id),
    label: `${location.code} - ${location.name}`,
  }));

  return {
    form,
    eggOptions,
    locationOptions,
    locations,
    addons,
    addonGroups,
    chosenAddons,
    prices,
    variables,
    ready,
    error,
    setError,
    missingCredits,
    draftOf,
    ordering,
    setOrdering,
    buy,
  };
}
