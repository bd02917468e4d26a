import { LANGUAGES } from '@falkenhost/contracts/constants';
import { useTranslation } from 'react-i18next';

/** Each language named in itself (endonym) by Intl, so the list reads the same in every language. */
function endonym(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

/**
 * Language picker of the header and the dashboard top bar. A plain native select styled in
 * global.css: it is on every page, including the home page with its JavaScript budget.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('common');
  const current = i18n.resolvedLanguage ?? 'en';
  return (
    <select
      className="fh-language-picker"
      aria-label={t('language.label')}
      value={current}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code}>
          {endonym(code)}
        </option>
      ))}
    </select>
  );
}
