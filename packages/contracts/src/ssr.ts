/**
 * The contract between the API's page server (apps/api/src/site) and the web client's server entry
 * (apps/web/src/entry-server.tsx): the server asks for a page with what it knows of the visitor, the
 * client's components render it, and the browser hydrates that HTML from the same facts
 * (docs/decisions/090-server-rendered-pages.md).
 */
import type { SessionUser } from './auth';
import type { Language } from './constants';

/** A query's key and data, as the client's TanStack Query cache holds them. */
export type SeededQuery = [key: readonly unknown[], data: unknown];

/** What the page is rendered from; the browser reads the same object back before it hydrates. */
export interface PageFacts {
  language: Language;
  /** the session user, null when logged out, undefined when not known (the browser asks /api/auth/me) */
  session?: SessionUser | null;
  /** the visitor has accepted the cookie notice (its cookie) */
  cookiesAccepted: boolean;
  /** public API answers the page shows, under the client's query keys */
  queries: SeededQuery[];
}

/** The id of the `<script type="application/json">` carrying the page's facts to the browser. */
export const PAGE_FACTS_ID = 'fh-facts';

/** The name of the cookie that keeps the cookie notice accepted (read by the server). */
export const COOKIES_ACCEPTED_COOKIE = 'fh_cookies';

/**
 * The `document.cookie` assignment that keeps the cookie notice accepted for a year, written by the notice
 * and, for a click made before the page is taken over, by the server's start script.
 * @param secure the page is on https (the cookie then says Secure)
 */
export function cookiesAcceptedCookie(secure: boolean): string {
  return `${COOKIES_ACCEPTED_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The name of the cookie that keeps the visitor's language (read by the server; the name i18next uses). */
export const LANGUAGE_COOKIE = 'i18next';

/**
 * The cookie that keeps `language` for a year: set by the server for a page asked for with `?lng=` and by
 * the language picker, so the server renders the next page in it.
 * @param secure the page is on https (the cookie then says Secure)
 */
export function languageKeptCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The attribute that marks the cookie notice's accept button (for the start script). */
export const ACCEPT_COOKIES_ATTRIBUTE = 'data-accept-cookies';

/** A rendered page: the HTML of its root element and the ids of the routes it matched, outermost first. */
export interface RenderedPage {
  html: string;
  routeIds: string[];
  /** errors components threw while rendering (their boundaries are left to the browser) */
  errors: string[];
}

/**
 * The web client's server entry (`renderPage` of apps/web/dist-server/entry-server.js).
 * @param url the page's path and query, e.g. "/game/3?lng=de"
 * @throws Error when a component throws while rendering
 */
export type RenderPage = (url: string, facts: PageFacts) => Promise<RenderedPage>;
