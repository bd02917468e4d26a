/**
 * The HTML of every page of the web client: the built index.html with the page's head (title,
 * description, canonical and hreflang links for the five languages, Open Graph) and, for the public
 * pages, their visible text rendered into #root, so crawlers and link previews see it without
 * JavaScript. React's createRoot then replaces the fragment with the same page. Every text goes through
 * the escaping `html` template.
 *
 * The fragment uses the global stylesheet's classes (fh-*) and a few rules of its own (SSR_CSS, and
 * SITE_CSS for /partners and /contact) that mirror the Mantine components' sizes, so the page does not
 * jump when React takes over.
 */

import { createHash } from 'node:crypto';
import type { GamePackagesAnswer, PublicGame, PublicPackage } from '@falkenhost/contracts/catalog';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@falkenhost/contracts/constants';
import {
  type CompanyAnswer,
  linkHost,
  type PartnersAnswer,
  type PublicPartner,
  partnerInitials,
  type SiteDocumentEntry,
} from '@falkenhost/contracts/site';
import type { TFunction } from 'i18next';
import { html, jsonForScript, raw, type SafeHtml } from '../platform/html';
import { translator } from '../platform/i18n';

export type PublicPage =
  | { kind: 'home' }
  | { kind: 'hosting'; games: PublicGame[] }
  | { kind: 'game'; data: GamePackagesAnswer }
  /** the answer of GET /api/public/site/partners?lang= in the page's language (platform/site-content.ts) */
  | { kind: 'partners'; data: PartnersAnswer }
  /** the answer of GET /api/public/site/company?lang= in the page's language */
  | { kind: 'contact'; data: CompanyAnswer }
  | { kind: 'notFound' }
  /** a page of the app (login, dashboard...): the empty shell with the site's title, not indexed */
  | { kind: 'app'; index: boolean };

/** The built index.html cut where the page's parts go. */
export interface Template {
  beforeLang: string;
  beforeHeadEnd: string;
  beforeRoot: string;
  afterRoot: string;
  /** the CSP source that allows the inline start script (`'sha256-…'`), for the pages' script-src */
  startScriptSource: string;
}

/**
 * The attribute that marks a page's first-screen elements (its Largest Contentful Paint candidates: the
 * home page's title and lead, the first game images of /hosting, a game's banner) for the Element Timing
 * API; startScript waits for the browser to report one painted.
 */
const FIRST_SCREEN = raw(' elementtiming="first-screen"');

/**
 * The inline script that loads the client's entry module and its module preloads once the page's first
 * screen has been drawn from the HTML:
 * - where the browser reports painted elements (Element Timing, Chromium) and the page marks some
 *   (`FIRST_SCREEN`), in the task after the first of them is reported, which is after it is on screen;
 * - elsewhere, in the task after the first frame following the load event (stylesheets and images in);
 * - after 3 s in any case (a tab opened in the background draws nothing).
 * The preloads follow the entry one per task (an inserted link cost the main thread 1 to 7 ms in
 * Lighthouse's traces, and four in one task up to 29 ms), all at low priority as before.
 *
 * The page is complete and its links work without JavaScript, so nothing waits for the scripts that a
 * visitor sees; requested in the HTML, their downloads competed with the stylesheet and the first
 * screen's images, and Lighthouse's simulation of a phone counted them as work before the Largest
 * Contentful Paint (LCP about 2.5 s; 1.0 to 1.9 s without them). docs/decisions.md, "Web serving and
 * speed".
 * @param entry the entry module's URL (`/assets/index-….js`)
 * @param preloads the URLs of its `<link rel="modulepreload">`s, in order
 */
