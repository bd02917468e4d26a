import { Select, SimpleGrid, type SimpleGridProps, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { browserCountry, countryOptions } from '../utils/countries';

/** A billing address as typed (spec 3): line 2 and state optional; country ISO 3166-1 alpha-2 or null. */
export interface AddressDraft {
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  state: string;
  country: string | null;
}

/** An empty address; the country starts as the browser language's region when it is a country. */
export const emptyAddress = (): AddressDraft => ({
  addressLine1: '',
  addressLine2: '',
  city: '',
  postalCode: '',
  state: '',
  country: browserCountry(),
});

/** The address as the order calls send it: trimmed, the country as given (checked before sending). */
export const addressBody = (address: AddressDraft) => ({
  addressLine1: address.addressLine1.trim(),
  addressLine2: address.addressLine2.trim(),
  city: address.city.trim(),
  postalCode: address.postalCode.trim(),
  state: address.state.trim(),
  country: address.country ?? '',
});

interface Props {
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  cols?: SimpleGridProps['cols'];
}

/**
 * The billing address fields of the order dialogs (spec 2 "Order-credits dialog", "Order-package
 * dialog"): address line 1 and 2, city, postal code, state and a country select named in the page's
 * language.
 */
export function BillingAddressFields({ value, onChange, cols = { base: 1, sm: 2 } }: Props) {
  const { t, i18n } = useTranslation('store');
  const language = i18n.resolvedLanguage ?? 'en';
  const countries = useMemo(() => countryOptions(language), [language]);

  const field = (key: Exclude<keyof AddressDraft, 'country'>) => ({
    value: value[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...value, [key]: event.currentTarget.value }),
  });

  return (
    <SimpleGrid cols={cols} spacing="md">
      <TextInput
        label={t('order.addressLine1')}
        autoComplete="address-line1"
        required
        {...field('addressLine1')}
      />
      <TextInput label={t('order.addressLine2')} autoComplete="address-line2" {...field('addressLine2')} />
      <TextInput label={t('order.city')} autoComplete="address-level2" required {...field('city')} />
      <TextInput label={t('order.postalCode')} autoComplete="postal-code" required {...field('postalCode')} />
      <TextInput label={t('order.state')} autoComplete="address-level1" {...field('state')} />
      <Select
        label={t('order.country')}
        data={countries}
        value={value.country}
        onChange={(country) => onChange({ ...value, country })}
        searchable
        required
        nothingFoundMessage={t('order.noCountry')}
        autoComplete="off"
      />
    </SimpleGrid>
  );
}
