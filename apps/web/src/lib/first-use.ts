const USE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

let used: Promise<void> | null = null;

/**
 * Whether the page's start script kept a click or a submit from before React listened (apps/api/src/site/
 * template.ts, app/early-input.ts): the cookie notice accepted at once, for example, was a use whose
 * events came before these listeners.
 */
function usedBeforeReact(): boolean {
  const early = (window as { __fhEarly?: { clicks: unknown[]; submits: unknown[] } }).__fhEarly;
  return !!early && early.clicks.length + early.submits.length > 0;
}

/**
 * Resolves at the visitor's first use of the page: a pointer or key pressed, a field focused, a button
 * clicked (also before the page was taken over). Code that only a used page needs (the captcha, the auth forms' rules, the toast
 * and dialog hosts) loads then, not while a phone is still taking the page over (decision 091). Once used,
 * it stays resolved: a page reached by navigating within the app is in use already.
 */
export function firstUse(): Promise<void> {
  used ??= new Promise((resolve) => {
    const done = () => {
      for (const type of USE_EVENTS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of USE_EVENTS) window.addEventListener(type, done, { capture: true, passive: true });
    if (usedBeforeReact() || (document.activeElement && document.activeElement !== document.body)) done();
  });
  return used;
}
