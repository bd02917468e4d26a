import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import type { ConfirmOptions } from '../hooks/use-confirm';
import { usePackageChange } from '../hooks/use-package-change';
import { cardMonthEur } from '../utils/card-price';
import { ChangeSelect } from './change-select';

interface Props {
  server: OwnedServer;
  confirm: (options: ConfirmOptions) => void;
}

/**
 * Upgrade or downgrade to another package of the same game (product.md "Screens and routes"). The monthly
 * cost shown is the new package's monthly credits minus the current when higher, else 0 (product.md
 * "Business constants and limits"). The change is instant and can be changed back later
 * (product.md "Server changes", decisions/444), which a confirm dialog says first. A monthly server's prices are in euros
 * with the card fee, as its card shows them (decision 430).
 */
export function PackagePanel({ server, confirm }: Props) {
  const { t } = useTranslation('servers');
  const format = useFormatters();
  const { available, form, chosen, target, costCredits, change, askToChange } = usePackageChange(
    server,
    confirm,
  );

  // A monthly server is charged in euros by card: its prices are shown so, as its card shows them
  // (decision 430); the add-ons' part is the same before and after the change.
  const monthly = server.billing_type === 'monthly';
  const addonCredits = server.totalCreditsPrice - server.package_credits_monthly;
  const options = (available.data ?? []).map((pkg) => ({
    value: String(pkg.id),
    label: monthly
      ? t('packages.optionMonthly', { name: pkg.name, price: format.eur(cardMonthEur(pkg.credits_monthly)) })
      : t('packages.option', { name: pkg.name, ...format.wholeCredits(pkg.credits_monthly) }),
  }));
  const monthlyCost = target
    ? cardMonthEur(addonCredits + target.credits_monthly) - cardMonthEur(server.totalCreditsPrice)
    : 0;

  return (
    <Stack gap="sm" data-testid="package-panel">
      <Title order={3} fz="md">
        {t('packages.title')}
      </Title>
      <Text size="sm" c="dark.0" data-testid="package-current">
        {monthly
          ? t('packages.currentMonthly', {
              name: server.package_name,
              price: format.eur(cardMonthEur(server.package_credits_monthly)),
            })
          : t('packages.current', {
              name: server.package_name,
              ...format.wholeCredits(server.package_credits_monthly),
            })}
      </Text>
      {server.addons.length > 0 && (
        <Text size="sm" c="yellow.4">
          {t('packages.addonsHint')}
        </Text>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ChangeSelect
          label={t('packages.selectLabel')}
          placeholder={t('packages.selectPlaceholder')}
          noneAvailable={t('packages.noneAvailable')}
          pending={available.isPending}
          options={options}
          value={chosen}
          onChange={(value) => form.setFieldValue('newPackageId', value === null ? null : Number(value))}
          testId="package-select"
        />
        <Button
          color="orange"
          data-testid="package-change"
          disabled={!target}
          loading={change.isPending}
          onClick={askToChange}
        >
          {t('packages.change')}
        </Button>
      </Group>
      {target && (
        <Text size="sm" fw={600} data-testid="package-cost" data-credits={costCredits}>
          {costCredits <= 0
            ? t('packages.noCost')
            : monthly
              ? t('packages.costMonthly', { price: format.eur(Math.max(0, monthlyCost)) })
              : t('packages.cost', format.wholeCredits(costCredits))}
        </Text>
      )}
      {available.isError && (
        <Text size="sm" c="red.4" role="alert">
          {t('details.listError')}
        </Text>
      )}
    </Stack>
  );
}
