/** Shared steps of the store's component tests. */
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';

/**
 * Stops the clock the throttle reads (Date.now) at the current instant, as typing in happy-dom takes
 * seconds; the returned function moves it on by `ms`. Timers (the discount check's debounce) run as is.
 */
export function controlledNow(): (ms: number) => void {
  let now = Date.now();
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  return (ms) => {
    now += ms;
  };
}

/** The dialog's error line, once it says `text`. */
export async function expectErrorLine(text: string | RegExp): Promise<void> {
  await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(text), { timeout: 10_000 });
}

/** Fills the required billing address fields (the country is the browser's, en-US -> United States). */
export async function fillAddress(user: UserEvent): Promise<void> {
  await user.type(screen.getByRole('textbox', { name: /Address line 1/ }), 'Hlavní 1');
  await user.type(screen.getByRole('textbox', { name: /City/ }), 'Brno');
  await user.type(screen.getByRole('textbox', { name: /Postal code/ }), '60200');
}

/** Types a discount code and waits for its check (1 s debounce) to say it is invalid. */
export async function typeInvalidDiscount(user: UserEvent, code = 'NOPE'): Promise<void> {
  await user.type(screen.getByRole('textbox', { name: /Discount code/ }), code);
  await waitFor(
    () => expect(screen.getByTestId('discount-status').textContent).toMatch(/Invalid discount code/),
    { timeout: 5_000 },
  );
}

/** The country select's input. */
export const countryInput = () => screen.getByRole('combobox', { name: /Country/ }) as HTMLInputElement;
