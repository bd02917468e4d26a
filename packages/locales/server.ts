/**
 * The server's namespaces in every language, bundled into the API: its own (mail, invoice, seo: the
 * public pages' titles and descriptions) and the web client's that the server-rendered pages show (common,
 * home, catalog, site), so the HTML says exactly what the React page then shows.
 */

import csCatalog from './cs/catalog.json';
import csCommon from './cs/common.json';
import csHome from './cs/home.json';
import csInvoice from './cs/invoice.json';
import csMail from './cs/mail.json';
import csSeo from './cs/seo.json';
import csSite from './cs/site.json';
import deCatalog from './de/catalog.json';
import deCommon from './de/common.json';
import deHome from './de/home.json';
import deInvoice from './de/invoice.json';
import deMail from './de/mail.json';
import deSeo from './de/seo.json';
import deSite from './de/site.json';
import enCatalog from './en/catalog.json';
import enCommon from './en/common.json';
import enHome from './en/home.json';
import enInvoice from './en/invoice.json';
import enMail from './en/mail.json';
import enSeo from './en/seo.json';
import enSite from './en/site.json';
import frCatalog from './fr/catalog.json';
import frCommon from './fr/common.json';
import frHome from './fr/home.json';
import frInvoice from './fr/invoice.json';
import frMail from './fr/mail.json';
import frSeo from './fr/seo.json';
import frSite from './fr/site.json';
import skCatalog from './sk/catalog.json';
import skCommon from './sk/common.json';
import skHome from './sk/home.json';
import skInvoice from './sk/invoice.json';
import skMail from './sk/mail.json';
import skSeo from './sk/seo.json';
import skSite from './sk/site.json';

/** The namespaces the server loads. */
export const SERVER_NAMESPACES = ['mail', 'invoice', 'seo', 'common', 'home', 'catalog', 'site'] as const;

/** i18next resources: language -> namespace -> the JSON file's content. */
export const SERVER_RESOURCES = {
  en: {
    mail: enMail,
    invoice: enInvoice,
    seo: enSeo,
    common: enCommon,
    home: enHome,
    catalog: enCatalog,
    site: enSite,
  },
  cs: {
    mail: csMail,
    invoice: csInvoice,
    seo: csSeo,
    common: csCommon,
    home: csHome,
    catalog: csCatalog,
    site: csSite,
  },
  sk: {
    mail: skMail,
    invoice: skInvoice,
    seo: skSeo,
    common: skCommon,
    home: skHome,
    catalog: skCatalog,
    site: skSite,
  },
  de: {
    mail: deMail,
    invoice: deInvoice,
    seo: deSeo,
    common: deCommon,
    home: deHome,
    catalog: deCatalog,
    site: deSite,
  },
  fr: {
    mail: frMail,
    invoice: frInvoice,
    seo: frSeo,
    common: frCommon,
    home: frHome,
    catalog: frCatalog,
    site: frSite,
  },
};
