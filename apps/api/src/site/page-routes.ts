/**
 * The web client's pages as routes: every client route answers uncached HTML with the page rendered in,
 * the API's paths and files JSON 404s (decisions/089-page-routes-language-sitemap.md, 090).
 */
import type { SessionUser } from '@falkenhost/contracts/auth';
import type { Language } from '@falkenhost/contracts/constants';
import {
  DASHBOARD_PAGES,
  dashboardAddressOf,
  legacyDashboardLink,
} from '@falkenhost/contracts/dashboard-addresses';
import { APP_SHELL_PAGES, PAGES, type PagePath } from '@falkenhost/contracts/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listPublicGames, publicGamePackages } from '../catalog/catalog';
import type { Config } from '../platform/config';
import type { AppContext } from '../platform/context';
import { EncodedText } from '../platform/requests/encoding';
import { publicCompany, publicPartners } from '../platform/site-content';
import { dashboardQueries } from './dashboard-queries';
import type { PageKind } from './document';
import { pageLanguage } from './language';
import { type FixedPage, pageVariant } from './page-cache';
import { guardPage, isGuarded, type PageSession } from './page-guards';
import { type RenderDocument, type SendHtml, visitorFacts } from './page-render';

/** What the page routes draw and send pages with: one of each per server (site/index.ts). */
export interface PageTools {
  config: Config;
  ctx: AppContext;
  render: RenderDocument;
  sendHtml: SendHtml;
  fixedPage: FixedPage;
  pageSession: PageSession;
}

const CLIENT_API_PATH = /^\/(api|_emulators|uploads)(\/|$)/;
/** A path with a file extension: a missing file is a 404, never a page (a stale script must not get HTML). */
const FILE_PATH = /\.[a-z0-9]+$/i;
const GAME_ID = /^[1-9]\d{0,8}$/;

const DASHBOARD: readonly PagePath[] = Object.values(DASHBOARD_PAGES);

/**
 * Fastify paths of a client page: an optional last segment with and without; /dashboard also answers
 * every path under it that no other page of the list takes (the 404 page, as the client's route draws it).
 */
function serverPaths(page: PagePath): string[] {
  const optional = /\/:(\w+)\?$/.exec(page);
  if (optional) return [page.slice(0, optional.index), page.slice(0, -1)];
  return page === PAGES.dashboard ? [page, `${page}/*`] : [page];
}

/** The 404 page (kept as a fixed page), status 404. */
async function notFound(
  tools: PageTools,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  return tools.sendHtml(
    request,
    reply,
    await tools.fixedPage(request, 'notFound', '/404', () => ({ kind: 'notFound' })),
    404,
  );
}

/** The home, partners and contact pages: no catalogue data, so kept as fixed pages. */
export function registerFixedPageRoutes(pages: FastifyInstance, tools: PageTools): void {
  const { config, ctx, sendHtml, fixedPage } = tools;
  const { site } = ctx;
  const fixedPages: [string, PageKind['kind'], (language: Language) => PageKind][] = [
    [PAGES.home, 'home', () => ({ kind: 'home' })],
    [PAGES.partners, 'partners', (language) => ({ kind: 'partners', data: publicPartners(site, language) })],
    [
      PAGES.contact,
      'contact',
      (language) => ({ kind: 'contact', data: publicCompany(site, config.supplier, language) }),
    ],
  ];
  for (const [path, kind, make] of fixedPages) {
    pages.get(path, { compress: false }, async (request, reply) =>
      sendHtml(request, reply, await fixedPage(request, kind, path, make)),
    );
  }
}

/**
 * The app's pages. A guarded one asked for with a session cookie is rendered for that user, after the
 * guard (a logged-in user asking for /login goes on, as the client's guard would send them); the others
 * are the same for every visitor and kept, unless their address carries a token or a query.
 */
