/**
 * The server's one i18next instance: the mail, invoice and seo namespaces and the web client's that the
 * server-rendered pages show, all from packages/locales. Each caller takes a `t` fixed to its language and
 * namespace.
 */
import { LANGUAGES, type Language } from '@falkenhost/contracts/constants';
import { SERVER_NAMESPACES, SERVER_RESOURCES } from '@falkenhost/locales/server';
import i18next, { type TFunction } from 'i18next';

/** A namespace the server loads (packages/locales/server.ts). */
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

/**
 * The texts of `namespace` in `language`; keys of another namespace are reached with its prefix
 * (`t('common:notFound.title')`).
 * @param language one of LANGUAGES; anything else falls back to English
 */
export function translator(language: string, namespace: ServerNamespace): TFunction {
  return i18n.getFixedT(languageOf(language), namespace);
}
