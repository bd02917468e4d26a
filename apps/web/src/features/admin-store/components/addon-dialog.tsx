import {
  type AddonsAdditionalData,
  type AdminAddon,
  addonBody,
  type TranslatedLanguage,
} from '@falkenhost/contracts/admin';
import { ADDON_TYPES, type AddonType, TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/admin/form-dialog';
import { firstFormError, useFieldProps, useStaffForm } from '@/components/admin/staff-form';
import { useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { saveAddon } from '../api/addons';
import { useOwnersConfirm } from '../hooks/use-owners-confirm';
import { useStoreChange } from '../hooks/use-store-change';
import { packageOptions } from '../utils/choices';
import { addonErrorKey } from '../utils/errors';
import { ActiveCheckbox } from './active-checkbox';
import { TranslatedNamesFieldset, translationValues } from './translated-names-fieldset';

interface Props {
  /** the add-on to edit; null to add one */
  addon: AdminAddon | null;
  /** the packages it may be offered for, with their game */
  packages: AddonsAdditionalData;
  onClose: () => void;
}

/** The add-on popup's fields (product.md "Staff screens"); numbers are '' while empty. */
interface AddonValues {
  name: string;
  /** credits a month */
  creditsMonthly: number | '';
  type: AddonType | null;
  /** GB of storage, or a number of backups or databases */
  quantity: number | '';
  /** package ids */
  packages: number[];
  active: boolean;
  /** the name in the other languages; '' shows the English name there */
  translations: Record<TranslatedLanguage, string>;
}

function valuesOf(addon: AdminAddon | null): AddonValues {
  if (!addon)
    return {
      name: '',
      creditsMonthly: '',
      type: null,
      quantity: '',
      packages: [],
      active: true,
      translations: translationValues(undefined),
    };
  return {
    name: addon.name,
    creditsMonthly: addon.credits_monthly,
    type: addon.type,
    quantity: addon.quantity,
    packages: addon.user_packages_id,
    active: addon.active,
    translations: translationValues(addon.translations),
  };
}

/**
 * The add-on popup (product.md "Staff screens"): name, monthly credits, type, quantity, packages grouped by
 * game, active, and the name in the other languages customers may read (docs/decisions/242). An edit asks
 * first with the owners count, as a change reaches the existing owners. Checked by the API's own `addonBody`
 * (product.md "Validation rules": all fields, then a package).
 */
export function AddonDialog({ addon, packages, onClose }: Props) {
  const { t } = useTranslation('admin');
  const mode = addon ? 'edit' : 'add';
  const form = useStaffForm<AddonValues>(valuesOf(addon), addonBody);
  const field = useFieldProps(form);
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const change = useStoreChange();
  const ownersConfirm = useOwnersConfirm('addons', 'addon-owners');
  const groups = useMemo(() => packageOptions(packages), [packages]);

  const send = async () => {
    const body = addonBody.parse(form.getValues());
    const saved = await change(
      saveAddon(body, addon?.id),
      (answer) => addonErrorKey(answer, mode),
      mode === 'add' ? 'addons.toast.added' : 'addons.toast.updated',
    );
    if (saved) onClose();
  };
  // The confirmed save of an edit (the submit's throttle has already run for that click).
  const save = useThrottledAction(send);

  // Checking, and adding at once, are throttled too: a second click within the second does nothing.
  const submit = useThrottledAction(async () => {
    const problem = firstFormError(form);
    if (problem) return notice('error', problem);
    if (!addon) return send();
    ownersConfirm.confirm(addon.name, addon.addons_ordered, () => void save.run());
  });

  return (
    <FormDialog
      title={addon ? t('addons.editTitle', { name: addon.name }) : t('addons.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit.run()}
      closeOnEscape={!ownersConfirm.open}
      size="lg"
      testId="addon-form"
      submitTestId="addon-save"
      busy={save.busy || submit.busy}
    >
      <TextInput label={t('addons.fields.name')} required maxLength={64} {...field('name')} data-autofocus />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <NumberInput
          label={t('addons.fields.creditsMonthly')}
          required
          min={0}
          decimalScale={4}
          allowNegative={false}
          clampBehavior="none"
          {...field('creditsMonthly', { number: true })}
        />
        <Select
          label={t('addons.fields.type')}
          required
          data={ADDON_TYPES.map((type) => ({ value: type, label: t(`addons.types.${type}`) }))}
          {...field('type')}
          allowDeselect={false}
        />
        <NumberInput
          label={t('addons.fields.quantity')}
          description={form.values.type ? t(`addons.quantityHint.${form.values.type}`) : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          min={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...field('quantity', { number: true })}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('addons.fields.packages')}
        description={t('addons.fields.packagesHint')}
        required
        data={groups}
        {...field('packages')}
        value={form.values.packages.map(String)}
        onChange={(value) => form.setFieldValue('packages', value.map(Number))}
        searchable
        clearable
        nothingFoundMessage={t('form.nothingFound')}
      />
      <TranslatedNamesFieldset field={field} hint={t('addons.fields.translationsHint')} />
      <ActiveCheckbox
        label={t('addons.fields.active')}
        checked={form.values.active}
        onChange={(checked) => form.setFieldValue('active', checked)}
      />
    </FormDialog>
  );
}
