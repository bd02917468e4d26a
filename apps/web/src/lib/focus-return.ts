/**
 * Where the keyboard goes when a dialog closes (decisions/441-focus-after-a-dialog.md): back to the control
 * that opened it, or, when that control is gone (a deleted row) or there was none (a popup opened by a
 * payment's return), to the heading of the list or section it belonged to, never to <body>.
 */

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** Focuses `element`; a heading or other element no key reaches gets tabindex=-1 (focus by script only). */
export function focusElement(element: HTMLElement): void {
  if (!element.matches(FOCUSABLE)) element.setAttribute('tabindex', '-1');
  element.focus();
}

/**
 * Focuses the first element in the document matching one of `selectors`, in their order.
 * @returns the element focused, or null when none matched
 */
export function focusFirst(selectors: readonly string[]): HTMLElement | null {
  for (const selector of selectors) {
    const element = document.querySelector<HTMLElement>(selector);
    if (element) {
      focusElement(element);
      return element;
    }
  }
  return null;
}

/**
 * The headings `element` is under in the page's outline, nearest first: the nearest heading before it (its
 * row's, or its list's), then the nearest before that of a higher level (h3, then h2, then h1), so a
 * sibling row's heading is never among them.
 */
export function headingsBefore(element: Element): HTMLElement[] {
  const before = [...document.querySelectorAll<HTMLElement>(HEADINGS)]
    .filter((heading) => heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING)
    .reverse();
  const chain: HTMLElement[] = [];
  let level = 7;
  for (const heading of before) {
    const own = Number(heading.tagName.slice(1));
    if (own < level) {
      chain.push(heading);
      level = own;
    }
  }
  return chain;
}

/** How long after a dialog closes the page is watched: a deleted row goes once the list is read again. */
const WATCH_MS = 10_000;

/** Calls `done` now, at each change of the document and at each focus move, until it is true or WATCH_MS passed. */
function watch(done: () => boolean): void {
  if (done()) return;
  const observer = new MutationObserver(() => done() && stop());
  const onFocus = () => done() && stop();
  const timer = window.setTimeout(() => stop(), WATCH_MS);
  function stop(): void {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('focusin', onFocus);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', onFocus);
}

const lost = (active: Element | null) => active === null || active === document.body;

/**
 * Called as a dialog closes. Mantine gives the focus back to `opener`; while it is on it (or on <body>),
 * should `opener` leave the document, the focus goes to the nearest of `fallbacks` still there (the
 * headings before it when the dialog opened, see headingsBefore), else the page's first heading. Stops
 * when the focus moves elsewhere, or after WATCH_MS.
 */
export function keepFocusNearOpener(opener: HTMLElement, fallbacks: readonly HTMLElement[]): void {
  const closing = document.activeElement?.closest('[role="dialog"]') ?? null;
  watch(() => {
    const active = document.activeElement;
    if (!lost(active) && active !== opener && !closing?.contains(active)) return true;
    if (opener.isConnected || !lost(active)) return false;
    const target = fallbacks.find((heading) => heading.isConnected) ?? document.querySelector('main h1, h1');
    if (target instanceof HTMLElement) focusElement(target);
    return true;
  });
}

/**
 * After a dialog no control opened has closed: focuses the first match of `selectors` (focusFirst) as soon
 * as one is in the document (a section may still be loading), unless the focus has gone elsewhere first;
 * a heading replaced as its section draws itself again is followed (keepFocusNearOpener).
 */
export function focusWhenShown(selectors: readonly string[]): void {
  watch(() => {
    if (!lost(document.activeElement)) return true;
    const target = focusFirst(selectors);
    if (target) keepFocusNearOpener(target, []);
    return target !== null;
  });
}

/**
 * The focused control, as a dialog is about to open, and the headings to fall back on (keepFocusNearOpener);
 * null when nothing but <body> has the focus.
 */
export function openerOfDialog(): { opener: HTMLElement; fallbacks: HTMLElement[] } | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  return { opener: active, fallbacks: headingsBefore(active) };
}
