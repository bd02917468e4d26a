import { type AdminLocation, locationNamesBody, type TranslatedLanguage } from '@falkenhost/contracts/admin';
import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/admin/form-dialog';
import { firstFormError, useFieldProps, useStaffForm } from '@/components/admin/staff-form';
import { useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { saveLocationNames } from '../api/locations';
import { useStoreChange } from '../hooks/use-store-change';
import { locationErrorKey } from '../utils/errors';
import { TranslatedNamesFieldset, translationValues } from './translated-names-fieldset';

interface Props {
  location: AdminLocation;
  onClose: () => void;
}

// The popup's values are the body without its id (the location is the popup's own).
const locationNamesForm = locationNamesBody.omit({ id: true });

/**
 * A panel location's names (docs/decisions/242, 410): its code is the panel's, shown in the title; the
 * English name is staff's or, left empty, the panel's (a Pelican node tag has no other name); each other
 * language left empty shows the English name. Checked by the API's own `locationNamesBody`.
 */
export function LocationDialog({ location, onClose }: Props) {
  const { t } = useTranslation('admin');
  const form = useStaffForm<{ name: string; translations: Record<TranslatedLanguage, string> }>(
    { name: location.english_name, translations: translationValues(location.translations) },
    locationNamesForm,
  );
  const field = useFieldProps(form);
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const change = useStoreChange();

  // Throttled: a second click within the second does nothing.
  const submit = useThrottledAction(async () => {
    const problem = firstFormError(form);
    if (problem) return notice('error', problem);
    const body = locationNamesBody.parse({ id: location.id, ...form.getValues() });
    const saved = await change(saveLocationNames(body), locationErrorKey, 'locations.toast.updated');
    if (saved) onClose();
  });

  return (
    <FormDialog
      title={t('locations.editTitle', { name: `${location.code} - ${location.name}` })}
      onClose={onClose}
      onSubmit={() => void submit.run()}
      size="lg"
      testId="location-form"
      submitTestId="location-save"
      busy={submit.busy}
    >
      <TextInput
        label={t('locations.fields.name')}
        description={t('locations.fields.nameHint', { name: location.panel_name })}
        maxLength={64}
        {...field('name')}
        data-autofocus
      />
      <TranslatedNamesFieldset
        field={field}
        hint={t('locations.translationsHint', { name: location.name })}
      />
    </FormDialog>
  );
}
