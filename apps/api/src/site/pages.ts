/**
 * Every client page's HTML: index.html with the page's head and, for public pages, their visible text, so
 * crawlers and link previews see it without JavaScript (decisions/090-server-rendered-pages.md).
 */

import { LANGUAGES, type Language } from '@falkenhost/contracts/constants';
import type { TFunction } from 'i18next';
import { html, jsonForScript, raw, type SafeHtml } from '../platform/html';
import { translator } from '../platform/i18n';
import { body, footer, header, type PublicPage } from './page-bodies';
import { SITE_CSS, SSR_CSS } from './page-styles';
import type { Template } from './template';

const OG_LOCALE: Record<Language, string> = {
  en: 'en_US',
  cs: 'cs_CZ',
  sk: 'sk_SK',
  de: 'de_DE',
  fr: 'fr_FR',
};

/** The address of `path` in `language` (the client reads ?lng= first), or the default without it. */
function pageUrl(publicUrl: string, path: string, language?: Language): string {
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

function headOf(page: PublicPage, t: TFunction): Head {
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
      return { title: t('app.title'), description: t('app.description'), indexed: page.index };
  }
}

/** The public API answers the page was rendered from, under the client's query keys (its query cache). */
function serverData(page: PublicPage, language: Language): SafeHtml | undefined {
  const queries =
    page.kind === 'hosting'
      ? [[['public', 'games'], page.games]]
      : page.kind === 'game'
        ? [[['public', 'game-packages', page.data.game.id], page.data]]
        : page.kind === 'partners'
          ? [[['public', 'site', 'partners', language], page.data]]
          : page.kind === 'contact'
            ? [[['public', 'site', 'company', language], page.data]]
            : undefined;
  return queries && html`<script type="application/json" id="fh-data">${jsonForScript({ queries })}</script>`;
}

/** The whole HTML document of `page` at `path` in `language`; `explicit` when ?lng= named the language. */
export function renderPage(
  template: Template,
  page: PublicPage,
  options: {
    language: Language;
    path: string;
    publicUrl: string;
    explicit: boolean;
  },
): string {
  const { language, path, publicUrl, explicit } = options;
  const t = translator(language, 'seo');
  const head = headOf(page, t);
  const withFooter = page.kind === 'partners' || page.kind === 'contact';
  // ?lng=xx is that language's page; without it, the page in the visitor's language is the x-default.
  const canonical = pageUrl(publicUrl, path, explicit ? language : undefined);
  const links = head.indexed
    ? html`<link rel="canonical" href="${canonical}">${LANGUAGES.map((l) => html`<link rel="alternate" hreflang="${l}" href="${pageUrl(publicUrl, path, l)}">`)}<link rel="alternate" hreflang="x-default" href="${pageUrl(publicUrl, path)}">`
    : raw('<meta name="robots" content="noindex">');
  const headHtml = html`<title>${head.title}</title><meta name="description" content="${head.description}">${links}<meta property="og:type" content="website"><meta property="og:site_name" content="Falkenhost"><meta property="og:title" content="${head.title}"><meta property="og:description" content="${head.description}"><meta property="og:url" content="${canonical}"><meta property="og:locale" content="${OG_LOCALE[language]}"><meta name="twitter:card" content="summary">${head.image ? html`<link rel="preload" as="image" href="${head.image}" fetchpriority="high">` : ''}<style>${SSR_CSS}${withFooter ? SITE_CSS : ''}</style>`;
  const fragment = body(page, t, language);
  const content = !fragment
    ? ''
    : withFooter
      ? // The page's column as the client's layout draws it: the footer at the bottom of a short page.
        html`<div class="s-shell">${header(t, language)}<main id="main">${fragment}</main>${footer(t, language)}</div>`
      : html`${header(t, language)}<main id="main">${fragment}</main>`;
  // The data sits outside #root, which React empties when it takes over.
  return `${template.beforeLang}${language}${template.beforeHeadEnd}${headHtml}\n  ${template.beforeRoot}<div id="root">${content}</div>${serverData(page, language) ?? ''}${template.afterRoot}`;
}
