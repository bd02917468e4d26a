/**
 * The auth component tests' product: the real server (SQLite, emulators) that happy-dom's page is
 * pointed at, so the forms' relative calls, cookies and Origin reach it as a browser's would.
 */
import { configure, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { captchaToken, type Product } from '../../../../api/test/harness';

// Each step waits on a real server on a shared, loaded machine: waits end when the state holds, and
// give up only after 10 s rather than Testing Library's 1 s.
configure({ asyncUtilTimeout: 10_000 });

/**
 * Gives the captcha its real payload. The ALTCHA widget cannot solve in happy-dom (no secure context,
 * no workers) and says `error`; the test then solves the product's challenge in Node, as the widget
 * would, and hands the payload over through the widget's own `statechange` event, which the server
 * then verifies for real.
 */
export async function verifyCaptcha(product: Product): Promise<void> {
  // The widget loads at the page's first use (captcha.tsx): a person has focused a field by then.
  document.querySelector('input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  const widget = await waitFor(
    () => {
      const element = document.querySelector('altcha-widget') as
        | (HTMLElement & { getState(): string })
        | null;
      if (element?.getState() !== 'error') throw new Error('the widget has not given up yet');
      return element;
    },
    { timeout: 15_000 },
  );
  const payload = await captchaToken(product.session());
  widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
}

/**
 * Controls the clock the one-second throttle reads (Date only: the server, timers and promises run on),
 * so a test can submit again "a second later" without waiting a second.
 */
export function controlDate(): { nextSecond: () => void; restore: () => void } {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
  return {
    nextSecond: () => vi.setSystemTime(new Date(Date.now() + 1_001)),
    restore: () => vi.useRealTimers(),
  };
}

/** Counts the page's calls to `path` (fetch is spied on, not replaced: every call reaches the product). */
export function countCalls(path: string): () => number {
  const spy = vi.spyOn(window, 'fetch');
  return () =>
    spy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).endsWith(path))
      .length;
}

/**
 * The form's own alert (titled 'Something is not right'), not the captcha widget's: its text, once shown.
 */
export function formAlert(): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="alert"]')].find((element) =>
      element.textContent?.includes('Something is not right'),
    );
    if (!found) throw new Error('no form alert');
    return found;
  });
}

/** Waits until the form's alert says `text`. */
export async function expectAlert(text: string): Promise<void> {
  await waitFor(async () => {
    const found = await formAlert();
    if (!found.textContent?.includes(text))
      throw new Error(`alert says "${found.textContent}", not "${text}"`);
  });
}
