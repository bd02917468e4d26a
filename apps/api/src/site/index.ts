/**
 * Serving the built web client: its files from memory, every client route as uncached HTML with the public
 * pages rendered in, JSON 404s elsewhere (decisions/088-web-files-compression-caching.md, 089, 090).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config';
import type { AppContext } from '../platform/context';
import { registerCrawlerRoutes } from './crawler-routes';
import { registerFileRoutes } from './file-routes';
import { fixedPageCache } from './page-cache';
import { pageSecurityHeaders } from './page-csp';
import type { PageSession } from './page-guards';
import { documentRenderer, htmlSender } from './page-render';
import {
  type PageTools,
  registerAppPageRoutes,
  registerCataloguePageRoutes,
  registerFixedPageRoutes,
  registerPageNotFound,
} from './page-routes';
import { loadPageRenderer } from './renderer';
import { loadStaticFiles } from './static-files';
import { parseTemplate, type Template } from './template';

/**
 * The web client's files and pages on `app`, when `config.webDist` holds a build (nothing otherwise).
 * @param pageSession the session user a guarded page is rendered for
 * @throws Error when the build has no server entry beside it
 */
export async function registerWeb(
  app: FastifyInstance,
  config: Config,
  ctx: AppContext,
  pageSession: PageSession,
): Promise<void> {
  const indexFile = join(config.webDist, 'index.html');
  if (!existsSync(indexFile)) return;
  const renderer = await loadPageRenderer(config.webDist);
  if (!renderer) throw new Error(`${config.webDist} has no server entry beside it: run npm run build`);
  const files = loadStaticFiles(config.webDist);
  const template: Template = parseTemplate(readFileSync(indexFile, 'utf8'));
  const { publicUrl } = config;

  await registerFileRoutes(app, files);

  await app.register(async (pages) => {
    // The page guards read the session cookies, the cookie notice its own (the API's scope has its own).
    await pages.register(cookie);
    pageSecurityHeaders(pages, config, template);

    const render = documentRenderer(renderer, template, publicUrl, app.log);
    const tools: PageTools = {
      config,
      ctx,
      render,
      sendHtml: htmlSender(publicUrl),
      fixedPage: fixedPageCache(render),
      pageSession,
    };
    registerFixedPageRoutes(pages, tools);
    registerAppPageRoutes(pages, tools);
    registerCataloguePageRoutes(pages, tools);
    registerCrawlerRoutes(pages, publicUrl, ctx);
    registerPageNotFound(pages, tools);
  });
}
