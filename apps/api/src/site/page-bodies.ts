/** The public pages' text as HTML, drawn like the React pages (decisions/090-server-rendered-pages.md). */
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
import { html, raw, type SafeHtml } from '../platform/html';
import { FOOTER_LOGO, HERO_ART, LOGO } from './page-styles';
import { FIRST_SCREEN } from './template';

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

function languagePicker(t: TFunction, language: Language): SafeHtml {
  return html`<select class="fh-language-picker" disabled aria-label="${t('common:language.label')}">${LANGUAGES.map((code) => html`<option value="${code}"${raw(code === language ? ' selected' : '')}>${LANGUAGE_NAMES[code]}</option>`)}</select>`;
}

export function header(t: TFunction, language: Language): SafeHtml {
  const q = `?lng=${language}`;
  return html`<header class="s-hd"><div class="s-c"><a href="/${q}" class="s-logo" aria-label="${t('common:nav.home')}">${LOGO}<span>Falkenhost</span></a><nav class="s-nav" aria-label="${t('common:nav.main')}"><a href="/hosting${q}" class="fh-link">${t('common:nav.hosting')}</a><a href="/login" class="s-b s-d">${t('common:nav.login')}</a><a href="/register" class="s-b">${t('common:nav.register')}</a>${languagePicker(t, language)}</nav><span class="s-burger" aria-hidden="true"><i></i><i></i><i></i></span></div></header>`;
}

function platformBadges(t: TFunction, game: Pick<PublicGame, 'desktop' | 'console' | 'mobile'>): SafeHtml {
  const flags = (['desktop', 'console', 'mobile'] as const).filter((key) => game[key]);
  return html`<div class="s-badges" role="group" aria-label="${t('catalog:platforms.label')}">${flags.map((key) => html`<span class="s-badge">${t(`catalog:platforms.${key}`)}</span>`)}</div>`;
}

/** The site's footer (site-footer.tsx), for short pages, footer above the fold (/partners, /contact). */
export function footer(t: TFunction, language: Language): SafeHtml {
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

/** The page's visible text, or undefined for the app's pages, which have none. */
export function body(page: PublicPage, t: TFunction, language: Language): SafeHtml | undefined {
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
      return undefined;
  }
}
