/**
 * i18next setup (product.md "What the product does" ("Languages")): five languages, English the fallback. The
 * server chooses the page's language (query parameter `lng`, cookie, Accept-Language:
 * apps/api/src/site/language.ts) and the browser starts in it; a choice in the language picker is kept in the
 * cookie the server reads. Each namespace of each language is its own JSON chunk loaded on demand (the files
 * are in packages/locales), so a visitor downloads only the current language and only the namespaces of the
 * pages they open.
 */
import { LANGUAGES } from '@falkenhost/contracts/constants';
import { type WebNamespace, webLocale } from '@falkenhost/locales/web';
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pageFactsOfDocument } from '@/lib/page-facts';

/** A namespace of the client's translations (packages/locales/web.ts). */
export type Namespace = WebNamespace;

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = webLocale(language, namespace);
    // A language the translators have not delivered yet falls back to English key by key.
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default as Record<string, string>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Resolves once i18next is set up. Set up in a task of its own, after the one that evaluates the client's
 * modules: together they were one long task of a phone's start-up (decision 091). Nothing renders before
 * it (app/first-render.ts waits for it).
 */
export const i18nReady = new Promise<void>((resolve) => setTimeout(resolve)).then(() =>
  i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      // The page's language, as the server rendered it: the browser hydrates in it. No detector reads
      // cookies and Web Storage at start-up, each a wait on the browser's process (decision 091).
      lng: pageFactsOfDocument()?.language,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    }),
);

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

export default i18n;
