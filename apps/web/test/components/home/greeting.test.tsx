/**
 * The dashboard home's greeting (issue 44, decisions/443-greetings.md): "Welcome" on an account's first
 * visit, "Welcome back" later, by first name, in every language.
 */
import type { SessionUser } from '@falkenhost/contracts/auth';
import { act, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { DashboardHome } from '@/features/home/components/dashboard-home';
import { loadSession, setSession } from '@/lib/session';
import { type Language, renderApp } from '../render';

const user: SessionUser = {
  id: 7,
  username: 'jana_2026',
  first_name: 'Jana',
  first_visit: true,
  email: 'jana@example.com',
  role: 'customer',
  two_factor_auth: false,
  two_factor_method: null,
  email_verified: true,
  authenticated: true,
};

afterEach(() => act(() => setSession(null)));

it.each([
  ['en', true, 'Welcome, Jana'],
  ['en', false, 'Welcome back, Jana'],
  ['de', true, 'Willkommen, Jana'],
  ['de', false, 'Willkommen zurück, Jana'],
  ['fr', true, 'Bienvenue, Jana'],
  ['cs', true, 'Vítejte, Jana'],
] as [Language, boolean, string][])('%s, first visit %s: "%s"', async (language, firstVisit, greeting) => {
  await loadSession();
  act(() => setSession({ ...user, first_visit: firstVisit }));
  await renderApp(<DashboardHome />, { language, path: '/dashboard' });
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(greeting);
});
