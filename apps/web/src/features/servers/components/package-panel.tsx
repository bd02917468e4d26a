import { TOAST_MS } from '@falkenhost/contracts/constants';
import { creditsToUnits, unitsToCredits, upgradeCostUnits } from '@falkenhost/contracts/money';
import { changePackageBody, type OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { useFormatters } from '@/lib/format';
import { notify } from '@/lib/notify';
import {
  availableAddonsKey,
  availablePackagesKey,
  changePackage,
  useAvailablePackages,
} from '../api/server-changes';
import type { ConfirmOptions } from '../hooks/use-confirm';
import { useServerAction } from '../hooks/use-server-action';
import { changePackageErrorKey } from '../utils/errors';
import { firstErrorOnly } from '../utils/form-errors';

const resolveChange = schemaResolver(changePackageBody, { sync: true });

interface Props {
  server: OwnedServer;
  confirm: (options: ConfirmOptions) => void;
}

/**
 * Upgrade or downgrade to another package of the same game (spec 2). The monthly cost shown is the new
 * package's monthly credits minus the current when higher, else 0 (spec 9). The change is instant and
 * irreversible (spec 4), so a confirm dialog says so first.
 */
export function PackagePanel({ server, confirm }: Props) {
  const { t } = useTranslation('servers');
  const format = useFormatters();
  const id = server.user_package_id;
  const available = useAvailablePackages(id, true);
  // The form's values are the API's body (contracts changePackageBody), checked by it before sending.
  const form = useForm<{ newPackageId: number | null; userPackageId: number }>({
    initialValues: { newPackageId: null, userPackageId: id },
    validate: (values) => firstErrorOnly(resolveChange(values)),
  });
  const chosen = form.values.newPackageId === null ? null : String(form.values.newPackageId);
  const target = available.data?.find((pkg) => String(pkg.id) === chosen) ?? null;

  const change = useServerAction({
    request: changePackage,
    errorKey: changePackageErrorKey,
    invalidate: () => [availablePackagesKey(id), availableAddonsKey(id)],
    onSuccess: () => {
      form.reset();
      notify('success', t('toast.successTitle'), t('packages.changed'), TOAST_MS);
    },
  });

  const costCredits = target
    ? unitsToCredits(
        upgradeCostUnits(
          creditsToUnits(target.credits_monthly),
          creditsToUnits(server.package_credits_monthly),
        ),
      )
    : 0;

  // One change a second (spec 5, 9): a second confirm within it sends nothing.
  const { run: submitChange } = useThrottledAction(async () => {
    if (form.validate().hasErrors) return;
    await change.mutateAsync(changePackageBody.parse(form.getValues()));
  });

  const askToChange = () => {
    if (!target) return;
    confirm({
      title: t('packages.confirmTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('packages.confirmText', { from: server.package_name, to: target.name })}</Text>
          <Text size="sm" fw={700}>
            {t('packages.irreversible')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('packages.confirm'), cancel: t('actions.cancel', { ns: 'common' }) },
      confirmProps: { color: 'orange', 'data-testid': 'confirm-accept' },
      cancelProps: { 'data-testid': 'confirm-cancel' },
      onConfirm: () => void submitChange(),
    });
  };

  const options = (available.data ?? []).map((pkg) => ({
    value: String(pkg.id),
    label: t('packages.option', { name: pkg.name, ...format.wholeCredits(pkg.credits_monthly) }),
  }));

  return (
    <Stack gap="sm" data-testid="package-panel">
      <Title order={3} fz="md">
        {t('packages.title')}
      </Title>
      <Text size="sm" c="dark.0" data-testid="package-current">
        {t('packages.current', {
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
        <Select
          label={t('packages.selectLabel')}
          placeholder={
            available.isPending
              ? t('details.loading')
              : options.length === 0
                ? t('packages.noneAvailable')
                : t('packages.selectPlaceholder')
          }
          data={options}
          value={chosen}
          onChange={(value) => form.setFieldValue('newPackageId', value === null ? null : Number(value))}
          disabled={available.isPending || options.length === 0}
          allowDeselect={false}
          data-testid="package-select"
          // The open list stays inside the dialog: portalled to <body> it sits outside every landmark
          // (axe region).
          comboboxProps={{ withinPortal: false }}
          style={{ flex: '1 1 16rem' }}
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
          {costCredits > 0 ? t('packages.cost', format.wholeCredits(costCredits)) : t('packages.noCost')}
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
