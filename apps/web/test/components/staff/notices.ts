/** What the staff popups' tests read: the toasts, and the throttle's clock. */
import { screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/** The toasts (Mantine notifications are alerts) that say `text`. */
export const notices = (text: string) =>
  screen.queryAllByRole('alert').filter((alert) => alert.textContent?.includes(text));

/**
 * Moves the clock past the one-second throttle (product.md "Business constants and limits"
 * ("action throttle 1 s")); the test fakes only Date (`vi.useFakeTimers({ toFake: ['Date'] })`), so React,
 * Mantine and the fetches keep real timers.
 */
export const afterThrottle = () => vi.setSystemTime(Date.now() + 1_100);

/**
 * Waits until the popup's focus trap has moved focus to its `data-autofocus` field. Typing before that
 * races the trap: under load its focus lands mid-`user.type` and the rest of the text goes elsewhere.
 */
export async function dialogSettled(): Promise<void> {
  await waitFor(() => expect(document.activeElement?.hasAttribute('data-autofocus')).toBe(true));
}
