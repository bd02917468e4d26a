/**
 * Serving the built web client: its files from memory, every client route as uncached HTML with the public
 * pages rendered in, JSON 404s elsewhere (decisions/088-web-files-compression-caching.md, 089, 090).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionUser } from '@falkenhost/contracts/auth';
import { LANGUAGES, type Language } from '@falkenhost/contracts/constants';
import { unitsToCredits } from '@falkenhost/contracts/money';
import {
  APP_SHELL_PAGES,
  guardRedirect,
  PAGES,
  type PagePath,
  PUBLIC_PAGES,
} from '@falkenhost/contracts/routes';
import {
  COOKIES_ACCEPTED_COOKIE,
  DASHBOARD_SECTION_COOKIE,
  type PageFacts,
  type SeededQuery,
} from '@falkenhost/contracts/ssr';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { referrerOf } from '../billing/referrals';
import { listPublicGames, publicGamePackages } from '../catalog/catalog';
import { ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE } from '../identity/sessions';
import type { Config } from '../platform/config';
import type { AppContext } from '../platform/context';
import { escapeHtml } from '../platform/html';
import { EncodedText, requestEncodings } from '../platform/requests/encoding';
import { mollieCheckoutSource, securityHeaders } from '../platform/requests/security-headers';
import { publicCompany, publicPartners } from '../platform/site-content';
import { serverCountOf } from '../servers/server-socket';
import { type PageKind, pageDocument, pageQueries } from './document';
import { languageCookie, type PageLanguage, pageLanguage } from './language';
import { loadPageRenderer } from './renderer';
import { loadStaticFiles, type StaticFile } from './static-files';
import { parseTemplate, type Template } from './template';

/** Brotli or gzip for API answers not compressed yet; event streams, PDFs, images, sockets are left alone. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Request bodies are not decompressed: no client of the API sends them compressed.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
}

function sendFile(file: StaticFile, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.headers(file.headers);
  const match = request.headers['if-none-match'];
  if (match !== undefined && (match === file.etag || match === '*' || match.includes(file.etag))) {
    return reply.code(304).send();
  }
  const accepts = requestEncodings(request);
  if (accepts?.br && file.br) return reply.header('content-encoding', 'br').send(file.br);
  if (accepts?.gzip && file.gzip) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}

/** The visitor accepted the cookie notice (its cookie, set by the client's notice). */
function cookiesAccepted(request: FastifyRequest): boolean {
  return request.cookies?.[COOKIES_ACCEPTED_COOKIE] !== undefined;
}

/** The request carries a session cookie (the identity module's names); without one it is anonymous. */
function mayHaveSession(request: FastifyRequest): boolean {
  const cookies = request.cookies ?? {};
  return [ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE].some((name) => cookies[name] !== undefined);
}

const CLIENT_API_PATH = /^\/(api|_emulators|uploads)(\/|$)/;
/** A path with a file extension: a missing file is a 404, never a page (a stale script must not get HTML). */
const FILE_PATH = /\.[a-z0-9]+$/i;
const GAME_ID = /^[1-9]\d{0,8}$/;

/** Fastify paths of a client page: an optional last segment with and without; the dashboard's whole tree. */
function serverPaths(page: PagePath): string[] {
  const optional = /\/:(\w+)\?$/.exec(page);
  if (optional) return [page.slice(0, optional.index), page.slice(0, -1)];
  return page === PAGES.dashboard ? [page, `${page}/*`] : [page];
}

/** Milliseconds since the epoch of the next 1 January, 00:00 local time. */
function startOfNextYear(): number {
  return new Date(new Date().getFullYear() + 1, 0, 1).getTime();
}

/**
 * The session user of a page request, for the page guards (spec 2 "Guards"): the user, null when the
 * request carries no session at all, undefined when it may have one the server cannot read now (an
 * expired access cookie beside a refresh cookie: the browser refreshes and decides).
 */
export type PageSession = (request: FastifyRequest) => Promise<SessionUser | null | undefined>;

