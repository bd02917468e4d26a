import { TOAST_MS } from '@falkenhost/contracts/constants';
import { creditsToUnits, unitsToCredits, upgradeCostUnits } from '@falkenhost/contracts/money';
import { changePackageBody, type OwnedServer } from '@falkenhost/contracts/servers';
import { Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { notify } from '@/lib/notify';
import {
  availableAddonsKey,
  availablePackagesKey,
  changePackage,
  useAvailablePackages,
} from '../api/server-changes';
import { changePackageErrorKey } from '../utils/errors';
import { firstErrorOnly } from '../utils/form-errors';
import type { ConfirmOptions } from './use-confirm';
import { useServerAction } from './use-server-action';

const resolveChange = schemaResolver(changePackageBody, { sync: true });

/**
 * A package change of an owned server (product.md "Screens and routes", "States and transitions",
 * "Business constants and limits"): the packages it may change to, the chosen one and what it costs a month
 * more (the new package's monthly credits minus the current when higher, else 0), and the change, asked first
 * as it is instant (it can be changed back later), then sent at most once a second.
 * @param confirm opens the confirm dialog over the details overlay (useConfirm)
 * @returns the `available` packages query, the `form`, the `chosen` id (as the select holds it), the
 *   `target` package, `costCredits`, the `change` mutation and `askToChange`
 */
export function usePackageChange(server: OwnedServer, confirm: (options: ConfirmOptions) => void) {
  const { t } = useTranslation('servers');
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

  // One change a second (product.md "Validation rules", "Business constants and limits"): a second confirm
  // within it sends nothing.
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
          {/* Honest: a change can be changed back (decisions/444); only a monthly charge stays paid. */}
          <Text size="sm" fw={700} data-testid="package-change-back">
            {t(
              server.billing_type === 'monthly' ? 'packages.switchBackMonthly' : 'packages.switchBackHourly',
              {
                from: server.package_name,
              },
            )}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('packages.confirm'), cancel: t('actions.cancel', { ns: 'common' }) },
      confirmProps: { color: 'orange', 'data-testid': 'confirm-accept' },
      cancelProps: { 'data-testid': 'confirm-cancel' },
      onConfirm: () => void submitChange(),
    });
  };

  return { available, form, chosen, target, costCredits, change, askToChange };
}
