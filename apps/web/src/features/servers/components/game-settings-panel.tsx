import { TOAST_MS } from '@falkenhost/contracts/constants';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EggVariableInputs } from '@/components/egg-variable-inputs';
import { type VariableText, variableAnswerTexts, variableValueText } from '@/lib/egg-variables';
import { notify } from '@/lib/notify';
import { serverVariablesKey, updateServerVariables, useServerVariables } from '../api/variables';
import { serverVariablesErrorKey } from '../utils/errors';

/**
 * The server's game settings (issue 28 point 3): the egg variables its order asked the customer for
 * (FiveM's licence key), editable with the order dialog's checks and messages; Save sends the changed
 * ones. Toasts last TOAST_MS (spec 2: 5 s on the servers page). Nothing is shown for a game that asks
 * for none; the panel draws its own divider above it.
 */
export function GameSettingsPanel({ server }: { server: OwnedServer }) {
  const { t } = useTranslation('servers');
  const id = server.user_package_id;
  const queryClient = useQueryClient();
  const variables = useServerVariables(id);
  // Only the values edited since the last load or save; the others show as the server has them.
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<string, VariableText>>(new Map());

  const fields = variables.data ?? [];
  const values = Object.fromEntries(
    fields.map((field) => [field.env_variable, edits[field.env_variable] ?? field.value]),
  );
  const changed = fields.filter((field) => (values[field.env_variable] ?? '').trim() !== field.value);
  const valid = fields.every((field) => variableValueText(field, values[field.env_variable] ?? '') === null);

  const save = useMutation({
    mutationFn: updateServerVariables,
    onSuccess: (answer) => {
      if (!answer.ok) {
        const texts = variableAnswerTexts(answer, fields);
        setServerErrors(texts ?? new Map());
        const first = texts ? [...texts.values()][0] : undefined;
        const message = first ? t(first.key, first.values) : t(serverVariablesErrorKey(answer));
        notify('error', t('toast.errorTitle'), message, TOAST_MS);
        return;
      }
      queryClient.setQueryData(serverVariablesKey(id), answer.data);
      setEdits({});
      setServerErrors(new Map());
      notify('success', t('toast.successTitle'), t('gameSettings.saved'), TOAST_MS);
    },
  });

  if (variables.isPending || (variables.isSuccess && fields.length === 0)) return null;

  const change = (key: string, value: string) => {
    setEdits((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => {
      if (!current.has(key)) return current;
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  };

  return (
    <>
      <Divider />
      <Stack gap="sm" data-testid="game-settings-panel">
        <Title order={3} fz="md">
          {t('gameSettings.title')}
        </Title>
        {variables.isError ? (
          <Text size="sm" c="red.4" role="alert">
            {t('details.listError')}
          </Text>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (changed.length === 0 || !valid || save.isPending) return;
              save.mutate({
                id,
                variables: Object.fromEntries(
                  changed.map((field) => [field.env_variable, (values[field.env_variable] ?? '').trim()]),
                ),
              });
            }}
          >
            <Stack gap="sm">
              <Text size="sm" c="dark.0">
                {t('gameSettings.text')}
              </Text>
              <EggVariableInputs
                fields={fields}
                values={values}
                onChange={change}
                serverErrors={serverErrors}
                disabled={save.isPending}
                testId="game-setting"
              />
              <Group justify="flex-end">
                <Button
                  type="submit"
                  disabled={changed.length === 0 || !valid}
                  loading={save.isPending}
                  data-testid="game-settings-save"
                >
                  {t('gameSettings.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </>
  );
}
