import { TOAST_MS } from '@falkenhost/contracts/constants';
import {
  checkEggVariable,
  type EggVariableValue,
  serverVariablesBody,
} from '@falkenhost/contracts/egg-variables';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EggVariableInputs } from '@/components/egg-variable-inputs';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import {
  variableIssues as answerIssues,
  type VariableText,
  variableAnswerTexts,
  variableText,
} from '@/lib/egg-variables';
import { notify } from '@/lib/notify';
import { serverVariablesKey, updateServerVariables, useServerVariables } from '../api/variables';
import { serverVariablesErrorKey } from '../utils/errors';

/** The form's values: only the variables edited since the last load or save (env_variable -> value). */
interface GameSettingsValues {
  edits: Record<string, string>;
}

const fieldPath = (envVariable: string) => `edits.${envVariable}`;

/**
 * The form's check, the API's for PUT variables: each value by its egg's Laravel rules (contracts
 * checkEggVariable, fields in the panel's order, the first failed rule of each), then the body's shape
 * (contracts serverVariablesBody). Errors are `rule:param` strings under `edits.<env_variable>`.
 * @param fields the server's variables with their saved values
 * @param id the user package id the body names
 */
export function gameSettingsErrors(
  fields: readonly EggVariableValue[],
  id: number,
  values: GameSettingsValues,
): FormErrors {
  const errors: FormErrors = {};
  for (const field of fields) {
    const failed = checkEggVariable(field.rules, values.edits[field.env_variable] ?? field.value);
    if (failed) errors[fieldPath(field.env_variable)] = `${failed.rule}:${failed.param}`;
  }
  if (Object.keys(errors).length > 0) return errors;
  const body = serverVariablesBody.safeParse({ id, variables: changedValues(fields, values) });
  if (!body.success) {
    const key = String(body.error.issues[0]?.path[1] ?? fields[0]?.env_variable ?? '');
    errors[fieldPath(key)] = 'generic:';
  }
  return errors;
}

/** The edited values that differ from the saved ones, trimmed (what Save sends). */
function changedValues(
  fields: readonly EggVariableValue[],
  values: GameSettingsValues,
): Record<string, string> {
  return Object.fromEntries(
    fields
      .map((field) => [field.env_variable, (values.edits[field.env_variable] ?? field.value).trim()] as const)
      .filter(([key, value]) => value !== fields.find((f) => f.env_variable === key)?.value),
  );
}

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
  const fields = variables.data ?? [];
  // Only the values edited since the last load or save; the others show as the server has them.
  const form = useForm<GameSettingsValues>({
    initialValues: { edits: {} },
    validate: (current) => gameSettingsErrors(fields, id, current),
  });
  const edits = form.values.edits;
  const values = Object.fromEntries(
    fields.map((field) => [field.env_variable, edits[field.env_variable] ?? field.value]),
  );
  const changed = changedValues(fields, form.values);
  const valid = Object.keys(gameSettingsErrors(fields, id, form.values)).length === 0;
  // Errors set by a submit or by the server's 400 answer, as messages per variable.
  const shownErrors = new Map<string, VariableText>();
  for (const field of fields) {
    const error = form.errors[fieldPath(field.env_variable)];
    if (typeof error !== 'string') continue;
    const colon = error.indexOf(':');
    shownErrors.set(
      field.env_variable,
      variableText({ rule: error.slice(0, colon), param: error.slice(colon + 1) }, field),
    );
  }

  const save = useMutation({
    mutationFn: updateServerVariables,
    onSuccess: (answer) => {
      if (!answer.ok) {
        const texts = variableAnswerTexts(answer, fields);
        // The server's messages stay under their fields until edited; variableText reads them back.
        form.setErrors(
          Object.fromEntries(
            (answerIssues(answer) ?? []).map((issue) => [
              fieldPath(issue.variable),
              `${issue.rule}:${issue.param}`,
            ]),
          ),
        );
        const first = texts ? [...texts.values()][0] : undefined;
        const message = first ? t(first.key, first.values) : t(serverVariablesErrorKey(answer));
        notify('error', t('toast.errorTitle'), message, TOAST_MS);
        return;
      }
      queryClient.setQueryData(serverVariablesKey(id), answer.data);
      form.setValues({ edits: {} });
      form.clearErrors();
      notify('success', t('toast.successTitle'), t('gameSettings.saved'), TOAST_MS);
    },
  });

  // One save a second (spec 5, 9): a second Save within it sends nothing.
  const { run: submit } = useThrottledAction(async (variablesToSave: Record<string, string>) => {
    await save.mutateAsync({ id, variables: variablesToSave });
  });

  if (variables.isPending || (variables.isSuccess && fields.length === 0)) return null;

  // Setting a value clears that field's error (useForm's clearInputErrorOnChange).
  const change = (key: string, value: string) =>
    form.setFieldValue(fieldPath(key) as 'edits', value as never);

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
            onSubmit={form.onSubmit((current) => {
              const variablesToSave = changedValues(fields, current);
              if (Object.keys(variablesToSave).length > 0) void submit(variablesToSave);
            })}
          >
            <Stack gap="sm">
              <Text size="sm" c="dark.0">
                {t('gameSettings.text')}
              </Text>
              <EggVariableInputs
                fields={fields}
                values={values}
                onChange={change}
                serverErrors={shownErrors}
                disabled={save.isPending}
                testId="game-setting"
              />
              <Group justify="flex-end">
                <Button
                  type="submit"
                  disabled={Object.keys(changed).length === 0 || !valid}
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
