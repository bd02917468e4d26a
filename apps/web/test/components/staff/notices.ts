/** What the staff popups' tests read: the toasts, and the throttle's clock. */
import { screen } from '@testing-library/react';
import { vi } from 'vitest';

/** The toasts (Mantine notifications are alerts) that say `text`. */
export const notices = (text: string) =>
  screen.queryAllByRole('alert').filter((alert) => alert.textContent?.includes(text));

/**
 * Moves the clock past the one-second throttle (spec 9 "action throttle 1 s"); the test fakes only Date
 * (`vi.useFakeTimers({ toFake: ['Date'] })`), so React, Mantine and the fetches keep real timers.
 */
export const afterThrottle = () => vi.setSystemTime(Date.now() + 1_100);
