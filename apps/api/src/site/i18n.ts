/**
 * The words of the server-rendered public pages: the page titles and descriptions of ./locales (this
 * module's own) and the visible text from the web client's own translation files (common, home,
 * catalog, site), bundled at build time, so the HTML says exactly what the React page then shows.
 */
import { LANGUAGES, type Language } from '@falkenhost/contracts/constants';
import i18next, { type TFunction } from 'i18next';
import csCatalog from '../../../web/src/i18n/locales/cs/catalog.json';
import csCommon from '../../../web/src/i18n/locales/cs/common.json';
import csHome from '../../../web/src/i18n/locales/cs/home.json';
import csSite from '../../../web/src/i18n/locales/cs/site.json';
import deCatalog from '../../../web/src/i18n/locales/de/catalog.json';
import deCommon from '../../../web/src/i18n/locales/de/common.json';
import deHome from '../../../web/src/i18n/locales/de/home.json';
import deSite from '../../../web/src/i18n/locales/de/site.json';
import enCatalog from '../../../web/src/i18n/locales/en/catalog.json';
import enCommon from '../../../web/src/i18n/locales/en/common.json';
import enHome from '../../../web/src/i18n/locales/en/home.json';
import enSite from '../../../web/src/i18n/locales/en/site.json';
import frCatalog from '../../../web/src/i18n/locales/fr/catalog.json';
import frCommon from '../../../web/src/i18n/locales/fr/common.json';
import frHome from '../../../web/src/i18n/locales/fr/home.json';
import frSite from '../../../web/src/i18n/locales/fr/site.json';
import skCatalog from '../../../web/src/i18n/locales/sk/catalog.json';
import skCommon from '../../../web/src/i18n/locales/sk/common.json';
import skHome from '../../../web/src/i18n/locales/sk/home.json';
import skSite from '../../../web/src/i18n/locales/sk/site.json';
import cs from './locales/cs.json';
import de from './locales/de.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import sk from './locales/sk.json';

const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  resources: {
    en: { seo: en, common: enCommon, home: enHome, catalog: enCatalog, site: enSite },
    cs: { seo: cs, common: csCommon, home: csHome, catalog: csCatalog, site: csSite },
    sk: { seo: sk, common: skCommon, home: skHome, catalog: skCatalog, site: skSite },
    de: { seo: de, common: deCommon, home: deHome, catalog: deCatalog, site: deSite },
    fr: { seo: fr, common: frCommon, home: frHome, catalog: frCatalog, site: frSite },
  },
  ns: ['seo', 'common', 'home', 'catalog', 'site'],
  defaultNS: 'seo',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
});

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function translator(language: Language): TFunction {
  return i18n.getFixedT(language);
}
