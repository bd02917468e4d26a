import type { GameSlotVariable } from '@falkenhost/contracts/egg-variables';
import { Select, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** The Select's values besides a variable's name: found by name, and none. */
export const SLOT_AUTO = '__auto';
export const SLOT_NONE = '__none';

interface Props {
  /** GET game-slots of the edited game */
  query: UseQueryResult<GameSlotVariable[]>;
  /** egg id -> staff's choice as the form holds it: null found by name, '' none, else a variable */
  choices: Readonly<Record<string, string | null>>;
  onChange: (eggId: number, choice: string | null) => void;
}

/**
 * Which egg variable holds the player count of the game's servers, per egg of its packages (issue 42
 * point 6): the one found by its usual name, another of the egg's variables, or none (the package's slots
 * are then not enforced for that egg).
 */
export function GameSlotsSection({ query, choices, onChange }: Props) {
  const { t } = useTranslation('admin');
  const eggs = query.data ?? [];
  return (
    <Stack gap="sm" data-testid="game-slots">
      <Title order={3} fz="md">
        {t('games.slots.title')}
      </Title>
      <Text size="sm" c="dark.0">
        {t('games.slots.text')}
      </Text>
      {query.isError && (
        <Text size="sm" c="red.4" role="alert">
          {t('errors.fetchError')}
        </Text>
      )}
      {eggs.map((egg) => {
        const choice = egg.egg_id in choices ? choices[egg.egg_id] : egg.choice;
        const value =
          choice === null || choice === undefined ? SLOT_AUTO : choice === '' ? SLOT_NONE : choice;
        const data = [
          {
            value: SLOT_AUTO,
            label: egg.detected
              ? t('games.slots.auto', { variable: egg.detected })
              : t('games.slots.autoNone'),
          },
          { value: SLOT_NONE, label: t('games.slots.none') },
          ...egg.variables.map((v) => ({ value: v.env_variable, label: `${v.name} (${v.env_variable})` })),
        ];
        return (
          <Select
            key={egg.egg_id}
            label={egg.egg}
            data={data}
            value={value}
            allowDeselect={false}
            onChange={(next) =>
              onChange(
                egg.egg_id,
                next === SLOT_AUTO || next === null ? null : next === SLOT_NONE ? '' : next,
              )
            }
            data-testid={`game-slot-${egg.egg_id}`}
          />
        );
      })}
    </Stack>
  );
}
