import type { AdminPackagesAdditionalData } from '@falkenhost/contracts/admin';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { packageSlotsNote } from '../utils/package-slots';

interface Props {
  choices: AdminPackagesAdditionalData;
  /** the form's game, eggs and slots */
  gameId: string | null;
  eggIds: readonly number[];
  slots: number | string;
}

/**
 * Says, before saving, which chosen eggs will not hold the package's slots and which refuse the count
 * (issue 42 point 6); nothing when every egg holds them or the slots are unlimited.
 */
export function PackageSlotsNote({ choices, gameId, eggIds, slots }: Props) {
  const { t } = useTranslation('admin');
  const note = packageSlotsNote(choices, gameId, eggIds, slots);
  if (!note) return null;
  return (
    <Alert
      color={note.refused.length > 0 ? 'red' : 'yellow'}
      variant="light"
      role="note"
      data-testid="package-slots-note"
    >
      <Stack gap={4}>
        {note.refused.length > 0 && (
          <Text size="sm">
            {t('packages.slots.refused', {
              eggs: note.refused.map((r) => `${r.egg} (${r.variable})`).join(', '),
            })}
          </Text>
        )}
        {note.unenforced.length > 0 && (
          <Text size="sm">{t('packages.slots.unenforced', { eggs: note.unenforced.join(', ') })}</Text>
        )}
      </Stack>
    </Alert>
  );
}
