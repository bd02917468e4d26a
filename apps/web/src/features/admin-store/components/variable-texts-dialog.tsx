import { LANGUAGES, type Language, TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import {
  readableVariableName,
  type StaffGameVariable,
  variableTexts,
  variableTextsBody,
} from '@falkenhost/contracts/egg-variables';
import { SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '@/components/admin/form-dialog';
import { useFieldProblems, useFieldProps, useStaffForm } from '@/components/admin/staff-form';
import { useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { saveVariableTexts } from '../api/games';
import { useStoreChange } from '../hooks/use-store-change';
import { saveErrorKey } from '../utils/errors';

type Texts = Record<Language, { label: string; help: string }>;

const textsForm = z.object({ texts: variableTexts });

interface Props {
  gameId: number;
  variable: StaffGameVariable;
  onClose: () => void;
}

/**
 * An egg variable's label and help for customers in each of the five languages (docs/decisions/438), as
 * location names are set (docs/decisions/242): an empty label shows the English one, else the panel's name
 * made readable; an empty help shows no help (in English: the panel's description). Checked by the API's own
 * `variableTextsBody`.
 */
export function VariableTextsDialog({ gameId, variable, onClose }: Props) {
  const { t } = useTranslation('admin');
  const initial = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { label: variable.texts[language]?.label ?? '', help: variable.texts[language]?.help ?? '' },
    ]),
  ) as Texts;
  const form = useStaffForm<{ texts: Texts }>({ texts: initial }, textsForm);
  const field = useFieldProps(form);
  const problems = useFieldProblems(form, [], () => '');
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const change = useStoreChange();
  const fallback = readableVariableName(variable.name, variable.env_variable);

  const submit = useThrottledAction(async () => {
    const problem = problems.check();
    if (problem) return notice('error', problem.key, problem.values);
    const body = variableTextsBody.parse({
      game: gameId,
      env_variable: variable.env_variable,
      texts: form.getValues().texts,
    });
    const saved = await change(saveVariableTexts(body), saveErrorKey, 'games.variables.texts.toast');
    if (saved) onClose();
  });

  return (
    <FormDialog
      title={t('games.variables.texts.title', { name: fallback })}
      onClose={onClose}
      onSubmit={() => void submit.run()}
      size="xl"
      testId="variable-texts-form"
      submitTestId="variable-texts-save"
      busy={submit.busy}
    >
      <Text size="sm" c="dark.0">
        {t('games.variables.texts.hint', { name: fallback })}
      </Text>
      {LANGUAGES.map((language, index) => (
        <SimpleGrid key={language} cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('games.variables.texts.label', { language: t(`form.nameIn.${language}`) })}
            lang={language}
            maxLength={64}
            data-autofocus={index === 0 ? true : undefined}
            {...field(`texts.${language}.label`)}
          />
          <Textarea
            label={t('games.variables.texts.help', { language: t(`form.nameIn.${language}`) })}
            lang={language}
            maxLength={500}
            autosize
            minRows={1}
            {...field(`texts.${language}.help`)}
          />
        </SimpleGrid>
      ))}
    </FormDialog>
  );
}
