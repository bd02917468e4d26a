const USE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

let used: Promise<void> | null = null;

/**
 * Resolves at the visitor's first use of the page: a pointer or key pressed, a field focused (also before
 * the page was taken over). Code that only a used page needs (the captcha, the auth forms' rules, the toast
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
    if (document.activeElement && document.activeElement !== document.body) done();
  });
  return used;
}
