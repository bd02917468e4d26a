import { readableVariableName, type StaffGameVariable } from '@falkenhost/contracts/egg-variables';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type VariableText, variableValueText } from '@/lib/egg-variables';
import { liveSource } from '../utils/game-variables';
import { VariableTextsDialog } from './variable-texts-dialog';

interface Props {
  /** the edited game */
  gameId: number;
  /** GET game-variables of the edited game */
  query: UseQueryResult<StaffGameVariable[]>;
  /** env_variable -> the value the form holds */
  values: Readonly<Record<string, string>>;
  onChange: (envVariable: string, value: string) => void;
  /** the server's messages of the last save (400 variable), until the value changes */
  serverErrors: ReadonlyMap<string, VariableText>;
  /** the form's active flag: a variable without a value then blocks the save */
  active: boolean;
}

/** The label customers read in `language`: as the API's fieldsInLanguage picks it (docs/decisions/438). */
function customerLabel(field: StaffGameVariable, language: string): string {
  const texts = field.texts as Record<string, { label: string } | undefined>;
  return texts[language]?.label || texts.en?.label || readableVariableName(field.name, field.env_variable);
}

/** What customers see the variable called in the page's language, and the button to its texts. */
function CustomerTexts({ field, onEdit }: { field: StaffGameVariable; onEdit: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const key = field.env_variable;
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="xs" c="dark.0" data-testid={`game-variable-label-${key}`}>
        {t('games.variables.texts.customersSee', {
          label: customerLabel(field, i18n.resolvedLanguage ?? i18n.language),
        })}
      </Text>
      <Button size="compact-xs" variant="default" onClick={onEdit} data-testid={`game-variable-texts-${key}`}>
        {t('games.variables.texts.button')}
      </Button>
    </Group>
  );
}

const SOURCE_COLORS = { game: 'teal', customer: 'blue', missing: 'red', default: 'gray' } as const;

/**
 * The egg variables of the edited game (issue 28 point 3): each with who gives its value (staff on the
 * game, the customers in the order dialog, nobody yet, or the panel's default), a text input for staff's
 * value for all the game's servers, the eggs that have it, and the panel's description. A variable
 * nobody gives a value for is highlighted: the game cannot be published until it has one. Each names what
 * customers see it called in the page's language and opens its texts for customers (docs/decisions/438).
 */
export function GameVariablesSection({ gameId, query, values, onChange, serverErrors, active }: Props) {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState<StaffGameVariable | null>(null);
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
              <CustomerTexts field={field} onEdit={() => setEditing(field)} />
            </Stack>
          </Paper>
        );
      })}
      {editing && <VariableTextsDialog gameId={gameId} variable={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
