import type { GameVariable } from '@falkenhost/contracts/egg-variables';
import { Alert, Badge, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type VariableText, variableValueText } from '@/lib/egg-variables';
import { liveSource } from '../utils/game-variables';

interface Props {
  /** GET game-variables of the edited game */
  query: UseQueryResult<GameVariable[]>;
  /** env_variable -> the value the form holds */
  values: Readonly<Record<string, string>>;
  onChange: (envVariable: string, value: string) => void;
  /** the server's messages of the last save (400 variable), until the value changes */
  serverErrors: ReadonlyMap<string, VariableText>;
  /** the form's active flag: a variable without a value then blocks the save */
  active: boolean;
}

const SOURCE_COLORS = { game: 'teal', customer: 'blue', missing: 'red', default: 'gray' } as const;

/**
 * The egg variables of the edited game (issue 28 point 3): each with who gives its value (staff on the
 * game, the customers in the order dialog, nobody yet, or the panel's default), a text input for staff's
 * value for all the game's servers, the eggs that have it, and the panel's description. A variable
 * nobody gives a value for is highlighted: the game cannot be published until it has one.
 */
export function GameVariablesSection({ query, values, onChange, serverErrors, active }: Props) {
  const { t } = useTranslation('admin');
  const fields = query.data ?? [];
  const sources = new Map(fields.map((field) => [field.env_variable, liveSource(field, values)]));
  const anyMissing = [...sources.values()].includes('missing');

  return (
    <Stack gap="sm" data-testid="game-variables">
      <Title order={3} fz="md">
        {t('games.variables.title')}
      </Title>
      <Text size="sm" c="dark.0">
        {t('games.variables.text')}
      </Text>
      {query.isPending && <Text size="sm">{t('games.variables.loading')}</Text>}
      {query.isError && (
        <Text size="sm" c="red.4" role="alert">
          {t('errors.fetchError')}
        </Text>
      )}
      {query.isSuccess && fields.length === 0 && <Text size="sm">{t('games.variables.none')}</Text>}
      {anyMissing && (
        <Alert color="red" variant="light" data-testid="game-variables-missing">
          {t('games.variables.missingSummary')}
        </Alert>
      )}
      {fields.map((field) => {
        const key = field.env_variable;
        const value = values[key] ?? '';
        const source = sources.get(key) ?? field.source;
        const missing = source === 'missing';
        const refused = value.trim() === '' ? null : variableValueText(field, value);
        const message = serverErrors.get(key) ?? refused;
        const error = message
          ? t(message.key, message.values)
          : missing
            ? t('games.variables.hint.missing')
            : undefined;
        return (
          <Paper
            key={key}
            withBorder
            p="sm"
            bg="dark.7"
            data-testid={`game-variable-${key}`}
            data-source={source}
            style={missing && active ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
          >
            <Stack gap={4}>
              <TextInput
                label={
                  <Group component="span" gap={8} wrap="wrap" style={{ display: 'inline-flex' }}>
                    <span>{field.name || key}</span>
                    <Badge component="span" size="sm" variant="light" color={SOURCE_COLORS[source]}>
                      {t(`games.variables.source.${source}`)}
                    </Badge>
                  </Group>
                }
                description={missing ? undefined : t(`games.variables.hint.${source}`)}
                value={value}
                onChange={(event) => onChange(key, event.currentTarget.value)}
                error={error}
                autoComplete="off"
                spellCheck={false}
                data-testid={`game-variable-input-${key}`}
              />
              <Text size="xs" c="dark.0" style={{ overflowWrap: 'anywhere' }}>
                <Text span ff="monospace" size="xs">
                  {key}
                </Text>
                {' · '}
                {t('games.variables.eggs', { eggs: field.eggs.join(', ') })}
              </Text>
              {field.description && (
                <Text size="xs" c="dark.0" style={{ overflowWrap: 'anywhere' }}>
                  {field.description}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
