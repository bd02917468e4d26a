import { type AdminGame, gameForm } from '@falkenhost/contracts/admin';
import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { NumberInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/admin/form-dialog';
import { errorText, useFieldProblems, useFieldProps, useStaffForm } from '@/components/admin/staff-form';
import { useEggVariableEdits } from '@/hooks/use-egg-variable-edits';
import { useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { saveGame, useGameSlots, useGameVariables } from '../api/games';
import { useStoreChange } from '../hooks/use-store-change';
import { gameErrorKey, gameVariableTexts } from '../utils/errors';
import type { GameDraft } from '../utils/form-data';
import { gameVariablesProblem, variableValuesOf } from '../utils/game-variables';
import { ActiveCheckbox } from './active-checkbox';
import { GameImageInputs } from './game-image-inputs';
import { GameSlotsSection } from './game-slots-section';
import { GameVariablesSection } from './game-variables-section';
import { PlatformCheckboxes } from './platform-checkboxes';

/** The stored choices with staff's edits; an egg found by name is left out. */
function slotChoices(
  stored: readonly { egg_id: number; choice: string | null }[],
  edits: Readonly<Record<string, string | null>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const egg of stored) {
    const choice = egg.egg_id in edits ? edits[egg.egg_id] : egg.choice;
    if (choice !== null && choice !== undefined) out[egg.egg_id] = choice;
  }
  return out;
}

/** The form's fields a refusal may name (the API's `errors[].path`); the flags' error is on `desktop`. */
const FIELDS = ['name', 'desktop', 'priority', 'image', 'thumbnail'] as const;
const labelKey = (name: string) => (name === 'desktop' ? 'games.fields.platforms' : `games.fields.${name}`);

/** The game's egg variables with staff's edits of their values; the others stay as stored. */
function useVariableValues(gameId: number | null) {
  const variables = useGameVariables(gameId);
  const variableEdits = useEggVariableEdits();
  const fields = variables.data ?? [];
  return { variables, variableEdits, fields, variableValues: variableValuesOf(fields, variableEdits.values) };
}

interface Props {
  /** the game to edit; null to add one */
  game: AdminGame | null;
  onClose: () => void;
}

function draftOf(game: AdminGame | null): GameDraft {
  if (!game)
    return {
      name: '',
      desktop: false,
      console: false,
      mobile: false,
      active: true,
      priority: '',
      image: null,
      thumbnail: null,
    };
  const { name, desktop, mobile, active, priority } = game;
  return { name, desktop, console: game.console, mobile, active, priority, image: null, thumbnail: null };
}

/**
 * The game popup (product.md "Staff screens"): name, platforms, priority (at least 1), image and thumbnail
 * with a preview, active (ticked on add). Files are required on add and optional on edit (product.md
 * "Validation rules"). On edit, the egg variables of the game's packages with who gives each (issue 28); a
 * game whose variable has no value from anyone cannot be saved active. Checked by the API's own `gameForm`
 * (product.md "Validation rules": all fields and a flag, then the image and thumbnail on add, then the files'
 * type and size).
 */
export function GameDialog({ game, onClose }: Props) {
  const { t } = useTranslation('admin');
  const mode = game ? 'edit' : 'add';
  const form = useStaffForm<GameDraft>(draftOf(game), gameForm(mode));
  const field = useFieldProps(form);
  const problems = useFieldProblems(form, FIELDS, (name) => t(labelKey(name)));
  const draft = form.values;
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const change = useStoreChange();
  const { variables, variableEdits, fields, variableValues } = useVariableValues(game?.id ?? null);
  const slots = useGameSlots(game?.id ?? null);
  // Staff's slot variable edits by egg id (null: found by name); the others stay as stored.
  const [slotEdits, setSlotEdits] = useState<Record<string, string | null>>({});

  const save = useThrottledAction(async () => {
    const problem = problems.check();
    if (problem) return notice('error', problem.key, problem.values);
    const values = form.getValues();
    const refused = gameVariablesProblem(fields, variableValues, values.active);
    if (refused) return notice('error', refused.key, refused.values);
    const saved = await change(
      // The values replace the stored ones, so they go only when the list was loaded.
      saveGame(
        {
          ...values,
          variables: variables.isSuccess ? variableValues : undefined,
          slot_variables: slots.isSuccess ? slotChoices(slots.data, slotEdits) : undefined,
        },
        game?.id,
      ),
      (answer) => {
        const texts = gameVariableTexts(answer, fields);
        variableEdits.setServerErrors(texts ?? new Map());
        const first = texts ? [...texts.values()][0] : undefined;
        return first ?? problems.answered(answer) ?? gameErrorKey(answer, mode);
      },
      mode === 'add' ? 'games.toast.added' : 'games.toast.updated',
    );
    if (saved) onClose();
  });

  return (
    <FormDialog
      title={game ? t('games.editTitle', { name: game.name }) : t('games.addTitle')}
      onClose={onClose}
      onSubmit={() => void save.run()}
      size="lg"
      testId="game-form"
      submitTestId="game-save"
      busy={save.busy}
    >
      <TextInput label={t('games.fields.name')} required maxLength={64} {...field('name')} data-autofocus />
      <PlatformCheckboxes
        form={form}
        // The schema puts "no platform and not active" on the first flag (contracts gameFields).
        error={errorText(t, form.errors.desktop)}
      />
      <NumberInput
        label={t('games.fields.priority')}
        description={t('games.fields.priorityHint')}
        required
        min={1}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        {...field('priority', { number: true })}
        maw={200}
      />
      <GameImageInputs form={form} field={field} game={game} />
      <ActiveCheckbox
        label={t('games.fields.active')}
        checked={draft.active}
        onChange={(checked) => {
          form.setFieldValue('active', checked);
          form.clearFieldError('desktop');
        }}
      />
      {game && (
        <GameVariablesSection
          gameId={game.id}
          query={variables}
          values={variableValues}
          onChange={variableEdits.change}
          serverErrors={variableEdits.serverErrors}
          active={draft.active}
        />
      )}
      {game && (
        <GameSlotsSection
          query={slots}
          choices={slotEdits}
          onChange={(eggId, choice) => setSlotEdits((edits) => ({ ...edits, [eggId]: choice }))}
        />
      )}
    </FormDialog>
  );
}