async function appPage(tools: PageTools, request: FastifyRequest, reply: FastifyReply, page: PagePath) {
  const { config, ctx, render, sendHtml, fixedPage, pageSession } = tools;
  const path = request.url.split('?')[0] ?? '/';
  const dashboard = DASHBOARD.includes(page);
  // A dashboard path naming no section, id or tab is the 404 page, drawn by the dashboard's own route as
  // the browser will draw it (no guard: guardRedirect lets it through); an old link goes to its new address.
  const unknown = dashboard && !dashboardAddressOf(path);
  const moved = path === PAGES.dashboard ? legacyDashboardLink(request.url.slice(path.length)) : null;
  if (moved) return reply.redirect(moved, 302);
  let session: SessionUser | null | undefined;
  if (isGuarded(page)) {
    const guard = await guardPage(request, request.url, pageSession);
    if (guard.redirect) return reply.redirect(guard.redirect, 302);
    session = guard.session;
  }
  const plain = path === page && /^[^?]*(\?lng=[a-z]{2})?$/.test(request.url);
  // /register links its consents to the documents: their addresses come with the page.
  const make = (language: Language): PageKind =>
    page === PAGES.register
      ? { kind: 'register', data: publicCompany(ctx.site, config.supplier, language) }
      : { kind: 'app' };
  if (!session && plain) {
    const kind = session === null ? 'guest' : 'app';
    return sendHtml(request, reply, await fixedPage(request, kind, path, make, session));
  }
  const lang = pageLanguage(request);
  const kind = make(lang.language);
  const facts = visitorFacts(request, kind, lang.language);
  if (session !== undefined) facts.session = session;
  // The section the address names is drawn here (decision 431): its largest text is then in the HTML.
  if (session && dashboard && !unknown) facts.queries = await dashboardQueries(ctx, session.id);
  const document = await render(kind, request.url, facts, lang.explicit);
  return sendHtml(request, reply, new EncodedText(document), unknown ? 404 : 200);
}

/** The app's pages (the mailbox too in the demo), each at every Fastify path of its client route. */
export function registerAppPageRoutes(pages: FastifyInstance, tools: PageTools): void {
  const { config } = tools;
  const appPages = config.mode === 'demo' ? [...APP_SHELL_PAGES, PAGES.mailbox] : APP_SHELL_PAGES;
  for (const page of appPages) {
    for (const path of serverPaths(page)) {
      pages.get(path, { compress: false }, (request, reply) => appPage(tools, request, reply, page));
    }
  }
}

/** The hosting page and the game pages: a game id that is malformed or not offered is the 404 page. */
export function registerCataloguePageRoutes(pages: FastifyInstance, tools: PageTools): void {
  const { ctx, render, sendHtml } = tools;
  const { db, publicCache } = ctx;
  // Catalogue pages: rendered at most once per variant every PUBLIC_CACHE_MS (the public cache).
  pages.get(PAGES.hosting, { compress: false }, async (request, reply) => {
    const lang = pageLanguage(request);
    const page = await publicCache.text(`web:hosting:${pageVariant(request, lang)}`, async () => {
      const kind: PageKind = { kind: 'hosting', games: await listPublicGames(db) };
      return render(kind, PAGES.hosting, visitorFacts(request, kind, lang.language), lang.explicit);
    });
    if (!page) throw new Error('the hosting page cannot be absent');
    return sendHtml(request, reply, page);
  });
  pages.get<{ Params: { gameId: string } }>(PAGES.game, { compress: false }, async (request, reply) => {
    const { gameId } = request.params;
    if (!GAME_ID.test(gameId)) return notFound(tools, request, reply);
    const lang = pageLanguage(request);
    const page = await publicCache.text(`web:game:${gameId}:${pageVariant(request, lang)}`, async () => {
      const data = await publicGamePackages(db, Number(gameId));
      if (!data) return null;
      const kind: PageKind = { kind: 'game', data };
      return render(kind, `/game/${gameId}`, visitorFacts(request, kind, lang.language), lang.explicit);
    });
    return page === null ? notFound(tools, request, reply) : sendHtml(request, reply, page);
  });
}

/**
 * Every other address of the `pages` scope: a JSON 404 for other methods than GET and HEAD, the API's
 * paths and files; a 301 without the trailing slash; else the 404 page.
 */
export function registerPageNotFound(pages: FastifyInstance, tools: PageTools): void {
  pages.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      CLIENT_API_PATH.test(path) ||
      FILE_PATH.test(path)
    ) {
      return reply.code(404).send({ reason: 'not-found' });
    }
    if (path.length > 1 && path.endsWith('/') && !path.startsWith('//') && !path.includes('\\')) {
      const query = request.url.slice(path.length);
      return reply.redirect(`${path.replace(/\/+$/, '') || '/'}${query}`, 301);
    }
    return notFound(tools, request, reply);
  });
}
