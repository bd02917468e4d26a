import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@falkenhost/contracts/constants';
import { languageKeptCookie } from '@falkenhost/contracts/ssr';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Switches the page to `language` and keeps it in the cookie the server renders the next page from. */
function choose(language: Language, i18n: { changeLanguage: (language: string) => Promise<unknown> }): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed cookie the server reads; the Cookie Store API is not in every browser
  document.cookie = languageKeptCookie(language, location.protocol === 'https:');
  void i18n.changeLanguage(language);
}

/**
 * Language picker of the header and the dashboard top bar. A plain native select styled in
 * global.css: it is on every page, including the home page with its JavaScript budget.
 *
 * Uncontrolled, set to the language when it changes elsewhere: a controlled select is set back to React's
 * value by any render between a choice's input and change events, which loses a choice made while the
 * page is being hydrated.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('common');
  const current = i18n.resolvedLanguage ?? 'en';
  const select = useRef<HTMLSelectElement>(null);
  const shown = useRef(current);
  // Only a change of language: on mount the select may hold a choice made before hydration.
  useEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    if (select.current) select.current.value = current;
  }, [current]);
  return (
    <select
      ref={select}
      className="fh-language-picker"
      name="lng"
      aria-label={t('language.label')}
      defaultValue={current}
      onChange={(event) => choose(event.currentTarget.value as Language, i18n)}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
