import { type AdminLocation, locationNamesBody, type TranslatedLanguage } from '@falkenhost/contracts/admin';
import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
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
 * A panel location's names in the other languages (docs/decisions/242): its code and English name are the
 * panel's, shown in the title and the hint; each language left empty shows that name. Checked by the
 * API's own `locationNamesBody`.
 */
export function LocationDialog({ location, onClose }: Props) {
  const { t } = useTranslation('admin');
  const form = useStaffForm<{ translations: Record<TranslatedLanguage, string> }>(
    { translations: translationValues(location.translations) },
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
      <TranslatedNamesFieldset
        field={field}
        hint={t('locations.translationsHint', { name: location.name })}
        autofocus
      />
    </FormDialog>
  );
}
