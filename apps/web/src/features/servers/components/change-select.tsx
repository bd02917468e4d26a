import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  /** what to choose, when something is available */
  placeholder: string;
  /** the placeholder when nothing is available */
  noneAvailable: string;
  /** the list is loading (the select is disabled and says so) */
  pending: boolean;
  options: { value: string; label: string }[];
  /** the chosen option's value, null for none */
  value: string | null;
  onChange: (value: string | null) => void;
  testId: string;
}

/**
 * The select of a change to an owned server (product.md "Customer servers"): an add-on to buy or a package to
 * change to. Disabled while its list loads or when nothing is available, the placeholder saying which.
 */
export function ChangeSelect({
  label,
  placeholder,
  noneAvailable,
  pending,
  options,
  value,
  onChange,
  testId,
}: Props) {
  const { t } = useTranslation('servers');
  return (
    <Select
      label={label}
      placeholder={pending ? t('details.loading') : options.length === 0 ? noneAvailable : placeholder}
      data={options}
      value={value}
      onChange={onChange}
      disabled={pending || options.length === 0}
      allowDeselect={false}
      data-testid={testId}
      // The open list stays inside the dialog: portalled to <body> it sits outside every landmark
      // (axe region).
      comboboxProps={{ withinPortal: false }}
      style={{ flex: '1 1 16rem' }}
    />
  );
}
