import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { useAddonChanges } from '../hooks/use-addon-changes';
import type { ConfirmOptions } from '../hooks/use-confirm';
import { ChangeSelect } from './change-select';
import { OwnedAddons } from './owned-addons';

/**
 * The server's add-ons with a remove button each, and a select of the add-ons it may buy (product.md
 * "Screens and routes"; only for servers on a non-custom package). One add-on per type (product.md
 * "States and transitions"). Removing one asks first, as the other dangerous actions of the overlay do
 * (product.md "Screens and routes": a confirm dialog guards dangerous actions).
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
  const { owned, available, form, chosen, buy, remove, busy, buyChosen, askRemove } = useAddonChanges(
    server,
    confirm,
  );
  const options = (available.data ?? []).map((addon) => ({
    value: String(addon.id),
    label: t('addons.option', {
      name: addon.name,
      eur: format.eur(addon.eur_price),
      ...format.wholeCredits(addon.credits_monthly),
    }),
  }));

  return (
    <Stack gap="sm" data-testid="addons-panel">
      <Title order={3} fz="md">
        {t('addons.title')}
      </Title>
      <OwnedAddons
        owned={owned}
        removeId={remove.variables?.addonId}
        removing={remove.isPending}
        busy={busy}
        onRemove={askRemove}
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ChangeSelect
          label={t('addons.buyLabel')}
          placeholder={t('addons.buyPlaceholder')}
          noneAvailable={t('addons.noneAvailable')}
          pending={available.isPending}
          options={options}
          value={chosen}
          onChange={(value) => form.setFieldValue('addonId', value === null ? null : Number(value))}
          testId="addon-select"
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
