/** The dashboard shell (issue 30): a skip link to the content, the whole username on phones, and its deep links. */
import type { SessionUser } from '@falkenhost/contracts/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, onTestFinished } from 'vitest';
import { DashboardShell } from '@/features/dashboard-shell/components/dashboard-shell';
import { loadSession, setSession } from '@/lib/session';
import { type Language, renderApp } from '../render';

const user: SessionUser = {
  id: 7,
  username: 'maximilian_longname_2026',
  first_name: 'Maximilian',
  first_visit: false,
  email: 'max@example.com',
  role: 'customer',
  two_factor_auth: false,
  two_factor_method: null,
  email_verified: true,
  authenticated: true,
};

/** The user as logged in: the session's first load (no session cookie here: nobody) is over first. */
async function logIn() {
  await loadSession();
  setSession(user);
}

afterEach(() => setSession(null));

const SKIP: Record<Language, string> = {
  en: 'Skip to content',
  cs: 'Přeskočit na obsah',
  sk: 'Prejsť na obsah',
  de: 'Zum Inhalt springen',
  fr: 'Aller au contenu',
};

it.each(Object.entries(SKIP) as [Language, string][])(
  '%s: the first Tab reaches "%s", which leads to the section',
  async (language, name) => {
    await logIn();
    await renderApp(<DashboardShell renderSection={() => <p>section content</p>} />, {
      language,
      path: '/dashboard',
    });
    await screen.findByText('section content');
    await userEvent.tab();
    const skip = screen.getByRole('link', { name });
    expect(document.activeElement).toBe(skip);
    const target = document.getElementById((skip.getAttribute('href') ?? '').replace('#', ''));
    expect(target?.tagName).toBe('MAIN');
    expect(target?.textContent).toContain('section content');
  },
);

it('at 360 px the account menu replaces the username button and shows the whole username', async () => {
  // Mantine's hiddenFrom/visibleFrom classes are media queries, which happy-dom applies to its viewport.
  const happyDOM = (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM;
  happyDOM.setViewport({ width: 360, height: 800 });
  onTestFinished(() => happyDOM.setViewport({ width: 1024, height: 768 }));
  await logIn();
  await renderApp(<DashboardShell renderSection={(section) => <p>{`section ${section}`}</p>} />, {
    language: 'de',
    path: '/dashboard',
  });
  await userEvent.click(screen.getByRole('button', { name: 'maximilian_longname_2026: Kontomenü' }));
  // (hidden: Mantine's opening transition keeps the dropdown display:none in happy-dom)
  const settings = await screen.findByRole('menuitem', {
    name: 'maximilian_longname_2026: Einstellungen öffnen',
    hidden: true,
  });
  expect(settings.textContent).toContain('maximilian_longname_2026');
  expect(screen.getByRole('menuitem', { name: 'Abmelden', hidden: true })).toBeTruthy();
  await userEvent.click(settings);
  expect(await screen.findByText('section settings')).toBeTruthy();
});

it.each([
  ['/dashboard?order=abc', 'customer_store'],
  ['/dashboard?order=abc&server=5', 'customer_servers'],
  ['/dashboard?renew=5', 'customer_servers'],
])('%s opens %s (an order for a server comes back on it, decision 430)', async (path, section) => {
  await logIn();
  await renderApp(<DashboardShell renderSection={(open) => <p>{`section ${open}`}</p>} />, { path });
  expect(await screen.findByText(`section ${section}`)).toBeTruthy();
});
