import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
import { loadConfig } from '../../src/platform/config';
import { escapeHtml } from '../../src/platform/html';
import { type Product, startProduct } from '../harness';

/** The page's #root (React replaces it) and what follows it (the query cache's data). */
function fromRoot(text: string): string {
  return text.slice(text.indexOf('<div id="root">'));
}

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
async function siteAnswers(product: Product, language: string): Promise<SiteAnswers> {
  const get = async (path: string) =>
    (await fetch(`${product.url}/api/public/site/${path}?lang=${language}`)).json();
  const { partners } = (await get('partners')) as { partners: SiteAnswers['partners'] };
  return { partners, company: (await get('company')) as SiteAnswers['company'] };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A plain HTTP request (fetch would ask for and undo compression by itself). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

// The built web client is served from memory, its pages rendered with their head and text; the API and
// missing files are never the app. `npm test` builds before the tests run.
describe('serving the web client', () => {
  const { webDist } = loadConfig({ APP_MODE: 'demo', DATA_DIR: '/tmp/falkenhost-config-probe' });
  beforeAll(() => {
    if (!existsSync(webDist)) throw new Error(`no web build at ${webDist}: run npm run build first`);
  });
  let product: Product;
  beforeAll(async () => {
    product = await startProduct('sqlite');
  });
  afterAll(async () => product?.close());

  const entryScript = () => {
    const name = readdirSync(join(webDist, 'assets')).find((f) => /^index-.*\.js$/.test(f));
    if (!name) throw new Error('no entry script in the build');
    return `/assets/${name}`;
  };

  it('answers client routes with the app and unknown API or files with a JSON 404', async () => {
    for (const path of [
      '/',
      '/hosting',
      '/dashboard?order=abc',
      '/dashboard/anything',
      '/game/1',
      '/login',
      '/register',
      '/password',
      '/reset-password',
      '/reset-password/abc',
      '/email/verify',
      '/update-user',
      '/update-user/abc',
      '/partners',
      '/contact',
    ]) {
      const res = await fetch(`${product.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
    const api = await fetch(`${product.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ reason: 'not-found' });
    const missing = await fetch(`${product.url}/assets/missing-chunk.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect((await fetch(`${product.url}/api/public/store/games`, { method: 'DELETE' })).status).toBe(404);
  });

  it('answers an unknown page, a game that does not exist and a malformed game id with the not-found page and 404', async () => {
    for (const path of ['/no-such-page', '/hosting/extra/deep', '/game/999999', '/game/abc', '/game/1.5x']) {
      const res = await fetch(`${product.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const text = await res.text();
      expect(text, path).toContain(`<title>${escapeHtml(en.notFound.title)}</title>`);
      expect(text).toContain(escapeHtml(enCommon.notFound.title));
      expect(text).toContain('<meta name="robots" content="noindex">');
      // The client's scripts are started by the inline start script (web/pages.ts startScript).
      expect(text).toMatch(/<script>\(function\(\)\{var u=\{"entry":"\/assets\/index-[^"]+\.js"/);
      expect(text).not.toContain('<script type="module"');
    }
    const german = await fetch(`${product.url}/no-such-page?lng=de`);
    expect(await german.text()).toContain(`<title>${escapeHtml(de.notFound.title)}</title>`);
    // A trailing slash goes to the page without it, never to another host.
    const slash = await raw(`${product.url}/hosting/?lng=cs`);
    expect(slash.status).toBe(301);
    expect(slash.headers.location).toBe('/hosting?lng=cs');
    expect((await raw(`${product.url}//evil.example/`)).status).toBe(404);
  });

  it('starts the client with an inline script the page allows by its hash, which names the entry and every preload that exist', async () => {
    const res = await fetch(`${product.url}/hosting`);
    const text = await res.text();
    const inline = /<script>([\s\S]*?)<\/script>/.exec(text)?.[1];
    if (!inline) throw new Error('no inline start script');
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}'`);
    const urls = JSON.parse(/var u=(\{[^}]+\})/.exec(inline)?.[1] ?? '{}') as {
      entry: string;
      preloads: string[];
    };
    expect(urls.preloads.length).toBeGreaterThan(0);
    for (const url of [urls.entry, ...urls.preloads]) {
      const file = await fetch(`${product.url}${url}`);
      expect(file.status, url).toBe(200);
      expect(file.headers.get('content-type'), url).toContain('javascript');
    }
    // The page's first-screen elements are marked for the start script (Element Timing).
    expect(text).toContain('elementtiming="first-screen"');
  });

  it('keeps a language named by ?lng= in the cookie the page is rendered by, so the next page without it is in that language', async () => {
    const named = await fetch(`${product.url}/hosting?lng=cs`, { headers: { 'accept-language': 'en' } });
    expect(named.headers.get('set-cookie')).toBe('i18next=cs; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(await named.text()).toContain(`<h1>${escapeHtml(csCatalog.games.title)}</h1>`);
    // The next page, without ?lng= and with an English browser, is Czech by the cookie.
    const next = await fetch(`${product.url}/hosting`, {
      headers: { 'accept-language': 'en', cookie: 'i18next=cs' },
    });
    expect(next.headers.get('set-cookie')).toBeNull();
    expect(await next.text()).toContain(`<h1>${escapeHtml(csCatalog.games.title)}</h1>`);
    // Named again with the cookie already set: nothing to set; without ?lng= nothing is set either.
    const again = await fetch(`${product.url}/?lng=cs`, { headers: { cookie: 'i18next=cs' } });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${product.url}/partners`)).headers.get('set-cookie')).toBeNull();
    // An unknown language is not kept.
    expect((await fetch(`${product.url}/?lng=xx`)).headers.get('set-cookie')).toBeNull();
  });

  it('serves precompressed files by Accept-Encoding: brotli, gzip or none, with the same content', async () => {
    const path = entryScript();
    const plain = await raw(`${product.url}${path}`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const br = await raw(`${product.url}${path}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const gzip = await raw(`${product.url}${path}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const refused = await raw(`${product.url}${path}`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    expect(decoded(br)).toBe(plain.body.toString('utf8'));
    expect(decoded(gzip)).toBe(plain.body.toString('utf8'));
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const head = await raw(`${product.url}${path}`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('compresses pages and API JSON of 1 KB or more on the fly, and small answers not at all', async () => {
    for (const encoding of ['br', 'gzip']) {
      const page = await raw(`${product.url}/hosting`, { 'accept-encoding': encoding });
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(decoded(page)).toContain('Minecraft');
      const games = await raw(`${product.url}/api/public/store/games`, { 'accept-encoding': encoding });
      expect(games.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decoded(games))).toContainEqual(expect.objectContaining({ name: 'Minecraft' }));
    }
    const none = await raw(`${product.url}/api/public/store/games`);
    expect(none.headers['content-encoding']).toBeUndefined();
    const small = await raw(`${product.url}/api/health`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('caches hashed assets for a year, other files for an hour, pages never; ETags revalidate', async () => {
    const asset = await raw(`${product.url}${entryScript()}`);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await raw(`${product.url}/favicon.svg`);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    const etag = String(asset.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await raw(`${product.url}${entryScript()}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    for (const path of ['/', '/hosting', '/game/1', '/login', '/no-such-page']) {
      expect((await raw(`${product.url}${path}`)).headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('renders the home page with its head, hreflang links and visible text in the language asked', async () => {
    const url = product.url;
    const text = await (await fetch(`${url}/`)).text();
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
    expect(text).toContain(`<meta property="og:description" content="${escapeHtml(en.home.description)}">`);
    const root = text.slice(text.indexOf('<div id="root">'));
    expect(root).toContain(escapeHtml(enHome.hero.titleStart));
    expect(root).toContain(escapeHtml(enHome.hero.titleAccent));
    for (const key of ['ssd', 'ddos', 'setup', 'cpu', 'support'] as const) {
      expect(root).toContain(escapeHtml(enHome.features[key].title));
    }

    const german = await (await fetch(`${url}/?lng=de`)).text();
    expect(german).toContain('<html lang="de"');
    expect(german).toContain(`<title>${escapeHtml(de.home.title)}</title>`);
    expect(german).toContain(`<link rel="canonical" href="${url}/?lng=de">`);
    expect(german).toContain(escapeHtml(deHome.hero.titleStart));
    expect(german).toContain(escapeHtml(deHome.features.ssd.title));
    // Without ?lng= the client's cookie, then Accept-Language choose, as the client would.
    const byHeader = await (
      await fetch(`${url}/`, { headers: { 'accept-language': 'de-AT,de;q=0.9' } })
    ).text();
    expect(byHeader).toContain('<html lang="de"');
    const byCookie = await (
      await fetch(`${url}/`, { headers: { cookie: 'i18next=cs', 'accept-language': 'de' } })
    ).text();
    expect(byCookie).toContain('<html lang="cs"');
  });

  it('renders /hosting with every game and its starting price, and /game/1 with its packages', async () => {
    const hosting = await (await fetch(`${product.url}/hosting?lng=en`)).text();
    expect(hosting).toContain(`<title>${escapeHtml(en.hosting.title)}</title>`);
    expect(hosting).toContain(`<link rel="canonical" href="${product.url}/hosting?lng=en">`);
    const games = (await (await fetch(`${product.url}/api/public/store/games`)).json()) as {
      id: number;
      name: string;
      minPrice: number | null;
    }[];
    expect(games.length).toBeGreaterThan(3);
    for (const game of games) {
      expect(hosting).toContain(`href="/game/${game.id}?lng=en"`);
      expect(hosting).toContain(`<h2>${escapeHtml(game.name)}</h2>`);
      if (game.minPrice !== null) {
        expect(hosting).toContain(
          enCatalog.games.fromPrice.replace('{{price}}', String(Math.round(game.minPrice))),
        );
      }
    }
    // The client's query cache is seeded with the same answer (outside #root, which React replaces).
    expect(hosting).toMatch(
      /<\/div><script type="application\/json" id="fh-data">\{"queries":\[\[\["public","games"\]/,
    );

    const { game, packages } = (await (
      await fetch(`${product.url}/api/public/store/games/packages?id=1`)
    ).json()) as {
      game: { name: string; minPrice: number };
      packages: { name: string; credits_monthly: number; ram_size: number; storage_size: number }[];
    };
    for (const [language, catalog, head] of [
      ['en', enCatalog, en.game.title],
      ['fr', frCatalog, undefined],
    ] as const) {
      const text = await (await fetch(`${product.url}/game/1?lng=${language}`)).text();
      expect(text).toContain(`<html lang="${language}"`);
      expect(text).toContain(`<link rel="canonical" href="${product.url}/game/1?lng=${language}">`);
      if (head) {
        const title = head
          .replace('{{name}}', game.name)
          .replace('{{price}}', String(Math.round(game.minPrice)));
        expect(text).toContain(`<title>${escapeHtml(title)}</title>`);
        expect(text).toContain(`<meta property="og:title" content="${escapeHtml(title)}">`);
      }
      expect(text).toContain(escapeHtml(catalog.game.title.replace('{{name}}', game.name)));
      expect(text).toContain(escapeHtml(catalog.packages.title));
      expect(text).toContain(escapeHtml(catalog.packages.bandwidth));
      for (const pkg of packages) {
        expect(text).toContain(escapeHtml(pkg.name));
        const credits = new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(
          Math.round(pkg.credits_monthly),
        );
        expect(text).toContain(credits);
      }
      const first = packages[0];
      if (first && first.ram_size >= 1024) {
        expect(text).toContain(
          escapeHtml(
            catalog.packages.gb.replace(
              '{{value}}',
              new Intl.NumberFormat(language).format(first.ram_size / 1024),
            ),
          ),
        );
      }
    }
    const english = await (await fetch(`${product.url}/game/1?lng=en`)).text();
    expect(english).toMatch(/<dt>RAM<\/dt><dd>[^<]+<\/dd>/);
    expect(english).toContain(`${Math.round(packages[0]?.credits_monthly ?? 0)} credits / month`);
  });

  it('escapes catalogue text in the page and in its data', async () => {
    const { db, publicCache } = product.server.ctx;
    const evil = `Evil <script>alert("x")</script> & 'Co'`;
    const { name } = await db
      .selectFrom('games')
      .select('name')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    await db.updateTable('games').set({ name: evil }).where('id', '=', 2).execute();
    publicCache.clear();
    try {
      const hosting = await (await fetch(`${product.url}/hosting`)).text();
      expect(hosting).not.toContain('<script>alert');
      expect(hosting).toContain('Evil &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;');
      expect(hosting).toContain('Evil \\u003cscript>alert(\\"x\\")\\u003c/script> & \'Co\'');
      const game = await (await fetch(`${product.url}/game/2`)).text();
      expect(game).not.toContain('<script>alert');
    } finally {
      await db.updateTable('games').set({ name }).where('id', '=', 2).execute();
      publicCache.clear();
    }
  });

  it('renders /partners and /contact with the partners, the company and its documents in the language asked, and seeds the query cache', async () => {
    for (const [language, site] of [
      ['en', enSite],
      ['fr', frSite],
    ] as const) {
      const { partners, company } = await siteAnswers(product, language);
      expect(partners.length).toBeGreaterThan(0);
      expect(company.documents.length).toBeGreaterThan(0);

      const partnersPage = await fetch(`${product.url}/partners?lng=${language}`);
      expect(partnersPage.status).toBe(200);
      const partnersHtml = fromRoot(await partnersPage.text());
      expect(partnersHtml).toContain(`<h1>${escapeHtml(site.partners.title)}</h1>`);
      expect(partnersHtml).toContain(escapeHtml(site.partners.subtitle));
      for (const partner of partners) {
        expect(partnersHtml).toContain(`>${escapeHtml(partner.name)}</h2>`);
        expect(partnersHtml).toContain(`<a href="${escapeHtml(partner.url)}"`);
        expect(partnersHtml).toContain(escapeHtml(partner.description));
        for (const link of partner.social) {
          expect(partnersHtml).toContain(`<a href="${escapeHtml(link.url)}" class="fh-social-link"`);
          expect(partnersHtml).toContain(`>${escapeHtml(site.networks[link.network])}</a>`);
        }
      }
      // The French descriptions have apostrophes: the page has them escaped.
      if (language === 'fr') expect(partnersHtml).toContain('&#39;');
      // The same answer as the API's, under the client's query key (features/site/api/site.ts).
      expect(partnersHtml).toContain(
        `<script type="application/json" id="fh-data">{"queries":[[["public","site","partners","${language}"],{"partners":[`,
      );

      const contactHtml = fromRoot(await (await fetch(`${product.url}/contact?lng=${language}`)).text());
      expect(contactHtml).toContain(`<h1>${escapeHtml(site.contact.title)}</h1>`);
      expect(contactHtml).toContain(`<dt>${escapeHtml(site.contact.companyId)}</dt>`);
      expect(contactHtml).toContain(`<dd>${escapeHtml(company.name)}</dd>`);
      for (const line of company.addressLines) expect(contactHtml).toContain(`>${escapeHtml(line)}</span>`);
      expect(contactHtml).toContain(`<dd>${escapeHtml(company.companyId)}</dd>`);
      expect(contactHtml).toContain(`<a href="mailto:${escapeHtml(company.email)}"`);
      expect(contactHtml).toContain(`<dd>${escapeHtml(site.contact.notVatPayer)}</dd>`);
      for (const document of company.documents) {
        expect(contactHtml).toContain(
          `<a href="${escapeHtml(document.url)}" download class="fh-document-link">${escapeHtml(site.documents[document.id])}</a>`,
        );
        expect(document.url).toBe(`/api/public/site/documents/${language}/${document.id}`);
      }
      expect(contactHtml).toContain(
        `<script type="application/json" id="fh-data">{"queries":[[["public","site","company","${language}"],{"name":`,
      );
      // Both short pages carry the footer that sits above their fold on a desktop screen.
      for (const html of [partnersHtml, contactHtml]) {
        expect(html).toContain(`<footer class="s-ft">`);
        expect(html).toContain(`href="/contact?lng=${language}"`);
      }
    }
  });

  it('leaves the not-found page as it was: header and message, no footer, no data', async () => {
    const text = await (await fetch(`${product.url}/no-such-page?lng=en`)).text();
    const root = fromRoot(text);
    expect(root).toMatch(
      /^<div id="root"><header class="s-hd">.*<\/header><main id="main"><div class="s-nf"><h1>[^<]+<\/h1><p class="s-lead" style="margin:0 auto 24px">[^<]+<\/p><a href="\/\?lng=en" class="s-b">[^<]+<\/a><\/div><\/main><\/div>\s*<\/body>/,
    );
    expect(root).toContain(`<h1>${escapeHtml(enCommon.notFound.title)}</h1>`);
    expect(text).not.toContain('<footer');
    expect(text).not.toContain('class="s-shell"');
    expect(text).not.toContain('.s-shell{');
    expect(text).not.toContain('id="fh-data"');
  });

  it('lists every public page and game in every language in sitemap.xml, and robots.txt points to it', async () => {
    const sitemap = await fetch(`${product.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    for (const path of ['/', '/hosting', '/partners', '/contact', '/game/1']) {
      for (const language of ['en', 'cs', 'sk', 'de', 'fr']) {
        expect(xml).toContain(`<loc>${product.url}${path}?lng=${language}</loc>`);
      }
    }
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${product.url}/game/1"/>`);
    expect(xml).not.toContain('/dashboard');
    const robots = await fetch(`${product.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const text = await robots.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /dashboard');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain(`Sitemap: ${product.url}/sitemap.xml`);
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

  it('escapes every value in the page and in its data, in both languages', async () => {
    for (const language of ['en', 'de']) {
      const partners = fromRoot(await (await fetch(`${product.url}/partners?lng=${language}`)).text());
      const contact = fromRoot(await (await fetch(`${product.url}/contact?lng=${language}`)).text());
      for (const html of [partners, contact]) {
        expect(html).not.toContain('<script>alert');
        expect(html).not.toContain('<b>');
        expect(html).toContain('Evil &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;');
        expect(html).toContain('Evil \\u003cscript>alert(\\"x\\")\\u003c/script> & \'Co\'');
      }
      expect(partners).toContain(
        language === 'en'
          ? 'Builds &lt;b&gt;things&lt;/b&gt; &amp; &quot;more&quot;'
          : 'Baut &lt;b&gt;Dinge&lt;/b&gt; &amp; &#39;mehr&#39;',
      );
      expect(partners).toContain('<a href="https://evil.example/?a=1&amp;b=2"');
      expect(partners).toContain('<a href="https://discord.example/?x=&quot;1&quot;&amp;y=2"');
      expect(contact).toContain('>Street &lt;1&gt;</span>');
      expect(contact).toContain('>City &amp; &quot;2&quot;</span>');
      expect(contact).toContain(`<a href="/api/public/site/documents/${language}/aml-policy" download`);
      expect(contact).not.toContain('general-terms');
    }
  });
});
