import {
  type CatalogueTranslations,
  TRANSLATED_LANGUAGES,
  type TranslatedLanguage,
} from '@falkenhost/contracts/admin';
import { Fieldset, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useFieldProps } from '@/components/admin/staff-form';

/** The fields' values of an entry's `translations` ('' where it has none: the field shows empty). */
export function translationValues(
  translations: CatalogueTranslations | undefined,
): Record<TranslatedLanguage, string> {
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => [language, translations?.[language] ?? '']),
  ) as Record<TranslatedLanguage, string>;
}

interface Props {
  /** the form's field props; the names are its `translations.<language>` fields */
  field: ReturnType<typeof useFieldProps>;
  /** what an empty field means (which name the language shows instead) */
  hint: string;
  /** the popup opens with the first language's field focused (its only fields) */
  autofocus?: boolean;
}

/**
 * "Name in other languages" of a catalogue entry (docs/decisions/242): one field per language other than
 * English, at most 64 characters each, as the contracts' catalogueTranslations checks them.
 */
export function TranslatedNamesFieldset({ field, hint, autofocus }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Fieldset
      legend={t('form.translations')}
      variant="unstyled"
      m={0}
      p={0}
      // the legend as the fields' labels look
      styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', padding: 0 } }}
    >
      <Text size="xs" c="dark.0" mb="xs" mt={2}>
        {hint}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {TRANSLATED_LANGUAGES.map((language, index) => (
          <TextInput
            key={language}
            data-autofocus={autofocus && index === 0 ? true : undefined}
            label={t(`form.nameIn.${language}`)}
            lang={language}
            maxLength={64}
            {...field(`translations.${language}`)}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
