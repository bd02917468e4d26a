import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_PAGES,
  dashboardAddressOf,
  dashboardPath,
  legacyDashboardLink,
  orderReturnPath,
} from '../src/dashboard-addresses';
import { APP_SHELL_PAGES, afterLoginRoute, guardRedirect, isNextAddress, PAGES } from '../src/routes';

const ready = { authenticated: true, email_verified: true };

describe('the dashboard addresses (decision 431)', () => {
  it('are pages of the app, each read back as its section', () => {
    for (const page of Object.values(DASHBOARD_PAGES)) {
      expect(APP_SHELL_PAGES, page).toContain(page);
      expect(Object.values(PAGES), page).toContain(page);
    }
    expect(dashboardAddressOf('/dashboard')).toEqual({ section: 'home' });
    expect(dashboardAddressOf('/dashboard/servers/12')).toEqual({ section: 'customer_servers', sub: '12' });
    expect(dashboardAddressOf('/dashboard/shop/3')).toEqual({ section: 'customer_store', sub: '3' });
    expect(dashboardAddressOf('/dashboard/settings/billing')).toEqual({
      section: 'settings',
      sub: 'billing',
    });
    expect(dashboardAddressOf('/dashboard/staff/store/discounts')).toEqual({
      section: 'admin_store',
      sub: 'discounts',
    });
    expect(dashboardAddressOf('/dashboard/staff/users/audit')).toEqual({
      section: 'master_users',
      sub: 'audit',
    });
    expect(dashboardAddressOf('/dashboard/staff/overview')).toEqual({ section: 'admin_overview' });
    expect(dashboardPath('customer_servers', 12)).toBe('/dashboard/servers/12');
  });

  it('know no other path: an unknown section, id, part or tab is none', () => {
    for (const path of [
      '/dashboard/nope',
      '/dashboard/servers/abc',
      '/dashboard/servers/0',
      '/dashboard/servers/12/more',
      '/dashboard/settings/nope',
      '/dashboard/staff',
      '/dashboard/staff/users/users',
      '/dashboard/staff/store/nope',
      '/dashboardx',
    ]) {
      expect(dashboardAddressOf(path), path).toBeNull();
    }
  });

  it('send old links to their new addresses (decision 433)', () => {
    expect(legacyDashboardLink('?order=abc&server=5')).toBe('/dashboard/servers/5?order=abc');
    expect(legacyDashboardLink('?renew=5')).toBe('/dashboard/servers/5?renew=5');
    expect(legacyDashboardLink('?order=abc&resume=order')).toBe('/dashboard/shop?order=abc&resume=order');
    expect(legacyDashboardLink('?order=abc')).toBe('/dashboard/shop?order=abc');
    expect(legacyDashboardLink('')).toBeNull();
    expect(legacyDashboardLink('?lng=de')).toBeNull();
    expect(orderReturnPath('/dashboard/servers/5', 'abc')).toBe('/dashboard/servers/5?order=abc');
  });
});

describe('the guards carry the address asked for (decision 432)', () => {
  it('a guest at a dashboard address goes to /login?next=<that address>, the plain dashboard to /login', () => {
    expect(guardRedirect('/dashboard', null)).toBe('/login');
    expect(guardRedirect('/dashboard/servers/12', null, '?renew=12')).toBe(
      `/login?next=${encodeURIComponent('/dashboard/servers/12?renew=12')}`,
    );
    expect(guardRedirect('/dashboard/servers/12', { authenticated: false, email_verified: true })).toBe(
      `/email/2fa?next=${encodeURIComponent('/dashboard/servers/12')}`,
    );
    expect(guardRedirect('/dashboard/shop/3', ready)).toBeNull();
    // No dashboard address: the 404 page, for a guest too.
    expect(guardRedirect('/dashboard/nope', null)).toBeNull();
  });

  it('after the login, the 2FA code or the verification, the user lands on next, and only a dashboard next', () => {
    const next = `?next=${encodeURIComponent('/dashboard/servers/12?renew=12')}`;
    expect(afterLoginRoute(ready, next)).toBe('/dashboard/servers/12?renew=12');
    expect(afterLoginRoute({ authenticated: true, email_verified: false }, next)).toBe(
      `/email/verify${next}`,
    );
    expect(guardRedirect('/login', ready, next)).toBe('/dashboard/servers/12?renew=12');
    expect(guardRedirect('/email/2fa', ready, next)).toBe('/dashboard/servers/12?renew=12');
    for (const bad of [
      'https://evil.example/dashboard',
      '//evil.example/dashboard',
      '/dashboard//evil.example',
      '/dashboard\\..\\x',
      '/login',
      '/dashboardx',
      'javascript:alert(1)',
    ]) {
      expect(isNextAddress(bad), bad).toBe(false);
      expect(afterLoginRoute(ready, `?next=${encodeURIComponent(bad)}`), bad).toBe('/dashboard');
    }
  });
});
