/**
 * The public pages as the server renders them with the web client's components (site/page-routes.ts,
 * document.ts, apps/web/src/entry-server.tsx): the visible text in the language asked, the head, the facts
 * the browser hydrates from (language, cookie notice, public answers under the client's query keys), every
 * value escaped in the HTML and in the JSON, and the not-found page. No assertion names a component's markup.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import csCatalog from '@falkenhost/locales/cs/catalog.json';
import deHome from '@falkenhost/locales/de/home.json';
import de from '@falkenhost/locales/de/seo.json';
import enCatalog from '@falkenhost/locales/en/catalog.json';
import enCommon from '@falkenhost/locales/en/common.json';
import enHome from '@falkenhost/locales/en/home.json';
import en from '@falkenhost/locales/en/seo.json';
import enSite from '@falkenhost/locales/en/site.json';
import frCatalog from '@falkenhost/locales/fr/catalog.json';
import frSite from '@falkenhost/locales/fr/site.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/platform/html';
import { type Product, startProduct } from '../harness';
import { attributes, factsText, pageFacts, squeezed, visibleText } from './page-html';

interface SiteAnswers {
  partners: {
    id: string;
    name: string;
    description: string;
    url: string;
    social: { network: keyof typeof enSite.networks; url: string }[];
  }[];
  company: {
    name: string;
    addressLines: string[];
    companyId: string;
    email: string;
    documents: { id: keyof typeof enSite.documents; url: string }[];
  };
}

/** The public API's answers /partners and /contact are rendered from, in `language`. */
async function siteAnswers(product: Product, language: string) {
  const get = async (path: string) =>
    (await fetch(`${product.url}/api/public/site/${path}?lang=${language}`)).json();
  const partners = (await get('partners')) as { partners: SiteAnswers['partners'] };
  return { partners, company: (await get('company')) as SiteAnswers['company'] };
}

/** A page's text as fetch gives it. */
async function html(product: Product, path: string, headers: Record<string, string> = {}) {
  return (await fetch(`${product.url}${path}`, { headers })).text();
}

