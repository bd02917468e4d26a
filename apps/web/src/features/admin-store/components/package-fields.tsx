import type { AdminPackage, AdminPackagesAdditionalData } from '@falkenhost/contracts/admin';
import {
  Checkbox,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { useFieldProps } from '@/components/admin/staff-form';
import { eggOptions, nodeOptions } from '../utils/choices';
import type { PackageDraft } from '../utils/form-data';
import { ActiveCheckbox } from './active-checkbox';
import { ImageFileInput } from './image-file-input';

/** The technical fields: [field, required, may stay empty for unlimited]. */
const TECHNICAL = [
  ['vcpu', false, true],
  ['io', true, false],
  ['slots', false, true],
  ['storage', false, true],
  ['ram', false, true],
  ['swap', false, false],
  ['databases', true, false],
  ['backups', true, false],
  ['ports', true, false],
] as const;

/** One column of the package popup: a borderless fieldset named by its legend. */
function PackageFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Title order={3} fz="md" component="legend" mb="xs">
        {legend}
      </Title>
      {children}
    </Stack>
  );
}

interface Props {
  /** the package popup's form */
  form: UseFormReturnType<PackageDraft>;
  /** its field props (their translated errors) */
  field: ReturnType<typeof useFieldProps>;
  /** a custom package: every field is disabled */
  locked: boolean;
}

interface DetailsProps extends Props {
  /** the package being edited, null when one is added */
  pkg: AdminPackage | null;
  /** games, locations with nodes and nests with eggs to choose from */
  choices: AdminPackagesAdditionalData;
}

/**
 * The package popup's eggs (docs/decisions/437): the chosen game's, grouped by nest, with those already
 * chosen (so a refused one still shows, with its error); "Offer eggs of other games" lists every egg.
 */
function PackageEggsField({ form, field, locked, choices }: Omit<DetailsProps, 'pkg'>) {
  const { t } = useTranslation('admin');
  const { game, other_eggs: otherEggs, eggs: chosenEggs } = form.values;
  const eggs = useMemo(() => {
    if (otherEggs) return eggOptions(choices.nests);
    const own = choices.game_eggs[game ?? ''] ?? [];
    return eggOptions(choices.nests, new Set([...own, ...chosenEggs]));
  }, [choices.nests, choices.game_eggs, game, otherEggs, chosenEggs]);
  return (
    <>
      <MultiSelect
        label={t('packages.fields.eggs')}
        description={t(otherEggs ? 'packages.fields.eggsHint' : 'packages.fields.gameEggsHint')}
        required
        disabled={locked}
        data={eggs}
        {...field('eggs')}
        value={form.values.eggs.map(String)}
        onChange={(value) => form.setFieldValue('eggs', value.map(Number))}
        searchable
        clearable
        nothingFoundMessage={t(game ? 'form.nothingFound' : 'packages.fields.chooseGameFirst')}
      />
      <Checkbox
        label={t('packages.fields.otherEggs')}
        disabled={locked}
        checked={otherEggs}
        onChange={(event) => {
          form.setFieldValue('other_eggs', event.currentTarget.checked);
          form.clearFieldError('eggs');
        }}
        data-testid="package-other-eggs"
      />
    </>
  );
}

/**
 * The package popup's details (product.md "Staff screens"): name, price in credits, game, target username
 * (add only, read-only on edit), nodes grouped by location, eggs grouped by nest, and the thumbnail (required
 * on add).
 */
export function PackageDetailsFields({ form, field, locked, pkg, choices }: DetailsProps) {
  const { t } = useTranslation('admin');
  const mode = pkg ? 'edit' : 'add';
  const games = useMemo(
    () => choices.games.map((game) => ({ value: String(game.id), label: game.name })),
    [choices.games],
  );
  const nodes = useMemo(() => nodeOptions(choices.locations), [choices.locations]);

  return (
    <PackageFieldset legend={t('packages.details')}>
      <TextInput
        label={t('packages.fields.name')}
        required
        maxLength={64}
        disabled={locked}
        {...field('name')}
        data-autofocus
      />
      <NumberInput
        label={t('packages.fields.credits')}
        description={t('packages.fields.creditsHint')}
        required
        disabled={locked}
        min={0}
        decimalScale={4}
        allowNegative={false}
        clampBehavior="none"
        {...field('credits', { number: true })}
      />
      <Select
        label={t('packages.fields.game')}
        required
        disabled={locked}
        data={games}
        {...field('game')}
        searchable
        nothingFoundMessage={t('form.nothingFound')}
      />
      <TextInput
        label={t('packages.fields.target')}
        description={mode === 'add' ? t('packages.fields.targetHint') : undefined}
        readOnly={mode === 'edit'}
        disabled={locked}
        maxLength={64}
        {...field('target')}
      />
      <MultiSelect
        label={t('packages.fields.nodes')}
        description={t('packages.fields.nodesHint')}
        required
        disabled={locked}
        data={nodes}
        {...field('nodes')}
        value={form.values.nodes.map(String)}
        onChange={(value) => form.setFieldValue('nodes', value.map(Number))}
        searchable
        clearable
        nothingFoundMessage={t('form.nothingFound')}
      />
      <PackageEggsField form={form} field={field} locked={locked} choices={choices} />
      <ImageFileInput
        label={t('packages.fields.thumbnail')}
        file={form.values.thumbnail}
        onChange={(file) => {
          form.setFieldValue('thumbnail', file);
          form.validateField('thumbnail');
        }}
        error={field('thumbnail').error}
        currentUrl={pkg?.thumbnail_url}
        required={mode === 'add'}
        disabled={locked}
        testId="package-thumbnail"
      />
    </PackageFieldset>
  );
}

/**
 * The package popup's technical fields (product.md "Staff screens"): vcpu, io, slots, storage, ram, swap,
 * databases, backups and ports (an empty vcpu, slots, storage or ram is unlimited), then active.
 */
export function PackageTechnicalFields({ form, field, locked }: Props) {
  const { t } = useTranslation('admin');
  const number = (name: (typeof TECHNICAL)[number][0], required: boolean, unlimited: boolean) => (
    <NumberInput
      key={name}
      label={t(`packages.fields.${name}`)}
      description={unlimited ? t('packages.fields.unlimitedHint') : undefined}
      required={required}
      disabled={locked}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      {...field(name, { number: true })}
    />
  );

  return (
    <PackageFieldset legend={t('packages.technical')}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {TECHNICAL.map(([name, required, unlimited]) => number(name, required, unlimited))}
      </SimpleGrid>
      <ActiveCheckbox
        mt="xs"
        label={t('packages.fields.active')}
        disabled={locked}
        checked={form.values.active}
        onChange={(checked) => form.setFieldValue('active', checked)}
      />
    </PackageFieldset>
  );
}
