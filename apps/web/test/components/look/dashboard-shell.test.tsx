/**
 * The dashboard shell (issue 30): a skip link to the content, the whole username on phones; its menu's
 * items are links to the sections' addresses, which Back and Forward follow (decision 431).
 */
import type { SessionUser } from '@falkenhost/contracts/auth';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, onTestFinished } from 'vitest';
import { DashboardShell } from '@/features/dashboard-shell/components/dashboard-shell';
import { useDashboardAddress } from '@/lib/dashboard-address';
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

/** The shell at the address's section, as the dashboard route composes it, each section a line of text. */
function Shell() {
  const address = useDashboardAddress();
  return (
    <DashboardShell
      section={address?.section ?? 'home'}
      renderSection={(section) => <p>{`section ${section}`}</p>}
    />
  );
}

/** The shell at `path`, answering every dashboard address. */
const renderShell = (path: string, language: Language = 'en') =>
  renderApp(<Shell />, { language, path, pattern: '/dashboard/*' });

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
    await renderApp(<DashboardShell section="home" renderSection={() => <p>section content</p>} />, {
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
  const view = await renderShell('/dashboard', 'de');
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
  expect(view.router.state.location.pathname).toBe('/dashboard/settings');
});

it('the menu links each section to its address; Back and Forward go between them', async () => {
  await logIn();
  const view = await renderShell('/dashboard/servers/12');
  expect(await screen.findByText('section customer_servers')).toBeTruthy();
  const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
  expect(links).toEqual(
    expect.arrayContaining(['/dashboard', '/dashboard/servers', '/dashboard/shop', '/dashboard/settings']),
  );
  // A customer's menu has no staff section.
  expect(links.filter((href) => href?.startsWith('/dashboard/staff'))).toEqual([]);
  expect(screen.getByRole('link', { name: 'My servers' }).getAttribute('aria-current')).toBe('page');
  await userEvent.click(screen.getByRole('link', { name: 'Store' }));
  expect(await screen.findByText('section customer_store')).toBeTruthy();
  expect(view.router.state.location.pathname).toBe('/dashboard/shop');
  await act(() => view.router.navigate(-1));
  expect(await screen.findByText('section customer_servers')).toBeTruthy();
  expect(view.router.state.location.pathname).toBe('/dashboard/servers/12');
  await act(() => view.router.navigate(1));
  expect(await screen.findByText('section customer_store')).toBeTruthy();
});

it("a staff section's address opened by a customer says 'Choose a section'", async () => {
  await logIn();
  await renderShell('/dashboard/staff/users');
  expect(await screen.findByText('Choose a section')).toBeTruthy();
  expect(screen.queryByText('section master_users')).toBeNull();
});
