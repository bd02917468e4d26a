import { LANGUAGE_NAMES, LANGUAGES } from '@falkenhost/contracts/constants';
import { useTranslation } from 'react-i18next';

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
      name="lng"
      aria-label={t('language.label')}
      value={current}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
