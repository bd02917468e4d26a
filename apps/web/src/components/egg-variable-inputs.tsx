import {
  type EggRules,
  type EggVariableField,
  readableVariableName,
  ruleList,
} from '@falkenhost/contracts/egg-variables';
import { Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type VariableText, variableValueText } from '@/lib/egg-variables';

interface Props {
  /** the variables to ask for, in the panel's order */
  fields: readonly EggVariableField[];
  /** env_variable -> the value typed ('' when none) */
  values: Readonly<Record<string, string>>;
  onChange: (envVariable: string, value: string) => void;
  /** the server's messages per env_variable (a 400 variable answer), shown until the value changes */
  serverErrors?: ReadonlyMap<string, VariableText>;
  /** the line under each label; the common "Required by the game server" when not given */
  hint?: string;
  disabled?: boolean;
  /** prefix of each input's data-testid, followed by the env_variable */
  testId: string;
}

/** Whether the rules ask for a value (`required`), so the label gets its asterisk. */
const isRequired = (rules: EggRules) => ruleList(rules).some((rule) => rule.name === 'required');

/**
 * One text input per egg variable (issue 28 point 3): label the variable's name in the customer's language
 * (staff's text, else the panel's name made readable: the API's, docs/decisions/438), a translated hint,
 * the help under the input (staff's, or in English the panel's description), and the message of the first rule the
 * value fails (checkEggVariable, the API's own check), shown once the field was left or typed in.
 */
export function EggVariableInputs({ fields, values, onChange, serverErrors, hint, disabled, testId }: Props) {
  const { t } = useTranslation('common');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (key: string) =>
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));

  return (
    <>
      {fields.map((field) => {
        const key = field.env_variable;
        const value = values[key] ?? '';
        const local = touched.has(key) || value !== '' ? variableValueText(field, value) : null;
        const message = serverErrors?.get(key) ?? local;
        return (
          <Stack key={key} gap={4}>
            <TextInput
              label={field.name || readableVariableName('', key)}
              description={hint ?? t('eggVariables.hint')}
              withAsterisk={isRequired(field.rules)}
              value={value}
              onChange={(event) => onChange(key, event.currentTarget.value)}
              onBlur={() => touch(key)}
              error={message ? t(message.key, message.values) : undefined}
              disabled={disabled}
              autoComplete="off"
              spellCheck={false}
              data-testid={`${testId}-${key}`}
            />
            {field.description && (
              <Text size="xs" c="dark.0" style={{ overflowWrap: 'anywhere' }}>
                {field.description}
              </Text>
            )}
          </Stack>
        );
      })}
    </>
  );
}
