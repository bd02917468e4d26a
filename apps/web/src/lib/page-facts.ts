/**
 * What the server rendered the page from (packages/contracts/src/ssr.ts): the language, the session as the
 * server knew it, the cookie notice's state and the public data shown. The browser hydrates from the same
 * facts, so its first render matches the server's HTML; on the server each render provides its own.
 */
import { COOKIES_ACCEPTED_COOKIE, PAGE_FACTS_ID, type PageFacts } from '@falkenhost/contracts/ssr';
import { createContext, useContext } from 'react';

let read = false;
let browserFacts: PageFacts | undefined;

/** The facts the server wrote into the page (`<script type="application/json" id="fh-facts">`), once. */
export function pageFactsOfDocument(): PageFacts | undefined {
  if (read || typeof document === 'undefined') return browserFacts;
  read = true;
  const element = document.getElementById(PAGE_FACTS_ID);
  if (!element?.textContent) return undefined;
  try {
    browserFacts = JSON.parse(element.textContent) as PageFacts;
  } catch {
    // A page without usable facts starts as an unrendered one would.
  }
  return browserFacts;
}

/** Whether the cookie notice was accepted, from its cookie (a page the server did not render). */
export function cookiesAcceptedInBrowser(): boolean {
  return (
    typeof document !== 'undefined' &&
    new RegExp(`(?:^|;\\s*)${COOKIES_ACCEPTED_COOKIE}=`).test(document.cookie)
  );
}

/** The render's facts; the server's entry and the browser's App provide them. */
export const PageFactsContext = createContext<PageFacts | undefined>(undefined);

export function usePageFacts(): PageFacts | undefined {
  return useContext(PageFactsContext);
}