/** The pages whose guard needs the session (spec 2 "Guards"): the server redirects as the client would. */
const GUARDED: readonly PagePath[] = [PAGES.login, PAGES.register, PAGES.emailCode, PAGES.dashboard];

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
  const { db, publicCache, site } = ctx;

  await app.register(async (web) => {
    for (const file of files.values()) {
      web.get(file.path, { compress: false }, (request, reply) => sendFile(file, request, reply));
    }
  });

  const turnstile = config.captcha.provider === 'turnstile' ? ['https://challenges.cloudflare.com'] : [];
  await app.register(async (pages) => {
    // The page guards read the session cookies, the cookie notice its own (the API's scope has its own).
    await pages.register(cookie);
    // helmet's headers with the pages' CSP, worked out once (platform/requests/security-headers.ts).
    securityHeaders(pages, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          workerSrc: ["'self'", 'blob:'],
          // Cloudflare Turnstile's widget is a script and an iframe from its own host.
          // The inline start script by its hash (template.ts startScript).
          scriptSrc: ["'self'", template.startScriptSource, "'wasm-unsafe-eval'", ...turnstile],
          frameSrc: ["'self'", ...turnstile],
          // Forms go to us or to Mollie's checkout, nowhere else (an injected form cannot post out).
          formAction: ["'self'", mollieCheckoutSource(config.mollie.apiUrl)],
        },
      },
    });

    /** The document of `page` at `url`, rendered by the client's components from `facts`. */
    const render = async (page: PageKind, url: string, facts: PageFacts, explicit: boolean) => {
      const { html, stylesheets, errors } = await renderer(url, facts);
      for (const error of errors) app.log.error({ url, error }, 'a page rendered with an error');
      const path = url.split('?')[0] ?? url;
      return pageDocument(template, page, { facts, rendered: html, stylesheets, path, publicUrl, explicit });
    };
    /**
     * The facts of an anonymous visitor's page: what every visitor in that language sees. Without a session
     * cookie the visitor is a guest, and the page is drawn for one (the browser then has nothing to ask and
     * draws nothing again); with one, the session is left for the browser to ask for.
     */
    const visitorFacts = (request: FastifyRequest, page: PageKind, language: Language): PageFacts => ({
      language,
      cookiesAccepted: cookiesAccepted(request),
      queries: pageQueries(page, language),
      ...(mayHaveSession(request) ? {} : { session: null }),
    });
    const variant = (request: FastifyRequest, lang: PageLanguage) =>
      `${lang.language}:${lang.explicit}:${cookiesAccepted(request)}:${mayHaveSession(request)}`;

    // Pages without catalogue data change only with the footer's year: rendered again in a new year.
    const fixed = new Map<string, Promise<EncodedText>>();
    let renderedBefore = startOfNextYear();
    const fixedPage = (
      request: FastifyRequest,
      kind: string,
      url: string,
      make: (language: Language) => PageKind,
      session?: null,
    ) => {
      if (Date.now() >= renderedBefore) {
        fixed.clear();
        renderedBefore = startOfNextYear();
      }
      const lang = pageLanguage(request);
      const key = `${kind}:${url}:${variant(request, lang)}`;
      let text = fixed.get(key);
      if (text === undefined) {
        const page = make(lang.language);
        const facts = visitorFacts(request, page, lang.language);
        // A guard found no session behind the cookies: the page is a guest's.
        if (session === null) facts.session = null;
        text = render(page, url, facts, lang.explicit).then((document) => new EncodedText(document));
        // A failed render is not kept: the next request tries again.
        text.catch(() => fixed.delete(key));
        fixed.set(key, text);
      }
      return text;
    };
    // Every page is compressed once per variant and kept (EncodedText): compress: false on these routes.
    const secureCookies = publicUrl.startsWith('https:');
    const sendHtml = (request: FastifyRequest, reply: FastifyReply, page: EncodedText, status = 200) => {
      const keepLanguage = languageCookie(request, secureCookies);
      if (keepLanguage) reply.header('set-cookie', keepLanguage);
      return page.send(
        request,
        reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Accept-Language, Cookie'),
      );
    };
    const notFound = async (request: FastifyRequest, reply: FastifyReply) =>
      sendHtml(
        request,
        reply,
        await fixedPage(request, 'notFound', '/404', () => ({ kind: 'notFound' })),
        404,
      );

    const fixedPages: [string, PageKind['kind'], (language: Language) => PageKind][] = [
      [PAGES.home, 'home', () => ({ kind: 'home' })],
      [
        PAGES.partners,
        'partners',
        (language) => ({ kind: 'partners', data: publicPartners(site, language) }),
      ],
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

    // The app's pages. A guarded one asked for with a session cookie is rendered for that user, after the
    // guard (a logged-in user asking for /login goes on, as the client's guard would send them); the others
    // are the same for every visitor and kept, unless their address carries a token or a query.
    const appPage = async (request: FastifyRequest, reply: FastifyReply, page: PagePath) => {
      const path = request.url.split('?')[0] ?? '/';
      let session: SessionUser | null | undefined;
      if (GUARDED.includes(page)) {
        session = mayHaveSession(request) ? await pageSession(request) : null;
        const to = session === undefined ? null : guardRedirect(path, session);
        if (to) return reply.redirect(to, 302);
      }
      const plain = path === page && /^[^?]*(\?lng=[a-z]{2})?$/.test(request.url);
      // /register links its consents to the documents: their addresses come with the page.
      const make = (language: Language): PageKind =>
        page === PAGES.register
          ? { kind: 'register', data: publicCompany(site, config.supplier, language) }
          : { kind: 'app' };
      if (!session && plain) {
        const kind = session === null ? 'guest' : 'app';
        return sendHtml(request, reply, await fixedPage(request, kind, path, make, session));
      }
      const lang = pageLanguage(request);
      const kind = make(lang.language);
      const facts = visitorFacts(request, kind, lang.language);
      if (session !== undefined) facts.session = session;
      if (session && page === PAGES.dashboard) {
        facts.queries = await dashboardQueries(session.id);
        // The home section is drawn here when the browser will open it (its cookie, no order to show):
        // the page's largest text is then in the HTML, not drawn after the client has started.
        const remembered = request.cookies?.[DASHBOARD_SECTION_COOKIE] ?? 'home';
        const order = new URLSearchParams(request.url.split('?')[1] ?? '').has('order');
        if (remembered === 'home' && !order) facts.dashboardSection = 'home';
      }
      const document = await render(kind, request.url, facts, lang.explicit);
      return sendHtml(request, reply, new EncodedText(document));
    };
    /**
     * What the dashboard asks for first (the top bar's balance; the home section's referrer, server count
     * and links), under the client's query keys: in the server's HTML, and no request from the browser
     * as it starts, nor a page drawn again when each answer came (decision 091).
     */
    const dashboardQueries = async (userId: number): Promise<SeededQuery[]> => {
      const [user, referrer, serverCount] = await Promise.all([
        db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow(),
        referrerOf(db, userId),
        serverCountOf(ctx, userId),
      ]);
      return [
        [['credits'], unitsToCredits(user.credits)],
        [['store', 'referrer'], referrer],
        [['server-count'], serverCount],
        [['public', 'links'], config.links],
      ];
    };
    const appPages = config.mode === 'demo' ? [...APP_SHELL_PAGES, PAGES.mailbox] : APP_SHELL_PAGES;
    for (const page of appPages) {
      for (const path of serverPaths(page)) {
        pages.get(path, { compress: false }, (request, reply) => appPage(request, reply, page));
      }
    }

    // Catalogue pages: rendered at most once per variant every PUBLIC_CACHE_MS (the public cache).
    pages.get(PAGES.hosting, { compress: false }, async (request, reply) => {
      const lang = pageLanguage(request);
      const page = await publicCache.text(`web:hosting:${variant(request, lang)}`, async () => {
        const kind: PageKind = { kind: 'hosting', games: await listPublicGames(db) };
        return render(kind, PAGES.hosting, visitorFacts(request, kind, lang.language), lang.explicit);
      });
      if (!page) throw new Error('the hosting page cannot be absent');
      return sendHtml(request, reply, page);
    });
    pages.get<{ Params: { gameId: string } }>(PAGES.game, { compress: false }, async (request, reply) => {
      const { gameId } = request.params;
      if (!GAME_ID.test(gameId)) return notFound(request, reply);
      const lang = pageLanguage(request);
      const page = await publicCache.text(`web:game:${gameId}:${variant(request, lang)}`, async () => {
        const data = await publicGamePackages(db, Number(gameId));
        if (!data) return null;
        const kind: PageKind = { kind: 'game', data };
        return render(kind, `/game/${gameId}`, visitorFacts(request, kind, lang.language), lang.explicit);
      });
      return page === null ? notFound(request, reply) : sendHtml(request, reply, page);
    });

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
        const url = (path: string, language?: Language) =>
          escapeHtml(language ? `${publicUrl}${path}?lng=${language}` : `${publicUrl}${path}`);
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
      return notFound(request, reply);
    });
  });
}
