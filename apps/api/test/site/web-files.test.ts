/**
 * Serving the built web client (site/file-routes.ts, static-files.ts, template.ts): every client route answers
 * HTML, unknown API paths and missing files a JSON 404; files precompressed and cached by their hash; the
 * client started by one inline script the CSP allows by its hash; sitemap.xml and robots.txt.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config';
import { type Product, startProduct } from '../harness';
import { decoded, raw } from './page-html';

// `npm test` builds before the tests run; the pages need the client's server entry beside its build.
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

  // The guarded pages (/dashboard, /email/…) answer a visitor without a session with a redirect: page-guards.test.ts.
  it('answers client routes with the app and unknown API or files with a JSON 404', async () => {
    for (const path of [
      '/',
      '/hosting',
      '/game/1',
      '/login',
      '/register',
      '/password',
      '/reset-password',
      '/reset-password/abc',
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
