import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStackedConfirm } from '@/hooks/use-stacked-confirm';

/**
 * The confirm over an edit popup of a record people own (packages, add-ons): `${section}.confirmTitle`
 * with the record's name, the owners count (test id `${testId}`) and `${section}.confirmText`, as a
 * change reaches the existing owners. `open` is true while it is shown (for the popup's closeOnEscape).
 */
export function useOwnersConfirm(section: 'packages' | 'addons', testId: string) {
  const { t } = useTranslation('admin');
  const stacked = useStackedConfirm();
  const confirm = (name: string, owners: number, onConfirm: () => void) =>
    stacked.confirm({
      title: t(`${section}.confirmTitle`, { name }),
      children: (
        <Stack gap="xs">
          <Text size="sm" fw={600} data-testid={testId}>
            {t(`${section}.confirmOwners`, { owners })}
          </Text>
          <Text size="sm">{t(`${section}.confirmText`)}</Text>
        </Stack>
      ),
      labels: { confirm: t('actions.save'), cancel: t('actions.cancel') },
      onConfirm,
    });
  return { confirm, open: stacked.open };
}
