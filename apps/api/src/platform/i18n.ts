/** The server's one i18next instance, with the namespaces of packages/locales/server.ts. */
import { LANGUAGES, type Language } from '@falkenhost/contracts/constants';
import { SERVER_NAMESPACES, SERVER_RESOURCES } from '@falkenhost/locales/server';
import i18next, { type TFunction } from 'i18next';

export type ServerNamespace = (typeof SERVER_NAMESPACES)[number];

const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  resources: SERVER_RESOURCES,
  ns: [...SERVER_NAMESPACES],
  defaultNS: 'mail',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
});

/** Whether `value` is one of LANGUAGES (a ?lng=, a cookie, a stored preference). */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `language` when it is one of LANGUAGES, else English (a stored value from before a language was dropped). */
export function languageOf(language: string): Language {
  return isLanguage(language) ? language : 'en';
}

/** The texts of `namespace` in `language` (English for anything else); other namespaces by prefix. */
export function translator(language: string, namespace: ServerNamespace): TFunction {
  return i18n.getFixedT(languageOf(language), namespace);
}
