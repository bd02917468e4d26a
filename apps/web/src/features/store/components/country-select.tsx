import { Select, type SelectProps } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../utils/countries';

interface Props extends Pick<SelectProps, 'label' | 'required' | 'error' | 'onFocus' | 'onBlur'> {
  /** ISO 3166-1 alpha-2 code, '' when none is chosen */
  value: string;
  onChange: (country: string) => void;
}

/**
 * The country of a billing address: a searchable select named in the page's language that behaves as
 * customers expect (issue 30): typing replaces the shown country and filters, Enter picks the highlighted
 * country and never sends the form, and picking the chosen country again never clears it.
 */
export function CountrySelect({ value, onChange, ...props }: Props) {
  const { t, i18n } = useTranslation('store');
  const language = i18n.resolvedLanguage ?? 'en';
  const countries = useMemo(() => countryOptions(language), [language]);
  const selectedLabel = countries.find((country) => country.value === value)?.label ?? '';
  const [search, setSearch] = useState(selectedLabel);

  return (
    <Select
      {...props}
      data={countries}
      value={value || null}
      onChange={(country) => country && onChange(country)}
      searchable
      searchValue={search}
      onSearchChange={(next) => {
        // Typed after the shown country (the caret was at its end): the typed part is the search.
        setSearch(
          selectedLabel && next.length > selectedLabel.length && next.startsWith(selectedLabel)
            ? next.slice(selectedLabel.length)
            : next,
        );
      }}
      selectFirstOptionOnChange
      allowDeselect={false}
      nothingFoundMessage={t('order.noCountry')}
      autoComplete="off"
      onFocus={(event) => {
        // Typing replaces the shown country rather than appending to it.
        event.currentTarget.select();
        props.onFocus?.(event);
      }}
      onKeyDown={(event) => {
        // Enter picks the highlighted option (the select's own handler); it never submits the form.
        if (event.key === 'Enter') event.preventDefault();
      }}
    />
  );
}
