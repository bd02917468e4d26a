/** What crawlers read: robots.txt and the sitemap of the public pages in every language. */
import { LANGUAGES, type Language } from '@falkenhost/contracts/constants';
import { PUBLIC_PAGES } from '@falkenhost/contracts/routes';
import type { FastifyInstance } from 'fastify';
import { listPublicGames } from '../catalog/catalog';
import type { AppContext } from '../platform/context';
import { escapeHtml } from '../platform/html';
import { pageUrl } from './document';

/**
 * GET /robots.txt and GET /sitemap.xml (every public page and game page, each language's address with its
 * alternates), both cached by browsers for an hour; the sitemap kept in the public cache.
 * @param publicUrl the site's address, without a trailing slash
 */
export function registerCrawlerRoutes(pages: FastifyInstance, publicUrl: string, ctx: AppContext): void {
  const { db, publicCache } = ctx;
  pages.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\nDisallow: /_emulators/\n\nSitemap: ${publicUrl}/sitemap.xml\n`,
      ),
  );
  pages.get('/sitemap.xml', async (_request, reply) => {
    const text = await publicCache.json('web:sitemap', async () => {
      const games = await listPublicGames(db);
      const paths = [...PUBLIC_PAGES, ...games.map((game) => `/game/${game.id}`)];
      const url = (path: string, language?: Language) => escapeHtml(pageUrl(publicUrl, path, language));
      const entries = paths.flatMap((path) =>
        LANGUAGES.map((language) => {
          const alternates = LANGUAGES.map(
            (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(path, l)}"/>`,
          ).join('');
          return `<url><loc>${url(path, language)}</loc>${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${url(path)}"/></url>`;
        }),
      );
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
    });
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(JSON.parse(text) as string);
  });
}
