import { type AdminGame, gameForm } from '@falkenhost/contracts/admin';
import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { Checkbox, Group, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/admin/form-dialog';
import { errorText, firstFormError, useFieldProps, useStaffForm } from '@/components/admin/staff-form';
import { useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import type { VariableText } from '@/lib/egg-variables';
import { saveGame, useGameVariables } from '../api/games';
import { useStoreChange } from '../hooks/use-store-change';
import { gameErrorKey, gameVariableTexts } from '../utils/errors';
import type { GameDraft } from '../utils/form-data';
import { gameVariablesProblem, variableValuesOf } from '../utils/game-variables';
import { ActiveCheckbox } from './active-checkbox';
import { GameVariablesSection } from './game-variables-section';
import { ImageFileInput } from './image-file-input';

const PLATFORMS = ['desktop', 'console', 'mobile'] as const;

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
 * The game popup (spec 2 "Games"): name, platforms, priority (at least 1), image and thumbnail with a
 * preview, active (ticked on add). Files are required on add and optional on edit (spec 5). On edit, the
 * egg variables of the game's packages with who gives each (issue 28); a game whose variable has no value
 * from anyone cannot be saved active. Checked by the API's own `gameForm` (spec 5: all fields and a
 * flag, then the image and thumbnail on add, then the files' type and size).
 */
export function GameDialog({ game, onClose }: Props) {
  const { t } = useTranslation('admin');
  const mode = game ? 'edit' : 'add';
  const form = useStaffForm<GameDraft>(draftOf(game), gameForm(mode));
  const field = useFieldProps(form);
  const draft = form.values;
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const change = useStoreChange();
  const variables = useGameVariables(game?.id ?? null);
  // Staff's edits of the variable values; the others stay as stored.
  const [variableEdits, setVariableEdits] = useState<Record<string, string>>({});
  const [variableErrors, setVariableErrors] = useState<ReadonlyMap<string, VariableText>>(new Map());
  const fields = variables.data ?? [];
  const variableValues = variableValuesOf(fields, variableEdits);

  const save = useThrottledAction(async () => {
    const problem = firstFormError(form);
    if (problem) return notice('error', problem);
    const values = form.getValues();
    const refused = gameVariablesProblem(fields, variableValues, values.active);
    if (refused) return notice('error', refused.key, refused.values);
    const saved = await change(
      // The values replace the stored ones, so they go only when the list was loaded.
      saveGame({ ...values, variables: variables.isSuccess ? variableValues : undefined }, game?.id),
      (answer) => {
        const texts = gameVariableTexts(answer, fields);
        setVariableErrors(texts ?? new Map());
        const first = texts ? [...texts.values()][0] : undefined;
        return first ?? gameErrorKey(answer, mode);
      },
      mode === 'add' ? 'games.toast.added' : 'games.toast.updated',
    );
    if (saved) onClose();
  });

  const changeVariable = (key: string, value: string) => {
    setVariableEdits((current) => ({ ...current, [key]: value }));
    setVariableErrors((current) => {
      if (!current.has(key)) return current;
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  };

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
      <Checkbox.Group
        label={t('games.fields.platforms')}
        value={PLATFORMS.filter((platform) => draft[platform])}
        onChange={(value) => {
          for (const platform of PLATFORMS) form.setFieldValue(platform, value.includes(platform));
          form.clearFieldError('desktop');
        }}
        // The schema puts "no platform and not active" on the first flag (contracts gameFields).
        error={errorText(t, form.errors.desktop)}
      >
        <Group gap="lg" mt="xs">
          {PLATFORMS.map((platform) => (
            <Checkbox key={platform} value={platform} label={t(`games.platforms.${platform}`)} />
          ))}
        </Group>
      </Checkbox.Group>
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
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ImageFileInput
          label={t('games.fields.image')}
          file={draft.image}
          onChange={(file) => form.setFieldValue('image', file)}
          error={field('image').error}
          currentUrl={game?.image_url}
          required={mode === 'add'}
          testId="game-image"
        />
        <ImageFileInput
          label={t('games.fields.thumbnail')}
          file={draft.thumbnail}
          onChange={(file) => form.setFieldValue('thumbnail', file)}
          error={field('thumbnail').error}
          currentUrl={game?.thumbnail_url}
          required={mode === 'add'}
          testId="game-thumbnail"
        />
      </SimpleGrid>
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
          query={variables}
          values={variableValues}
          onChange={changeVariable}
          serverErrors={variableErrors}
          active={draft.active}
        />
      )}
    </FormDialog>
  );
}
