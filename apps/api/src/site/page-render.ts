/**
 * A page's HTML document, rendered by the web client's components from the page's facts, and sent as
 * uncached HTML (decisions/089-page-routes-language-sitemap.md, 090-server-rendered-pages.md).
 */
import type { Language } from '@falkenhost/contracts/constants';
import { COOKIES_ACCEPTED_COOKIE, type PageFacts } from '@falkenhost/contracts/ssr';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { EncodedText } from '../platform/requests/encoding';
import { type PageKind, pageDocument, pageQueries } from './document';
import { languageCookie } from './language';
import { mayHaveSession } from './page-guards';
import type { PageRenderer } from './renderer';
import type { Template } from './template';

/** The document of `page` at `url` (path and query), rendered by the client's components from `facts`. */
export type RenderDocument = (
  page: PageKind,
  url: string,
  facts: PageFacts,
  explicit: boolean,
) => Promise<string>;

/**
 * Renders documents with the client's server entry into `template`; a component's render error is
 * logged on `log` and the page still sent. @param publicUrl the site's address, for canonical links
 */
export function documentRenderer(
  renderer: PageRenderer,
  template: Template,
  publicUrl: string,
  log: FastifyBaseLogger,
): RenderDocument {
  return async (page, url, facts, explicit) => {
    const { html, stylesheets, errors } = await renderer(url, facts);
    for (const error of errors) log.error({ url, error }, 'a page rendered with an error');
    const path = url.split('?')[0] ?? url;
    return pageDocument(template, page, { facts, rendered: html, stylesheets, path, publicUrl, explicit });
  };
}

/** The visitor accepted the cookie notice (its cookie, set by the client's notice). */
export function cookiesAccepted(request: FastifyRequest): boolean {
  return request.cookies?.[COOKIES_ACCEPTED_COOKIE] !== undefined;
}

/**
 * The facts of an anonymous visitor's page: what every visitor in that language sees. Without a session
 * cookie the visitor is a guest, and the page is drawn for one (the browser then has nothing to ask and
 * draws nothing again); with one, the session is left for the browser to ask for.
 */
export function visitorFacts(request: FastifyRequest, page: PageKind, language: Language): PageFacts {
  return {
    language,
    cookiesAccepted: cookiesAccepted(request),
    queries: pageQueries(page, language),
    ...(mayHaveSession(request) ? {} : { session: null }),
  };
}

/** Sends `page` as the answer (`status`, 200 unless given), with the cookie that keeps a ?lng= language. */
export type SendHtml = (
  request: FastifyRequest,
  reply: FastifyReply,
  page: EncodedText,
  status?: number,
) => FastifyReply;

/**
 * Sends pages as uncached HTML that varies by language and cookies.
 * @param publicUrl the site's address: the language cookie is Secure on https
 */
export function htmlSender(publicUrl: string): SendHtml {
  // Every page is compressed once per variant and kept (EncodedText): compress: false on these routes.
  const secureCookies = publicUrl.startsWith('https:');
  return (request, reply, page, status = 200) => {
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
}