export function startScript(entry: string, preloads: readonly string[]): string {
  const urls = jsonForScript({ entry, preloads }).toString();
  return `(function(){var u=${urls},d=document,w=window,P=w.PerformanceObserver,started=0;function start(){if(started)return;started=1;var s=d.createElement('script');s.type='module';s.crossOrigin='';s.fetchPriority='low';s.src=u.entry;d.head.appendChild(s);preload(0)}function preload(i){var h=u.preloads[i];if(h===undefined)return;var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.fetchPriority='low';l.href=h;d.head.appendChild(l);setTimeout(preload,0,i+1)}function later(){setTimeout(start)}var timing=!!(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('element')>=0);if(timing)new P(later).observe({type:'element',buffered:true});w.addEventListener('load',function(){if(!timing||!d.querySelector('[elementtiming]'))requestAnimationFrame(later)});setTimeout(start,3000)})()`;
}

/**
 * @throws Error when index.html lacks the parts the pages fill in (a changed index.html)
 */
export function parseTemplate(indexHtml: string): Template {
  // The page is drawn from the HTML; the scripts that make it interactive load after it (startScript).
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('apps/web/dist/index.html lacks <script type="module" crossorigin src=…>');
  const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const preloads = [...indexHtml.matchAll(preloadTag)].map((m) => m[1] as string);
  const script = startScript(entry[1] as string, preloads);
  const cleaned = indexHtml
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(entry[0], `\n    <script>${script}</script>`)
    .replace(preloadTag, '');
  const lang = cleaned.indexOf('<html lang="en"');
  const headEnd = cleaned.indexOf('</head>');
  const root = cleaned.indexOf('<div id="root"></div>');
  if (lang < 0 || headEnd < 0 || root < 0) {
    throw new Error('apps/web/dist/index.html lacks <html lang="en", </head> or <div id="root"></div>');
  }
  const langEnd = lang + '<html lang="'.length;
  return {
    beforeLang: cleaned.slice(0, langEnd),
    beforeHeadEnd: cleaned.slice(langEnd + 2, headEnd),
    beforeRoot: cleaned.slice(headEnd, root),
    afterRoot: cleaned.slice(root + '<div id="root"></div>'.length),
    startScriptSource: `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  };
}

const OG_LOCALE: Record<Language, string> = {
  en: 'en_US',
  cs: 'cs_CZ',
  sk: 'sk_SK',
  de: 'de_DE',
  fr: 'fr_FR',
};

/** Mirrors the sizes of the Mantine components the React pages use (theme.ts, Mantine's defaults). */
const SSR_CSS = raw(
  `.s-c{max-width:1140px;margin:0 auto;padding:0 16px}` +
    `.s-hd{position:sticky;top:0;z-index:100;background:rgba(12,13,33,.82);border-bottom:1px solid var(--mantine-color-dark-5)}` +
    `.s-hd .s-c{display:flex;align-items:center;justify-content:space-between;padding-top:10px;padding-bottom:10px}` +
    `.s-pill{font-size:16px;font-weight:400;line-height:1.55;padding:0}` +
    `.s-logo{display:flex;align-items:center;gap:8px;color:#fff;font-weight:800;font-size:18px;letter-spacing:.02em;text-decoration:none}` +
    `.s-nav{display:none;align-items:center;gap:20px;min-height:40px}` +
    `.s-burger{width:38px;height:38px;display:flex;flex-direction:column;justify-content:center;gap:5px;padding:0 7px}` +
    `.s-burger i{display:block;height:2px;background:#fff;border-radius:2px}` +
    `@media(min-width:48em){.s-nav{display:flex}.s-burger{display:none}}.s-nav select:disabled{opacity:1}` +
    `.s-b{display:inline-flex;align-items:center;justify-content:center;height:36px;padding:0 18px;border-radius:8px;font-weight:600;font-size:14px;text-decoration:none;color:#fff;background:var(--mantine-color-falken-7);border:1px solid transparent}` +
    `.s-b.s-d{background:var(--mantine-color-dark-6);border-color:var(--mantine-color-dark-4)}` +
    `.s-b.s-lg{height:50px;padding:0 26px;font-size:18px}` +
    `.s-b.s-g{background:linear-gradient(135deg,var(--mantine-color-falken-7),var(--mantine-color-cyan-8))}` +
    `.s-hero{padding:48px 0}.s-hero h1{font-size:36px;line-height:1.05;font-weight:800;margin:0}` +
    `@media(min-width:48em){.s-hero h1{font-size:48px}}@media(min-width:62em){.s-hero{padding:88px 0}.s-hero h1{font-size:56px}}` +
    `.s-stack{display:flex;flex-direction:column;gap:20px;justify-content:center}` +
    `.s-row{display:flex;flex-wrap:wrap;gap:16px}.s-stats{display:flex;flex-wrap:wrap;gap:32px;margin-top:10px}` +
    `.s-lead{font-size:18px;line-height:1.55;color:var(--mantine-color-dark-0);max-width:520px;margin:0}` +
    `.s-big{font-weight:800;font-size:20px;margin:0}.s-sm{font-size:14px;color:var(--mantine-color-dark-1);margin:0}` +
    `.s-art{display:none}@media(min-width:48em){.s-art{display:block}}` +
    `.s-h2{text-align:center;font-size:26px;font-weight:800;margin:0 0 32px;line-height:1.35}` +
    `.s-feat{padding:20px}.s-feat h3{font-size:16px;font-weight:800;margin:0 0 6px;line-height:1.45}` +
    `.s-page{padding-top:32px;padding-bottom:32px}.s-page h1{font-size:34px;font-weight:800;line-height:1.3;margin:0 0 4px}` +
    `.s-grid{display:grid;gap:20px;grid-template-columns:1fr}` +
    `@media(min-width:48em){.s-grid{grid-template-columns:repeat(2,1fr)}}@media(min-width:62em){.s-grid{grid-template-columns:repeat(3,1fr)}}` +
    `.s-card{display:block;background:var(--mantine-color-dark-7);border:1px solid var(--mantine-color-dark-4);border-radius:16px;padding:20px;color:inherit;text-decoration:none;overflow:hidden}` +
    `.s-card>img{display:block;width:calc(100% + 40px);height:170px;object-fit:cover;margin:-20px -20px 16px}` +
    `.s-card h2{font-size:18px;font-weight:800;margin:0 0 10px;line-height:1.35}` +
    `.s-badges{display:flex;gap:6px;flex-wrap:wrap;margin-top:10px}` +
    `.s-badge{font-size:11px;font-weight:700;text-transform:uppercase;padding:0 8px;line-height:20px;border-radius:4px;color:var(--mantine-color-gray-4);background:rgba(134,142,150,.15)}` +
    `.s-banner{position:relative;min-height:180px;overflow:hidden;display:flex;align-items:flex-end}@media(min-width:48em){.s-banner{min-height:240px}}` +
    `.s-banner>img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;filter:brightness(.55)}` +
    `.s-banner .s-c{position:relative;width:100%;padding-top:32px}` +
    `.s-banner .s-stack{gap:10px;padding-bottom:20px}.s-banner h1{color:#fff;font-size:34px;font-weight:800;line-height:1.3;margin:0}` +
    `.s-banner a{color:var(--mantine-color-gray-3);font-size:14px;line-height:1.45;text-decoration:none}` +
    `.s-pk h2{font-size:20px;font-weight:800;margin:0 0 16px;line-height:1.35}.s-pk .s-card h2{font-size:18px;margin:0}` +
    `.s-pkh{display:flex;gap:16px;align-items:center;margin-bottom:16px}.s-pkh img{border-radius:8px}` +
    `.s-price{font-weight:800;font-size:20px;margin:2px 0 0}` +
    `.s-hr{border-top:1px solid var(--mantine-color-dark-4);margin-bottom:12px}.s-banner .s-badges{margin-top:0}` +
    `.s-pk .s-b{width:100%;margin-top:20px;font:inherit;font-size:14px;font-weight:600}.s-carousel{height:66px}.s-st{font-size:18px;font-weight:800;line-height:1.35;margin:0 0 10px}` +
    `.s-nf{padding:80px 16px;text-align:center}.s-nf h1{font-size:34px;font-weight:800;margin:0 0 16px}`,
);

/**
 * The rules only /partners and /contact use (their cards, panels and the footer of the client's layout),
 * sent with those pages alone.
 */
const SITE_CSS = raw(
  `.s-sub{font-size:16px;line-height:1.55;color:var(--mantine-color-dark-1);margin:0 0 32px}` +
    `.s-ph{font-size:18px;font-weight:800;line-height:1.35;margin:0}.s-t{font-size:14px;line-height:1.45;color:var(--mantine-color-dark-0);margin:0}` +
    `.s-a{color:var(--mantine-color-cyan-3);font-weight:400;text-decoration:none}.s-a:hover{text-decoration:underline}.s-a.s-sma{font-size:14px;line-height:1.45}` +
    `.s-panel h2{font-size:20px;font-weight:800;line-height:1.35;margin:0 0 16px}.s-meta{font-size:12px;line-height:1.4;color:var(--mantine-color-dark-1);margin:0}` +
    `.s-shell{min-height:100vh;display:flex;flex-direction:column}.s-shell>main{flex:1}` +
    `.s-ft{margin-top:32px;padding:32px 0;border-top:1px solid var(--mantine-color-dark-5)}` +
    `.s-ftg{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:flex-start;gap:32px}.s-fts{display:flex;flex-direction:column;gap:6px}` +
    `.s-ft p{font-size:14px;line-height:1.45;color:var(--mantine-color-dark-1);margin:0}.s-ft p.s-fb{font-weight:700;color:inherit}` +
    `.s-ft a{font-size:14px;line-height:1.45;color:var(--mantine-color-dark-0);text-decoration:none}.s-ft a:hover{text-decoration:underline}.s-ft p.s-fc{font-size:12px;line-height:1.4;margin-top:32px}`,
);

/** The Falkenhost mark at `size` px (apps/web/src/components/logo.tsx). */
function logo(size: number): SafeHtml {
  return raw(
    `<svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true"><defs><linearGradient id="fh-logo-s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9a7ce6"/><stop offset="1" stop-color="#22b8cf"/></linearGradient></defs><rect width="32" height="32" rx="8" fill="#1d1e30"/><path d="M5 22c6-1 10-5 12-12 1 5 4 8 10 9-6 1-9 3-11 7-2-3-6-4-11-4z" fill="url(#fh-logo-s)"/></svg>`,
  );
}
const LOGO = logo(30);
const FOOTER_LOGO = logo(26);

/** The home page's decorative server rack (the React page draws the same). */
const HERO_ART = raw(
  `<svg viewBox="0 0 420 320" width="100%" aria-hidden="true"><defs><linearGradient id="s-hero-a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7b54de"/><stop offset="1" stop-color="#22b8cf"/></linearGradient><radialGradient id="s-hero-glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#7b54de" stop-opacity="0.55"/><stop offset="1" stop-color="#7b54de" stop-opacity="0"/></radialGradient></defs><circle cx="210" cy="160" r="160" fill="url(#s-hero-glow)"/>${[
    0, 1, 2, 3,
  ]
    .map(
      (row) =>
        `<g transform="translate(90 ${50 + row * 56})"><rect width="240" height="44" rx="10" fill="#1d1e30" stroke="url(#s-hero-a)" stroke-width="2"/><rect x="16" y="14" width="110" height="6" rx="3" fill="#34354a"/><rect x="16" y="25" width="${60 + row * 14}" height="6" rx="3" fill="url(#s-hero-a)"/><circle cx="196" cy="22" r="5" fill="${row === 2 ? '#fab005' : '#40c057'}"/><circle cx="216" cy="22" r="5" fill="#22b8cf" opacity="0.8"/></g>`,
    )
    .join(
      '',
    )}<path d="M40 280 L120 250 L180 268 L260 236 L380 262" stroke="url(#s-hero-a)" stroke-width="3" fill="none"/><circle cx="260" cy="236" r="6" fill="#22b8cf"/></svg>`,
);

/** The address of `path` in `language` (the client reads ?lng= first), or the default without it. */
function pageUrl(publicUrl: string, path: string, language?: Language): string {
  return language ? `${publicUrl}${path}?lng=${language}` : `${publicUrl}${path}`;
}

/** The client's native language select, drawn the same (disabled) until React makes it work. */
function languagePicker(t: TFunction, language: Language): SafeHtml {
  return html`<select class="fh-language-picker" disabled aria-label="${t('common:language.label')}">${LANGUAGES.map((code) => html`<option value="${code}"${raw(code === language ? ' selected' : '')}>${LANGUAGE_NAMES[code]}</option>`)}</select>`;
}

function header(t: TFunction, language: Language): SafeHtml {
  const q = `?lng=${language}`;
  return html`<header class="s-hd"><div class="s-c"><a href="/${q}" class="s-logo" aria-label="${t('common:nav.home')}">${LOGO}<span>Falkenhost</span></a><nav class="s-nav" aria-label="${t('common:nav.main')}"><a href="/hosting${q}" class="fh-link">${t('common:nav.hosting')}</a><a href="/login" class="s-b s-d">${t('common:nav.login')}</a><a href="/register" class="s-b">${t('common:nav.register')}</a>${languagePicker(t, language)}</nav><span class="s-burger" aria-hidden="true"><i></i><i></i><i></i></span></div></header>`;
}

function platformBadges(t: TFunction, game: Pick<PublicGame, 'desktop' | 'console' | 'mobile'>): SafeHtml {
  const flags = (['desktop', 'console', 'mobile'] as const).filter((key) => game[key]);
  return html`<div class="s-badges" role="group" aria-label="${t('catalog:platforms.label')}">${flags.map((key) => html`<span class="s-badge">${t(`catalog:platforms.${key}`)}</span>`)}</div>`;
}

/**
 * The site's footer (apps/web/src/components/layout/site-footer.tsx), for the short pages whose footer is
 * above the fold at desktop widths (/partners, /contact); the longer pages leave it to React.
 */
function footer(t: TFunction, language: Language): SafeHtml {
  const q = `?lng=${language}`;
  return html`<footer class="s-ft"><div class="s-c"><div class="s-ftg"><div class="s-fts" style="max-width:360px"><span class="s-logo">${FOOTER_LOGO}<span>Falkenhost</span></span><p>${t('common:footer.tagline')}</p></div><div class="s-fts"><p class="s-fb">${t('common:footer.product')}</p><a href="/hosting${q}">${t('common:nav.hosting')}</a><a href="/dashboard">${t('common:nav.dashboard')}</a></div><div class="s-fts"><p class="s-fb">${t('common:footer.company')}</p><a href="/partners${q}">${t('common:nav.partners')}</a><a href="/contact${q}">${t('common:nav.contact')}</a><p>${t('common:footer.location')}</p><p>${t('common:footer.vat')}</p></div></div><p class="s-fc">${t('common:footer.copyright', { year: new Date().getFullYear() })}</p></div></footer>`;
}

/** The home page's feature cards: key, colour and icon (apps/web/src/components/marketing-icons.tsx). */
const FEATURES = [
  ['ssd', 'falken', '<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M7 15h.01M11 15h6"/>'],
  ['ddos', 'cyan', '<path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z"/><path d="M9 12l2 2 4-4"/>'],
  [
    'setup',
    'grape',
    '<path d="M5 15c-1 1-2 4-2 6 2 0 5-1 6-2M9 15l-3-3c1-5 5-9 12-9 0 7-4 11-9 12z"/><circle cx="15" cy="9" r="1.5"/>',
  ],
  [
    'cpu',
    'teal',
    '<rect x="6" y="6" width="12" height="12" rx="2"/><rect x="9" y="9" width="6" height="6"/><path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4"/>',
  ],
  [
    'support',
    'indigo',
    '<path d="M4 14v-2a8 8 0 0 1 16 0v2"/><rect x="2" y="14" width="5" height="6" rx="1.5"/><rect x="17" y="14" width="5" height="6" rx="1.5"/>',
  ],
] as const;

function home(t: TFunction, language: Language): SafeHtml {
  const stats = (['rating', 'ddos', 'location'] as const).map(
    (key) =>
      html`<div><p class="s-big">${t(`home:hero.${key}Value`)}</p><p class="s-sm">${t(`home:hero.${key}`)}</p></div>`,
  );
  const features = FEATURES.map(
    ([key, color, icon]) =>
      html`<div class="fh-feature s-feat"><div class="fh-feature-icon" style="color:var(--mantine-color-${raw(color)}-3);background:var(--mantine-color-${raw(color)}-light)"><svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${raw(icon)}</svg></div><h3>${t(`home:features.${key}.title`)}</h3><p class="s-sm">${t(`home:features.${key}.text`)}</p></div>`,
  );
  return html`<section class="s-hero" aria-labelledby="hero-title"><div class="s-c"><div class="fh-hero-grid"><div class="s-stack"><span class="fh-pill s-pill">${t('home:hero.badge')}</span><h1 id="hero-title"${FIRST_SCREEN}>${t('home:hero.titleStart')} <span class="fh-gradient-text">${t('home:hero.titleAccent')}</span></h1><p class="s-lead"${FIRST_SCREEN}>${t('home:hero.subline')}</p><div class="s-row"><a href="/hosting?lng=${language}" class="s-b s-lg s-g">${t('home:hero.cta')}</a><a href="/register" class="s-b s-d s-lg">${t('home:hero.secondary')}</a></div><div class="s-stats">${stats}</div></div><div class="s-art">${HERO_ART}</div></div></div></section><section class="s-c" aria-labelledby="features-title" style="padding-bottom:64px"><h2 id="features-title" class="s-h2">${t('home:features.title')}</h2><div class="fh-feature-grid">${features}</div></section>`;
}

function hosting(t: TFunction, language: Language, games: PublicGame[]): SafeHtml {
  const whole = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const cards = games.map(
    (game, i) =>
      html`<a href="/game/${game.id}?lng=${language}" class="s-card" aria-label="${t('catalog:games.open', { name: game.name })}"><img src="${game.image_url}" alt="${t('catalog:games.imageAlt', { name: game.name })}" width="400" height="170"${raw(i < 3 ? ` fetchpriority="high"${FIRST_SCREEN}` : ' loading="lazy"')}><h2>${game.name}</h2><p class="s-sm" style="color:var(--mantine-color-dark-0)">${game.minPrice === null ? t('catalog:games.noPrice') : t('catalog:games.fromPrice', { price: whole.format(Math.round(game.minPrice)) })}</p>${platformBadges(t, game)}</a>`,
  );
  return html`<div class="s-c s-page"><h1>${t('catalog:games.title')}</h1><p class="s-sm" style="margin-bottom:32px;font-size:16px">${t('catalog:games.subtitle')}</p>${games.length === 0 ? html`<p style="text-align:center;padding:32px 0">${t('catalog:games.empty')}</p>` : html`<div class="s-grid">${cards}</div>`}</div>`;
}

function packageCard(t: TFunction, language: Language, pkg: PublicPackage): SafeHtml {
  const number = new Intl.NumberFormat(language);
  const whole = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const unlimited = t('catalog:packages.unlimited');
  const ram =
    pkg.ram_size === 0
      ? unlimited
      : pkg.ram_size >= 1024
        ? t('catalog:packages.gb', { value: number.format(Math.round((pkg.ram_size / 1024) * 10) / 10) })
        : t('catalog:packages.mb', { value: number.format(pkg.ram_size) });
  const rows: [string, string][] = [
    ['ram', ram],
    ['vcpu', pkg.vcpu === 0 ? unlimited : t('catalog:packages.percent', { value: number.format(pkg.vcpu) })],
    [
      'storage',
      pkg.storage_size === 0
        ? unlimited
        : t('catalog:packages.gb', { value: number.format(pkg.storage_size) }),
    ],
    ['slots', pkg.slots === 0 ? unlimited : number.format(pkg.slots)],
    ['databases', number.format(pkg.databases)],
    ['backups', number.format(pkg.backups)],
    ['ports', number.format(pkg.ports)],
    ['bandwidth', unlimited],
  ];
  const credits = Math.round(pkg.credits_monthly);
  return html`<div class="s-card"><div class="s-pkh"><img src="${pkg.thumbnail_url}" alt="" width="64" height="64" loading="lazy"><div><h2>${pkg.name}</h2><p class="s-price fh-gradient-text">${t('catalog:packages.creditsPerMonth', { credits: whole.format(credits), count: credits })}</p></div></div><div class="s-hr"></div><dl class="fh-resources">${rows.map(([key, value]) => html`<div><dt>${t(`catalog:packages.${key}`)}</dt><dd>${value}</dd></div>`)}</dl><button type="button" class="s-b" disabled aria-label="${t('catalog:packages.orderNamed', { name: pkg.name })}">${t('catalog:packages.order')}</button></div>`;
}

function game(t: TFunction, language: Language, data: GamePackagesAnswer): SafeHtml {
  const { game, packages } = data;
  return html`<div class="s-banner"><img src="${game.image_url}" alt="" width="1280" height="240" fetchpriority="high"${FIRST_SCREEN}><div class="s-c"><div class="s-stack"><a href="/hosting?lng=${language}">${t('catalog:game.backShort')}</a><h1>${t('catalog:game.title', { name: game.name })}</h1>${platformBadges(t, game)}</div></div></div><div class="s-c s-page"><div class="s-stack" style="gap:32px">${game.name === 'Minecraft' ? html`<section aria-labelledby="server-types-title"><h2 id="server-types-title" class="s-st">${t('catalog:serverTypes.title')}</h2><div class="s-carousel"></div></section>` : ''}${
    packages.length === 0
      ? html`<p style="text-align:center;font-size:18px">${t('catalog:game.noPackages')}</p><p style="text-align:center"><a href="/hosting?lng=${language}" class="s-b s-d">${t('catalog:game.back')}</a></p>`
      : html`<section class="s-pk" aria-labelledby="packages-title"><h2 id="packages-title">${t('catalog:packages.title')}</h2><div class="s-grid">${packages.map((pkg) => packageCard(t, language, pkg))}</div></section>`
  }</div></div>`;
}

/** One card of /partners (apps/web/src/features/site/components/partner-card.tsx). */
function partnerCard(t: TFunction, partner: PublicPartner): SafeHtml {
  const social =
    partner.social.length > 0
      ? html`<ul class="fh-social" aria-label="${t('site:partners.social', { name: partner.name })}">${partner.social.map((link) => html`<li><a href="${link.url}" class="fh-social-link" aria-label="${t('site:partners.socialLink', { name: partner.name, network: t(`site:networks.${link.network}`) })}">${t(`site:networks.${link.network}`)}</a></li>`)}</ul>`
      : '';
  return html`<article class="fh-feature fh-partner" aria-labelledby="partner-${partner.id}"><div class="fh-partner-head"><span class="fh-partner-badge" aria-hidden="true">${partnerInitials(partner.name)}</span><div><h2 id="partner-${partner.id}" class="s-ph">${partner.name}</h2><a href="${partner.url}" class="s-a s-sma">${linkHost(partner.url)}</a></div></div><p class="s-t">${partner.description}</p>${social}</article>`;
}

function partners(t: TFunction, data: PartnersAnswer): SafeHtml {
  return html`<div class="s-c s-page"><h1>${t('site:partners.title')}</h1><p class="s-sub">${t('site:partners.subtitle')}</p>${data.partners.length === 0 ? html`<p style="text-align:center;padding:32px 0;margin:0;color:var(--mantine-color-dark-0)">${t('site:partners.empty')}</p>` : html`<div class="fh-card-grid">${data.partners.map((partner) => partnerCard(t, partner))}</div>`}</div>`;
}

/** The name of a language in the page's language ("English", "angličtina"), as contact-page.tsx. */
function languageName(code: string, inLanguage: string): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const DOCUMENT_ICON = raw(
  '<svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" class="fh-document-icon"><path d="M6 2h8l5 5v15H6zM14 2v5h5M9 13h7M9 17h7" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/></svg>',
);

/** A document's download link with its format and, when it is another language's file, that language. */
function documentRow(t: TFunction, language: Language, document: SiteDocumentEntry): SafeHtml {
  const meta = [
    t(`site:formats.${document.format}`),
    document.language === language ? null : languageName(document.language, language),
  ]
    .filter(Boolean)
    .join(' · ');
  return html`<li class="fh-document">${DOCUMENT_ICON}<div><a href="${document.url}" download class="fh-document-link">${t(`site:documents.${document.id}`)}</a><p class="s-meta">${meta}</p></div></li>`;
}

/** /contact (apps/web/src/features/site/components/contact-page.tsx): company details and documents. */
function contact(t: TFunction, language: Language, company: CompanyAnswer): SafeHtml {
  const details = html`<dl class="fh-details"><dt>${t('site:contact.name')}</dt><dd>${company.name}</dd><dt>${t('site:contact.address')}</dt><dd>${company.addressLines.map((line) => html`<span class="fh-line">${line}</span>`)}</dd><dt>${t('site:contact.companyId')}</dt><dd>${company.companyId}</dd><dt>${t('site:contact.email')}</dt><dd><a href="mailto:${company.email}" class="s-a">${company.email}</a></dd><dt>${t('site:contact.vat')}</dt><dd>${t('site:contact.notVatPayer')}</dd></dl>`;
  const documents =
    company.documents.length === 0
      ? html`<p style="margin:0;color:var(--mantine-color-dark-0)">${t('site:contact.noDocuments')}</p>`
      : html`<ul class="fh-documents">${company.documents.map((document) => documentRow(t, language, document))}</ul>`;
  return html`<div class="s-c s-page"><h1>${t('site:contact.title')}</h1><p class="s-sub">${t('site:contact.subtitle')}</p><div class="fh-split fh-split-top"><section class="fh-feature fh-panel s-panel" aria-labelledby="company-title"><h2 id="company-title">${t('site:contact.company')}</h2>${details}</section><section class="fh-feature fh-panel s-panel" aria-labelledby="documents-title"><h2 id="documents-title">${t('site:contact.documents')}</h2>${documents}</section></div></div>`;
}

function notFound(t: TFunction, language: Language): SafeHtml {
  return html`<div class="s-nf"><h1>${t('common:notFound.title')}</h1><p class="s-lead" style="margin:0 auto 24px">${t('common:notFound.text')}</p><a href="/?lng=${language}" class="s-b">${t('common:notFound.home')}</a></div>`;
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

function body(page: PublicPage, t: TFunction, language: Language): SafeHtml | undefined {
  switch (page.kind) {
    case 'home':
      return home(t, language);
    case 'hosting':
      return hosting(t, language, page.games);
    case 'game':
      return game(t, language, page.data);
    case 'partners':
      return partners(t, page.data);
    case 'contact':
      return contact(t, language, page.data);
    case 'notFound':
      return notFound(t, language);
    default:
      // The app's pages have no public text.
      return undefined;
  }
}

/**
 * Answers of the public API the page was rendered from, for the client's query cache, under the
 * client's query keys (features/catalog/api, features/site/api/site.ts; the site's carry the language).
 */
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

/**
 * The whole HTML document of `page` at `path` (no query) in `language`; `explicit` when the address
 * named the language (?lng=).
 */
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
  // The address asked for: ?lng=xx is that language's page; without it, the page in the visitor's
  // language (cookie, Accept-Language) is the x-default one.
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
