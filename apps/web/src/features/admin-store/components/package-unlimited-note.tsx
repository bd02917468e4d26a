import { CONFIRMED_UNLIMITED, unlimitedResources } from '@falkenhost/contracts/staff-limits';
import { Alert, Checkbox, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { useFieldProps } from '@/components/admin/staff-form';
import type { PackageDraft } from '../utils/form-data';

interface Props {
  form: UseFormReturnType<PackageDraft>;
  field: ReturnType<typeof useFieldProps>;
  locked: boolean;
}

/**
 * Says before saving which resources the package leaves unlimited on the panel (empty or 0: product.md
 * "Screens and routes"), by their field names; CPU, RAM or storage unlimited must be confirmed by its
 * checkbox before the package saves (docs/decisions/436). Nothing when every resource is limited.
 */
export function PackageUnlimitedNote({ form, field, locked }: Props) {
  const { t } = useTranslation('admin');
  const unlimited = unlimitedResources(form.values);
  if (unlimited.length === 0) return null;
  const names = unlimited.map((key) => t(`packages.fields.${key}`)).join(', ');
  const confirm = unlimited.some((key) => CONFIRMED_UNLIMITED.includes(key));
  const props = field('confirm_unlimited', { type: 'checkbox' });
  return (
    <Alert
      color="yellow"
      role="note"
      title={t('packages.unlimitedNote.title')}
      data-testid="package-unlimited"
    >
      <Text size="sm">{t('packages.unlimitedNote.text', { names })}</Text>
      {confirm && (
        <Checkbox
          mt="sm"
          label={t('packages.unlimitedNote.confirm')}
          disabled={locked}
          {...props}
          data-testid="package-confirm-unlimited"
        />
      )}
    </Alert>
  );
}
