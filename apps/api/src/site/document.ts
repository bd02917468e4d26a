/**
 * Every page's HTML document: index.html with the page's head, the HTML the web client's components
 * rendered on the server, and the facts the browser hydrates from (decisions/090-server-rendered-pages.md).
 */

import type { GamePackagesAnswer, PublicGame } from '@falkenhost/contracts/catalog';
import { LANGUAGES, type Language } from '@falkenhost/contracts/constants';
import type { CompanyAnswer, PartnersAnswer } from '@falkenhost/contracts/site';
import { PAGE_FACTS_ID, type PageFacts, type SeededQuery } from '@falkenhost/contracts/ssr';
import type { TFunction } from 'i18next';
import { html, jsonForScript, raw } from '../platform/html';
import { translator } from '../platform/i18n';
import type { Template } from './template';

/** The page being served, with the public data it shows. */
export type PageKind =
  | { kind: 'home' }
  | { kind: 'hosting'; games: PublicGame[] }
  | { kind: 'game'; data: GamePackagesAnswer }
  /** the answer of GET /api/public/site/partners?lang= in the page's language (platform/site-content.ts) */
  | { kind: 'partners'; data: PartnersAnswer }
  /** the answer of GET /api/public/site/company?lang= in the page's language */
  | { kind: 'contact'; data: CompanyAnswer }
  /** /register, with the answer of GET /api/public/site/company?lang= (its consents link the documents) */
  | { kind: 'register'; data: CompanyAnswer }
  | { kind: 'notFound' }
  /** a page of the app (login, dashboard...), not indexed */
  | { kind: 'app' };

const OG_LOCALE: Record<Language, string> = {
  en: 'en_US',
  cs: 'cs_CZ',
  sk: 'sk_SK',
  de: 'de_DE',
  fr: 'fr_FR',
};

/** The address of `path` in `language` (the client reads ?lng= first), or the default without it. */
export function pageUrl(publicUrl: string, path: string, language?: Language): string {
  return language ? `${publicUrl}${path}?lng=${language}` : `${publicUrl}${path}`;
}

interface Head {
  title: string;
  description: string;
  /** indexed pages carry canonical and hreflang links */
  indexed: boolean;
  /** the LCP image, preloaded */
  image?: string;
}

function headOf(page: PageKind, t: TFunction): Head {
  switch (page.kind) {
    case 'home':
      return { title: t('home.title'), description: t('home.description'), indexed: true };
    case 'hosting':
      return {
        title: t('hosting.title'),
        description: t('hosting.description'),
        indexed: true,
        image: page.games[0]?.image_url,
      };
    case 'game': {
      const { game } = page.data;
      return {
        title:
          game.minPrice === null
            ? t('game.titleNoPrice', { name: game.name })
            : t('game.title', { name: game.name, price: Math.round(game.minPrice) }),
        description: t('game.description', { name: game.name }),
        indexed: true,
        image: game.image_url,
      };
    }
    case 'partners':
      return { title: t('partners.title'), description: t('partners.description'), indexed: true };
    case 'contact':
      return { title: t('contact.title'), description: t('contact.description'), indexed: true };
    case 'notFound':
      return { title: t('notFound.title'), description: t('notFound.description'), indexed: false };
    case 'app':
    case 'register':
      return { title: t('app.title'), description: t('app.description'), indexed: false };
  }
}

/** The public API answers the page shows, under the client's query keys (its query cache). */
export function pageQueries(page: PageKind, language: Language): SeededQuery[] {
  switch (page.kind) {
    case 'hosting':
      return [[['public', 'games'], page.games]];
    case 'game':
      return [[['public', 'game-packages', page.data.game.id], page.data]];
    case 'partners':
      return [[['public', 'site', 'partners', language], page.data]];
    case 'contact':
    case 'register':
      return [[['public', 'site', 'company', language], page.data]];
    default:
      return [];
  }
}

/**
 * The whole HTML document of `page` at `path`.
 * @param rendered the HTML of #root from the web client's server entry
 * @param stylesheets the URLs of the stylesheets the page's routes need beyond the entry's
 * @param explicit whether ?lng= named the language (the canonical address keeps it then)
 */
export function pageDocument(
  template: Template,
  page: PageKind,
  options: {
    facts: PageFacts;
    rendered: string;
    stylesheets: readonly string[];
    path: string;
    publicUrl: string;
    explicit: boolean;
  },
): string {
  const { facts, rendered, stylesheets, path, publicUrl, explicit } = options;
  const { language } = facts;
  const t = translator(language, 'seo');
  const head = headOf(page, t);
  // ?lng=xx is that language's page; without it, the page in the visitor's language is the x-default.
  const canonical = pageUrl(publicUrl, path, explicit ? language : undefined);
  const links = head.indexed
    ? html`<link rel="canonical" href="${canonical}">${LANGUAGES.map((l) => html`<link rel="alternate" hreflang="${l}" href="${pageUrl(publicUrl, path, l)}">`)}<link rel="alternate" hreflang="x-default" href="${pageUrl(publicUrl, path)}">`
    : raw('<meta name="robots" content="noindex">');
  const headHtml = html`<title>${head.title}</title><meta name="description" content="${head.description}">${links}<meta property="og:type" content="website"><meta property="og:site_name" content="Falkenhost"><meta property="og:title" content="${head.title}"><meta property="og:description" content="${head.description}"><meta property="og:url" content="${canonical}"><meta property="og:locale" content="${OG_LOCALE[language]}"><meta name="twitter:card" content="summary">${head.image ? html`<link rel="preload" as="image" href="${head.image}" fetchpriority="high">` : ''}${stylesheets.map((href) => html`<link rel="stylesheet" crossorigin href="${href}">`)}`;
  const factsScript = html`<script type="application/json" id="${PAGE_FACTS_ID}">${jsonForScript(facts)}</script>`;
  return `${template.beforeLang}${language}${template.beforeHeadEnd}${headHtml}\n  ${template.beforeRoot}<div id="root">${rendered}</div>${factsScript}${template.afterRoot}`;
}
