/**
 * The public header while a code is owed (issue 44): on /email/verify a logged-in user sees a logout, not
 * "Login / Register", and the header turns to Dashboard as soon as the session says verified (no reload).
 */
import type { SessionUser } from '@falkenhost/contracts/auth';
import { act, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { SiteHeader } from '@/components/layout/site-header';
import { loadSession, setSession } from '@/lib/session';
import { renderApp } from '../render';

const unverified: SessionUser = {
  id: 7,
  username: 'ana',
  first_name: 'Ana',
  first_visit: true,
  email: 'ana@example.com',
  role: 'customer',
  two_factor_auth: false,
  two_factor_method: null,
  email_verified: false,
  authenticated: true,
};

afterEach(() => act(() => setSession(null)));

it('shows a logout while the e-mail waits for its code, then Dashboard once verified', async () => {
  await loadSession();
  act(() => setSession(unverified));
  await renderApp(<SiteHeader />, { path: '/email/verify' });
  expect(screen.getByTestId('header-logout').textContent).toBe('Log out');
  expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();

  act(() => setSession({ ...unverified, email_verified: true }));
  expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeTruthy();
  expect(screen.queryByTestId('header-logout')).toBeNull();
});

it('a visitor still sees Login and Register', async () => {
  await renderApp(<SiteHeader />, { path: '/' });
  expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Register' })).toBeTruthy();
});
