import { TOAST_MS } from '@falkenhost/contracts/constants';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { variableIssues as answerIssues, variableAnswerTexts } from '@/lib/egg-variables';
import { notify } from '@/lib/notify';
import { usePageLanguage } from '../api/servers';
import { serverVariablesKey, updateServerVariables, useServerVariables } from '../api/variables';
import { serverVariablesErrorKey } from '../utils/errors';
import {
  changedValues,
  fieldPath,
  type GameSettingsValues,
  gameSettingsErrors,
  variableMessages,
} from '../utils/game-settings';

/**
 * The game settings of server `id` (issue 28 point 3): its variables, the form of the values edited since
 * the last load or save, checked as the API checks PUT variables, and the save, one a second (product.md
 * "Validation rules", "Business constants and limits"), told by toasts of TOAST_MS (product.md
 * "Screens and routes": 5 s on the servers page). The server's 400 answer puts its messages under their
 * fields until edited.
 * @returns the `variables` query with its `fields`, the `form`, the `values` shown, the `changed` values,
 *   whether the form is `valid`, the messages `shownErrors`, the `save` mutation and the throttled `submit`
 */
export function useGameSettings(id: number) {
  const { t } = useTranslation('servers');
  const language = usePageLanguage();
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
  const shownErrors = variableMessages(fields, form.errors);

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
      queryClient.setQueryData(serverVariablesKey(id, language), answer.data);
      form.setValues({ edits: {} });
      form.clearErrors();
      notify('success', t('toast.successTitle'), t('gameSettings.saved'), TOAST_MS);
    },
  });

  // One save a second (product.md "Validation rules", "Business constants and limits"): a second Save within
  // it sends nothing.
  const { run: submit } = useThrottledAction(async (variablesToSave: Record<string, string>) => {
    await save.mutateAsync({ id, variables: variablesToSave });
  });

  return { variables, fields, form, values, changed, valid, shownErrors, save, submit };
}
