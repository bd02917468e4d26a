import type { BillingAddress } from '@falkenhost/contracts/store';
import { SimpleGrid, type SimpleGridProps, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { browserCountry } from '../utils/countries';
import { CountrySelect } from './country-select';

/**
 * A billing address as the order forms hold it: the fields of the contracts' `billingAddress`, the
 * country an ISO 3166-1 alpha-2 code or '' when none is chosen.
 */
export type AddressValues = { [K in keyof BillingAddress]: string };

/** An empty address; the country is filled from the browser after mounting (browserCountry). */
export const emptyAddress = (): AddressValues => ({
  addressLine1: '',
  addressLine2: '',
  city: '',
  postalCode: '',
  state: '',
  country: '',
});

/** The browser language's country (en-US -> US), read in an effect so the server renders the same. */
export const defaultCountry = (): string => browserCountry() ?? '';

/** What a form's getInputProps gives a field: value, onChange, error, focus and blur handlers. */
interface FieldProps {
  value?: unknown;
  onChange?: unknown;
  error?: unknown;
  onFocus?: unknown;
  onBlur?: unknown;
}

interface Props {
  /** the form's input props of an address field (`(field) => form.getInputProps(field)`) */
  field: (name: keyof AddressValues) => FieldProps;
  cols?: SimpleGridProps['cols'];
}

/**
 * The billing address fields of the order dialogs (product.md "Order-credits dialog", "Order-package
 * dialog"): address line 1 and 2, city, postal code, state and a country select named in the page's
 * language. A failing field is marked; the dialog's error line says what is wrong (product.md
 * "Validation rules").
 */
export function BillingAddressFields({ field, cols = { base: 1, sm: 2 } }: Props) {
  const { t } = useTranslation('store');
  const text = (name: keyof AddressValues) => {
    const props = field(name);
    return {
      value: String(props.value ?? ''),
      onChange: props.onChange as (event: React.ChangeEvent<HTMLInputElement>) => void,
      onFocus: props.onFocus as React.FocusEventHandler<HTMLInputElement>,
      onBlur: props.onBlur as React.FocusEventHandler<HTMLInputElement>,
      error: !!props.error,
    };
  };
  const country = field('country');

  return (
    <SimpleGrid cols={cols} spacing="md">
      <TextInput
        label={t('order.addressLine1')}
        autoComplete="address-line1"
        required
        {...text('addressLine1')}
      />
      <TextInput label={t('order.addressLine2')} autoComplete="address-line2" {...text('addressLine2')} />
      <TextInput label={t('order.city')} autoComplete="address-level2" required {...text('city')} />
      <TextInput label={t('order.postalCode')} autoComplete="postal-code" required {...text('postalCode')} />
      <TextInput label={t('order.state')} autoComplete="address-level1" {...text('state')} />
      <CountrySelect
        label={t('order.country')}
        value={String(country.value ?? '')}
        onChange={country.onChange as (value: string) => void}
        error={!!country.error}
        required
      />
    </SimpleGrid>
  );
}