/** The locale's template with its {{placeholders}} filled. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(values[key]));
}

describe('the server-rendered public pages', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct('sqlite');
  });
  afterAll(async () => product?.close());

  it('renders the home page with its head, hreflang links and visible text in the language asked', async () => {
    const url = product.url;
    const text = await html(product, '/');
    expect(text).toContain('<html lang="en"');
    expect(text).toContain(`<title>${escapeHtml(en.home.title)}</title>`);
    expect(text).toContain(`<meta name="description" content="${escapeHtml(en.home.description)}">`);
    // Without ?lng= the page is the x-default one, in the visitor's language, and its own canonical.
    expect(text).toContain(`<link rel="canonical" href="${url}/">`);
    for (const language of ['en', 'cs', 'sk', 'de', 'fr']) {
      expect(text).toContain(`<link rel="alternate" hreflang="${language}" href="${url}/?lng=${language}">`);
    }
    expect(text).toContain(`<link rel="alternate" hreflang="x-default" href="${url}/">`);
    expect(text).toContain(`<meta property="og:title" content="${escapeHtml(en.home.title)}">`);
    expect(text).not.toContain('<meta name="robots"');
    const visible = visibleText(text);
    expect(visible).toContain(squeezed(enHome.hero.titleStart));
    expect(visible).toContain(squeezed(enHome.hero.titleAccent));
    for (const key of ['ssd', 'ddos', 'setup', 'cpu', 'support'] as const) {
      expect(visible).toContain(squeezed(enHome.features[key].title));
    }
    expect(pageFacts(text)).toEqual({ language: 'en', cookiesAccepted: false, queries: [], session: null });

    const german = await html(product, '/?lng=de');
    expect(german).toContain('<html lang="de"');
    expect(german).toContain(`<title>${escapeHtml(de.home.title)}</title>`);
    expect(german).toContain(`<link rel="canonical" href="${url}/?lng=de">`);
    expect(visibleText(german)).toContain(squeezed(deHome.hero.titleStart));
    expect(visibleText(german)).toContain(squeezed(deHome.features.ssd.title));
    expect(visibleText(german)).not.toContain(squeezed(enHome.features.ssd.title));
    expect(pageFacts(german).language).toBe('de');
    // Without ?lng= the client's cookie, then Accept-Language choose, as the client would.
    const byHeader = await html(product, '/', { 'accept-language': 'de-AT,de;q=0.9' });
    expect(byHeader).toContain('<html lang="de"');
    expect(pageFacts(byHeader).language).toBe('de');
    const byCookie = await html(product, '/', { cookie: 'i18next=cs', 'accept-language': 'de' });
    expect(byCookie).toContain('<html lang="cs"');
    expect(pageFacts(byCookie).language).toBe('cs');
  });

  it('keeps a language named by ?lng= in the cookie the page is rendered by, so the next page without it is in that language', async () => {
    const named = await fetch(`${product.url}/hosting?lng=cs`, { headers: { 'accept-language': 'en' } });
    expect(named.headers.get('set-cookie')).toBe('i18next=cs; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(visibleText(await named.text())).toContain(squeezed(csCatalog.games.title));
    const next = await fetch(`${product.url}/hosting`, {
      headers: { 'accept-language': 'en', cookie: 'i18next=cs' },
    });
    expect(next.headers.get('set-cookie')).toBeNull();
    expect(visibleText(await next.text())).toContain(squeezed(csCatalog.games.title));
    const again = await fetch(`${product.url}/?lng=cs`, { headers: { cookie: 'i18next=cs' } });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${product.url}/partners`)).headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${product.url}/?lng=xx`)).headers.get('set-cookie')).toBeNull();
  });

  it('renders /hosting with every game and its starting price, and seeds the games query with the API answer', async () => {
    const hosting = await html(product, '/hosting?lng=en');
    expect(hosting).toContain(`<title>${escapeHtml(en.hosting.title)}</title>`);
    expect(hosting).toContain(`<link rel="canonical" href="${product.url}/hosting?lng=en">`);
    const games = (await (await fetch(`${product.url}/api/public/store/games`)).json()) as {
      id: number;
      name: string;
      minPrice: number | null;
    }[];
    expect(games.length).toBeGreaterThan(3);
    const visible = visibleText(hosting);
    const links = attributes(hosting, 'href');
    expect(visible).toContain(squeezed(enCatalog.games.title));
    for (const game of games) {
      expect(links).toContain(`/game/${game.id}`);
      expect(visible).toContain(game.name);
      if (game.minPrice !== null) {
        expect(visible).toContain(
          `${game.name} ${fill(enCatalog.games.fromPrice, { price: Math.round(game.minPrice) })}`,
        );
      }
    }
    // The client's query cache gets the same answer, under its key (features/catalog); a visitor without a
    // session cookie is a guest, so the browser has no session to ask for.
    expect(pageFacts(hosting)).toEqual({
      language: 'en',
      cookiesAccepted: false,
      queries: [[['public', 'games'], games]],
      session: null,
    });
    // With a session cookie the page is another one: the session is left for the browser to ask.
    const withHint = await html(product, '/hosting?lng=en', { cookie: 'fh_session=1' });
    expect(pageFacts(withHint)).toEqual({
      language: 'en',
      cookiesAccepted: false,
      queries: [[['public', 'games'], games]],
    });
    expect(pageFacts(await html(product, '/hosting?lng=en'))).toHaveProperty('session', null);
  });

  it('renders /game/1 with its packages in the language asked, its title in the head and its answer in the facts', async () => {
    const answer = (await (await fetch(`${product.url}/api/public/store/games/packages?id=1`)).json()) as {
      game: { name: string; minPrice: number };
      packages: { name: string; credits_monthly: number; ram_size: number }[];
    };
    const { game, packages } = answer;
    for (const [language, catalog] of [
      ['en', enCatalog],
      ['fr', frCatalog],
    ] as const) {
      const text = await html(product, `/game/1?lng=${language}`);
      expect(text).toContain(`<html lang="${language}"`);
      expect(text).toContain(`<link rel="canonical" href="${product.url}/game/1?lng=${language}">`);
      if (language === 'en') {
        const title = fill(en.game.title, { name: game.name, price: Math.round(game.minPrice) });
        expect(text).toContain(`<title>${escapeHtml(title)}</title>`);
        expect(text).toContain(`<meta property="og:title" content="${escapeHtml(title)}">`);
      }
      const visible = visibleText(text);
      for (const label of [
        fill(catalog.game.title, { name: game.name }),
        catalog.packages.title,
        catalog.packages.ram,
        catalog.packages.bandwidth,
      ]) {
        expect(visible, label).toContain(squeezed(label));
      }
      for (const pkg of packages) {
        const credits = new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(
          Math.round(pkg.credits_monthly),
        );
        expect(visible).toContain(
          squeezed(`${pkg.name} ${fill(catalog.packages.creditsPerMonth_other, { credits })}`),
        );
        if (pkg.ram_size >= 1024 && (pkg.ram_size * 10) % 1024 === 0) {
          // the language's unit symbol: "4 GB", in French "4 Go" (decision 442)
          const gb = new Intl.NumberFormat(language, { style: 'unit', unit: 'gigabyte' }).format(
            pkg.ram_size / 1024,
          );
          expect(visible).toContain(squeezed(`${catalog.packages.ram} ${gb}`));
          if (language === 'fr') expect(gb).toMatch(/Go$/);
        }
      }
      expect(pageFacts(text).queries).toEqual([[['public', 'game-packages', 1], answer]]);
    }
  });

  it('escapes catalogue text in the page and in its facts', async () => {
    const { db, publicCache } = product.server.ctx;
    const evil = `Evil <script>alert("x")</script> & 'Co' </script><!--`;
    const { name } = await db
      .selectFrom('games')
      .select('name')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    await db.updateTable('games').set({ name: evil }).where('id', '=', 2).execute();
    publicCache.clear();
    try {
      for (const path of ['/hosting', '/game/2']) {
        const text = await html(product, path);
        expect(text, path).not.toContain('<script>alert');
        expect(text, path).not.toContain("'Co' </script><!--");
        // The reader sees the name as written; the facts carry it intact, without a way out of the script.
        expect(visibleText(text), path).toContain(squeezed(evil));
        expect(factsText(text), path).not.toContain('</script');
        expect(factsText(text), path).not.toContain('<!--');
        expect(JSON.stringify(pageFacts(text).queries), path).toContain(JSON.stringify(evil));
      }
    } finally {
      await db.updateTable('games').set({ name }).where('id', '=', 2).execute();
      publicCache.clear();
    }
  });

  it('renders /partners and /contact with the partners, the company and its documents in the language asked', async () => {
    for (const [language, site] of [
      ['en', enSite],
      ['fr', frSite],
    ] as const) {
      const { partners, company } = await siteAnswers(product, language);
      expect(partners.partners.length).toBeGreaterThan(0);
      expect(company.documents.length).toBeGreaterThan(0);

      const partnersPage = await fetch(`${product.url}/partners?lng=${language}`);
      expect(partnersPage.status).toBe(200);
      const partnersHtml = await partnersPage.text();
      const partnersText = visibleText(partnersHtml);
      const partnersLinks = attributes(partnersHtml, 'href');
      expect(partnersText).toContain(squeezed(site.partners.title));
      expect(partnersText).toContain(squeezed(site.partners.subtitle));
      for (const partner of partners.partners) {
        expect(partnersText).toContain(partner.name);
        expect(partnersText).toContain(squeezed(partner.description));
        expect(partnersLinks).toContain(partner.url);
        for (const link of partner.social) {
          expect(partnersLinks).toContain(link.url);
          expect(partnersText).toContain(site.networks[link.network]);
        }
      }
      expect(pageFacts(partnersHtml)).toEqual({
        language,
        cookiesAccepted: false,
        queries: [[['public', 'site', 'partners', language], partners]],
        session: null,
      });

      const contactHtml = await html(product, `/contact?lng=${language}`);
      const contactText = visibleText(contactHtml);
      const contactLinks = attributes(contactHtml, 'href');
      for (const label of [
        site.contact.title,
        site.contact.companyId,
        site.contact.notVatPayer,
        site.contact.documents,
      ]) {
        expect(contactText, label).toContain(squeezed(label));
      }
      for (const value of [company.name, company.companyId, company.email, ...company.addressLines]) {
        expect(contactText, value).toContain(squeezed(value));
      }
      expect(contactLinks).toContain(`mailto:${company.email}`);
      for (const document of company.documents) {
        expect(document.url).toBe(`/api/public/site/documents/${language}/${document.id}`);
        expect(contactLinks).toContain(document.url);
        expect(contactText).toContain(squeezed(site.documents[document.id]));
      }
      expect(pageFacts(contactHtml).queries).toEqual([[['public', 'site', 'company', language], company]]);
      // Both pages link to the other public pages (the language goes along in its cookie).
      for (const text of [partnersHtml, contactHtml]) {
        expect(attributes(text, 'href')).toEqual(expect.arrayContaining(['/', '/hosting']));
      }
    }
  });

  it('answers an unknown page, a game that does not exist and a malformed game id with the not-found page and 404', async () => {
    for (const path of ['/no-such-page', '/hosting/extra/deep', '/game/999999', '/game/abc', '/game/1.5x']) {
      const res = await fetch(`${product.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const text = await res.text();
      expect(text, path).toContain(`<title>${escapeHtml(en.notFound.title)}</title>`);
      expect(text).toContain('<meta name="robots" content="noindex">');
      expect(text).not.toContain('<link rel="canonical"');
      const visible = visibleText(text);
      expect(visible, path).toContain(enCommon.notFound.title);
      expect(visible, path).toContain(enCommon.notFound.text);
      expect(visible, path).toContain(enCommon.notFound.home);
      expect(pageFacts(text), path).toEqual({
        language: 'en',
        cookiesAccepted: false,
        queries: [],
        session: null,
      });
    }
    const german = await html(product, '/no-such-page?lng=de');
    expect(german).toContain(`<title>${escapeHtml(de.notFound.title)}</title>`);
    expect(visibleText(german)).not.toContain(enCommon.notFound.text);
    expect(attributes(german, 'href')).toContain('/');
  });
});

// An operator's partners and company with markup in every field: the page shows the text, never the markup.
describe('the server-rendered /partners and /contact of an operator', () => {
  const evil = `Evil <script>alert("x")</script> & 'Co'`;
  let dir: string;
  let product: Product;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falkenhost-web-site-'));
    mkdirSync(join(dir, 'documents', 'en'), { recursive: true });
    writeFileSync(join(dir, 'documents', 'en', 'aml-policy.md'), '# AML');
    const partner = {
      id: 'evil',
      name: evil,
      description: { en: `Builds <b>things</b> & "more"`, de: `Baut <b>Dinge</b> & 'mehr'` },
      url: 'https://evil.example/?a=1&b=2',
      social: [{ network: 'discord', url: 'https://discord.example/?x="1"&y=2' }],
    };
    writeFileSync(join(dir, 'partners.json'), JSON.stringify({ partners: [partner] }));
    product = await startProduct('sqlite', {
      seed: false,
      configure: (config) => ({
        ...config,
        siteContentDir: dir,
        supplier: { ...config.supplier, name: evil, addressLines: ['Street <1>', `City & "2"`] },
      }),
    });
  });
  afterAll(async () => {
    await product?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('escapes every value in the page and in its facts, in both languages', async () => {
    for (const language of ['en', 'de']) {
      const partners = await html(product, `/partners?lng=${language}`);
      const contact = await html(product, `/contact?lng=${language}`);
      for (const text of [partners, contact]) {
        expect(text).not.toContain('<script>alert');
        expect(text).not.toContain('<b>');
        expect(visibleText(text)).toContain(evil);
        expect(factsText(text)).not.toContain('</script');
      }
      expect(visibleText(partners)).toContain(
        language === 'en' ? `Builds <b>things</b> & "more"` : `Baut <b>Dinge</b> & 'mehr'`,
      );
      expect(attributes(partners, 'href')).toEqual(
        expect.arrayContaining(['https://evil.example/?a=1&b=2', 'https://discord.example/?x="1"&y=2']),
      );
      expect(pageFacts(partners).queries).toEqual([
        [
          ['public', 'site', 'partners', language],
          expect.objectContaining({ partners: [expect.objectContaining({ name: evil })] }),
        ],
      ]);
      expect(visibleText(contact)).toContain('Street <1>');
      expect(visibleText(contact)).toContain(`City & "2"`);
      expect(attributes(contact, 'href')).toContain(`/api/public/site/documents/${language}/aml-policy`);
      expect(contact).not.toContain('general-terms');
    }
  });
});
