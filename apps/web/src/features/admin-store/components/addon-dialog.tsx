import type { AddonsAdditionalData, AdminAddon } from '@falkenhost/contracts/admin';
import { ADDON_TYPES, type AddonType, TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/admin/form-dialog';
import { useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { saveAddon } from '../api/addons';
import { useDraft } from '../hooks/use-draft';
import { useOwnersConfirm } from '../hooks/use-owners-confirm';
import { useStoreChange } from '../hooks/use-store-change';
import { packageOptions } from '../utils/choices';
import { addonErrorKey } from '../utils/errors';
import { numberDraft } from '../utils/form-data';
import { type AddonDraft, addonDraftError } from '../utils/validate';
import { ActiveCheckbox } from './active-checkbox';

interface Props {
  /** the add-on to edit; null to add one */
  addon: AdminAddon | null;
  /** the packages it may be offered for, with their game */
  packages: AddonsAdditionalData;
  onClose: () => void;
}

function draftOf(addon: AdminAddon | null): AddonDraft {
  if (!addon) return { name: '', creditsMonthly: '', type: null, quantity: '', packages: [], active: true };
  return {
    name: addon.name,
    creditsMonthly: addon.credits_monthly,
    type: addon.type,
    quantity: addon.quantity,
    packages: addon.user_packages_id.map(String),
    active: addon.active,
  };
}

/**
 * The add-on popup (spec 2 "Add-ons"): name, monthly credits, type, quantity, packages grouped by game,
 * and active. An edit asks first with the owners count, as a change reaches the existing owners.
 */
export function AddonDialog({ addon, packages, onClose }: Props) {
  const { t } = useTranslation('admin');
  const mode = addon ? 'edit' : 'add';
  const { draft, set } = useDraft<AddonDraft>(() => draftOf(addon));
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const change = useStoreChange();
  const ownersConfirm = useOwnersConfirm('addons', 'addon-owners');
  const groups = useMemo(() => packageOptions(packages), [packages]);

  const save = useThrottledAction(async () => {
    const body = {
      name: draft.name.trim(),
      creditsMonthly: draft.creditsMonthly as number,
      type: draft.type as AddonType,
      quantity: draft.quantity as number,
      packages: draft.packages.map(Number),
      active: draft.active,
    };
    const saved = await change(
      saveAddon(body, addon?.id),
      (answer) => addonErrorKey(answer, mode),
      mode === 'add' ? 'addons.toast.added' : 'addons.toast.updated',
    );
    if (saved) onClose();
  });

  const submit = () => {
    const problem = addonDraftError(draft);
    if (problem) return notice('error', problem);
    if (!addon) return void save.run();
    ownersConfirm.confirm(addon.name, addon.addons_ordered, () => void save.run());
  };

  return (
    <FormDialog
      title={addon ? t('addons.editTitle', { name: addon.name }) : t('addons.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      closeOnEscape={!ownersConfirm.open}
      size="lg"
      testId="addon-form"
      submitTestId="addon-save"
      busy={save.busy}
    >
      <TextInput
        label={t('addons.fields.name')}
        required
        maxLength={64}
        value={draft.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <NumberInput
          label={t('addons.fields.creditsMonthly')}
          required
          min={0}
          decimalScale={4}
          allowNegative={false}
          clampBehavior="none"
          value={draft.creditsMonthly}
          onChange={(value) => set('creditsMonthly', numberDraft(value))}
        />
        <Select
          label={t('addons.fields.type')}
          required
          data={ADDON_TYPES.map((type) => ({ value: type, label: t(`addons.types.${type}`) }))}
          value={draft.type}
          onChange={(value) => set('type', value as AddonType | null)}
          allowDeselect={false}
        />
        <NumberInput
          label={t('addons.fields.quantity')}
          description={draft.type ? t(`addons.quantityHint.${draft.type}`) : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          min={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={draft.quantity}
          onChange={(value) => set('quantity', numberDraft(value))}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('addons.fields.packages')}
        description={t('addons.fields.packagesHint')}
        required
        data={groups}
        value={draft.packages}
        onChange={(value) => set('packages', value)}
        searchable
        clearable
        nothingFoundMessage={t('form.nothingFound')}
      />
      <ActiveCheckbox
        label={t('addons.fields.active')}
        checked={draft.active}
        onChange={(checked) => set('active', checked)}
      />
    </FormDialog>
  );
}
