import { ADDON_TYPES, TOAST_MS } from '@falkenhost/contracts/constants';
import { addonChangeBody, type OwnedServer } from '@falkenhost/contracts/servers';
import { Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { notify } from '@/lib/notify';
import { availableAddonsKey, buyAddon, removeAddon, useAvailableAddons } from '../api/server-changes';
import { buyAddonErrorKey, removeAddonErrorKey } from '../utils/errors';
import { firstErrorOnly } from '../utils/form-errors';
import type { ConfirmOptions } from './use-confirm';
import { useServerAction } from './use-server-action';

const resolveAddon = schemaResolver(addonChangeBody, { sync: true });

/** One add-on an owned server has. */
export type OwnedAddon = OwnedServer['addons'][number];

/**
 * The add-ons of an owned server (product.md "Screens and routes", "States and transitions"): the ones it has
 * in the order of the add-on types, the ones it may buy, buying the chosen one (at most once a second) and
 * removing one, asked first as the other dangerous actions of the overlay are (product.md
 * "Screens and routes": a confirm dialog guards dangerous actions).
 * @param confirm opens the confirm dialog over the details overlay (useConfirm)
 * @returns the `owned` add-ons, the `available` query, the `form` and the `chosen` id (as the select
 *   holds it), the `buy` and `remove` mutations, `busy` while either runs, `buyChosen` and `askRemove`
 */
export function useAddonChanges(server: OwnedServer, confirm: (options: ConfirmOptions) => void) {
  const { t } = useTranslation('servers');
  const id = server.user_package_id;
  const available = useAvailableAddons(id, true);
  // The buy form's values are the API's body (contracts addonChangeBody), checked by it before sending.
  const form = useForm<{ addonId: number | null; userPackageId: number }>({
    initialValues: { addonId: null, userPackageId: id },
    validate: (values) => firstErrorOnly(resolveAddon(values)),
  });
  const chosen = form.values.addonId === null ? null : String(form.values.addonId);
  const refetch = () => [availableAddonsKey(id)];

  const buy = useServerAction({
    request: buyAddon,
    errorKey: buyAddonErrorKey,
    invalidate: refetch,
    onSuccess: () => {
      form.reset();
      notify('success', t('toast.successTitle'), t('addons.bought'), TOAST_MS);
    },
  });
  const remove = useServerAction({
    request: removeAddon,
    errorKey: removeAddonErrorKey,
    invalidate: refetch,
    onSuccess: () => notify('success', t('toast.successTitle'), t('addons.removed'), TOAST_MS),
  });

  // One purchase a second (product.md "Validation rules", "Business constants and limits"): a second click
  // within it sends nothing.
  const { run: buyChosen } = useThrottledAction(async () => {
    if (form.validate().hasErrors) return;
    await buy.mutateAsync(addonChangeBody.parse(form.getValues()));
  });

  const owned = [...server.addons].sort(
    (a, b) => ADDON_TYPES.indexOf(a.addon_type) - ADDON_TYPES.indexOf(b.addon_type),
  );
  const busy = buy.isPending || remove.isPending;
  const askRemove = (addon: OwnedAddon) =>
    confirm({
      title: t('addons.removeConfirmTitle'),
      children: (
        <Text size="sm">
          {t('addons.removeConfirmText', { name: addon.addon_name, server: server.name })}
        </Text>
      ),
      labels: { confirm: t('addons.removeConfirm'), cancel: t('actions.cancel', { ns: 'common' }) },
      confirmProps: { color: 'red', 'data-testid': 'confirm-accept' },
      cancelProps: { 'data-testid': 'confirm-cancel' },
      onConfirm: () => remove.mutate({ addonId: addon.addon_id, userPackageId: id }),
    });

  return { owned, available, form, chosen, buy, remove, busy, buyChosen, askRemove };
}
