/**
 * The pages kept once rendered: a page without catalogue data is the same for every visitor of a variant
 * (language, cookies) until the footer's year changes.
 */
import type { Language } from '@falkenhost/contracts/constants';
import type { FastifyRequest } from 'fastify';
import { EncodedText } from '../platform/requests/encoding';
import type { PageKind } from './document';
import { type PageLanguage, pageLanguage } from './language';
import { mayHaveSession } from './page-guards';
import { cookiesAccepted, type RenderDocument, visitorFacts } from './page-render';

/** What makes two anonymous visitors' pages differ: the language, whether ?lng= named it, the cookies. */
export function pageVariant(request: FastifyRequest, lang: PageLanguage): string {
  return `${lang.language}:${lang.explicit}:${cookiesAccepted(request)}:${mayHaveSession(request)}`;
}

/** Milliseconds since the epoch of the next 1 January, 00:00 local time. */
function startOfNextYear(): number {
  return new Date(new Date().getFullYear() + 1, 0, 1).getTime();
}

/**
 * The page `make` gives in the request's language at `url`, for the request's variant, rendered once and
 * kept under `kind`; `session` null: a guard found no session behind the cookies, the page is a guest's.
 * @throws what rendering throws (the failed page is not kept)
 */
export type FixedPage = (
  request: FastifyRequest,
  kind: string,
  url: string,
  make: (language: Language) => PageKind,
  session?: null,
) => Promise<EncodedText>;

/** The cache of fixed pages, rendered with `render`; all of them rendered again in a new year. */
export function fixedPageCache(render: RenderDocument): FixedPage {
  // Pages without catalogue data change only with the footer's year: rendered again in a new year.
  const fixed = new Map<string, Promise<EncodedText>>();
  let renderedBefore = startOfNextYear();
  return (request, kind, url, make, session) => {
    if (Date.now() >= renderedBefore) {
      fixed.clear();
      renderedBefore = startOfNextYear();
    }
    const lang = pageLanguage(request);
    const key = `${kind}:${url}:${pageVariant(request, lang)}`;
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
}
