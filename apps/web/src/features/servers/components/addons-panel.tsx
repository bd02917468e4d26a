import { ADDON_TYPES, TOAST_MS } from '@falkenhost/contracts/constants';
import { addonChangeBody, type OwnedServer } from '@falkenhost/contracts/servers';
import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { useFormatters } from '@/lib/format';
import { notify } from '@/lib/notify';
import { availableAddonsKey, buyAddon, removeAddon, useAvailableAddons } from '../api/server-changes';
import type { ConfirmOptions } from '../hooks/use-confirm';
import { useServerAction } from '../hooks/use-server-action';
import { buyAddonErrorKey, removeAddonErrorKey } from '../utils/errors';
import { firstErrorOnly } from '../utils/form-errors';

const resolveAddon = schemaResolver(addonChangeBody, { sync: true });

/**
 * The server's add-ons with a remove button each, and a select of the add-ons it may buy (spec 2; only
 * for servers on a non-custom package). One add-on per type (spec 4). Removing one asks first, as the other
 * dangerous actions of the overlay do (spec 2: a confirm dialog guards dangerous actions).
 */
export function AddonsPanel({
  server,
  confirm,
}: {
  server: OwnedServer;
  confirm: (options: ConfirmOptions) => void;
}) {
  const { t } = useTranslation('servers');
  const format = useFormatters();
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

  // One purchase a second (spec 5, 9): a second click within it sends nothing.
  const { run: buyChosen } = useThrottledAction(async () => {
    if (form.validate().hasErrors) return;
    await buy.mutateAsync(addonChangeBody.parse(form.getValues()));
  });

  const owned = [...server.addons].sort(
    (a, b) => ADDON_TYPES.indexOf(a.addon_type) - ADDON_TYPES.indexOf(b.addon_type),
  );
  const options = (available.data ?? []).map((addon) => ({
    value: String(addon.id),
    label: t('addons.option', {
      name: addon.name,
      eur: format.eur(addon.eur_price),
      ...format.wholeCredits(addon.credits_monthly),
    }),
  }));
  const busy = buy.isPending || remove.isPending;
  const askRemove = (addon: OwnedServer['addons'][number]) =>
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

  return (
    <Stack gap="sm" data-testid="addons-panel">
      <Title order={3} fz="md">
        {t('addons.title')}
      </Title>
      {owned.length === 0 ? (
        <Text size="sm" c="dark.0">
          {t('addons.none')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {owned.map((addon) => (
            <Group
              key={addon.addon_type}
              component="li"
              justify="space-between"
              wrap="wrap"
              p="xs"
              bg="dark.6"
              style={{ borderRadius: 8 }}
              data-testid="server-addon"
              data-type={addon.addon_type}
            >
              <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {addon.addon_name}
                </Text>
                <Badge variant="light" color="gray">
                  {t(`addons.quantity.${addon.addon_type}`, { count: addon.addon_quantity })}
                </Badge>
              </Group>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                data-testid={`addon-remove-${addon.addon_type}`}
                aria-label={t('addons.removeAria', { name: addon.addon_name })}
                disabled={busy && remove.variables?.addonId !== addon.addon_id}
                loading={remove.isPending && remove.variables?.addonId === addon.addon_id}
                style={{ flexShrink: 0 }}
                onClick={() => askRemove(addon)}
              >
                {t('addons.remove')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('addons.buyLabel')}
          placeholder={
            available.isPending
              ? t('details.loading')
              : options.length === 0
                ? t('addons.noneAvailable')
                : t('addons.buyPlaceholder')
          }
          data={options}
          value={chosen}
          onChange={(value) => form.setFieldValue('addonId', value === null ? null : Number(value))}
          disabled={available.isPending || options.length === 0}
          allowDeselect={false}
          data-testid="addon-select"
          // The open list stays inside the dialog: portalled to <body> it sits outside every landmark
          // (axe region).
          comboboxProps={{ withinPortal: false }}
          style={{ flex: '1 1 16rem' }}
        />
        <Button
          data-testid="addon-buy"
          disabled={!chosen || (busy && !buy.isPending)}
          loading={buy.isPending}
          onClick={() => void buyChosen()}
        >
          {t('addons.buy')}
        </Button>
      </Group>
      {available.isError && (
        <Text size="sm" c="red.4" role="alert">
          {t('details.listError')}
        </Text>
      )}
    </Stack>
  );
}
