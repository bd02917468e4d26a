/**
 * The language a page is rendered in (product.md "What the product does" ("Languages"), decision 089): ?lng=,
 * then the `i18next` cookie, then Accept-Language, else English; and the cookie that keeps a language named
 * by ?lng=.
 */
import type { Language } from '@falkenhost/contracts/constants';
import { LANGUAGE_COOKIE, languageKeptCookie } from '@falkenhost/contracts/ssr';
import type { FastifyRequest } from 'fastify';
import { isLanguage } from '../platform/i18n';

export interface PageLanguage {
  language: Language;
  explicit: boolean;
}

/** The page's language: ?lng=, then the client's i18next cookie, then Accept-Language, else English. */
export function pageLanguage(request: FastifyRequest): PageLanguage {
  const query = request.query as Record<string, unknown> | undefined;
  if (isLanguage(query?.lng)) return { language: query.lng, explicit: true };
  return { language: negotiatedLanguage(request), explicit: false };
}

const LANGUAGE_IN_COOKIES = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-zA-Z-]+)`);

function cookieLanguage(request: FastifyRequest): Language | undefined {
  const cookie = LANGUAGE_IN_COOKIES.exec(request.headers.cookie ?? '')?.[1];
  const fromCookie = cookie?.slice(0, 2).toLowerCase();
  return isLanguage(fromCookie) ? fromCookie : undefined;
}

/**
 * The Set-Cookie value that keeps a language named by ?lng= (the client's i18next cookie), or undefined when
 * already kept: the client keeps it only once its scripts run, and a visitor may follow a link sooner.
 */
export function languageCookie(request: FastifyRequest, secure: boolean): string | undefined {
  const { language, explicit } = pageLanguage(request);
  if (!explicit || cookieLanguage(request) === language) return undefined;
  return languageKeptCookie(language, secure);
}

function negotiatedLanguage(request: FastifyRequest): Language {
  const fromCookie = cookieLanguage(request);
  if (fromCookie) return fromCookie;
  const ranked = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((item) => {
      const [tag = '', ...params] = item.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q.slice(2)) || 0 };
    })
    .filter((item) => item.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((item) => item.language).find(isLanguage) ?? 'en';
}
