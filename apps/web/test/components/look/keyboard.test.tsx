/**
 * A keyboard path that never hides (issue 44): the focus ring's two tones against every colour of the
 * theme, the cookie notice inside an open dialog's focus trap, and where the focus goes when a dialog
 * closes (decisions 439-441).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Button, DEFAULT_THEME, Modal, mergeMantineTheme, Title } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { CookieNotice } from '@/components/cookie-notice';
import { DashboardShell } from '@/features/dashboard-shell/components/dashboard-shell';
import { openConfirm } from '@/lib/confirm';
import { loadSession, setSession } from '@/lib/session';
import { renderApp } from '../render';
import { contrast } from './contrast';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const falken = theme.colors?.falken ?? [];
const webSrc = resolve(import.meta.dirname, '../../../src/app');

/** `var(--mantine-color-falken-0)` as the theme's #rrggbb. */
function themeColour(value: string): string {
  const match = value.match(/^var\(--mantine-color-([a-z]+)-(\d)\)$/);
  const colour = match && merged.colors[match[1] as string]?.[Number(match[2])];
  if (!colour) throw new Error(`not a colour of the theme: ${value}`);
  return colour;
}

/** The ring's two tones as global.css declares them (`--fh-focus-light`, `--fh-focus-dark`). */
function ringTones(): { light: string; dark: string } {
  const css = readFileSync(resolve(webSrc, 'global.css'), 'utf8');
  const tone = (name: string) => {
    const value = css.match(new RegExp(`--fh-focus-${name}:\\s*([^;]+);`))?.[1];
    if (!value) throw new Error(`global.css declares no --fh-focus-${name}`);
    return themeColour(value.trim());
  };
  return { light: tone('light'), dark: tone('dark') };
}

/**
 * Every background colour the theme can paint: each shade of each palette, white and black, and the
 * dark scheme's tinted variant backgrounds (`rgba(r, g, b, 1)` in theme-variables.css).
 */
function themeBackgrounds(): string[] {
  const hex = (n: string) => Number(n).toString(16).padStart(2, '0');
  const variables = readFileSync(resolve(webSrc, 'theme-variables.css'), 'utf8');
  const tinted = [...variables.matchAll(/rgba\((\d+), (\d+), (\d+), 1\)/g)].map(
    ([, r, g, b]) => `#${hex(r as string)}${hex(g as string)}${hex(b as string)}`,
  );
  return [...Object.values(merged.colors).flat(), merged.white, merged.black, ...tinted];
}

describe('the focus ring (decisions/440-two-tone-focus-ring.md)', () => {
  const { light, dark } = ringTones();

  it.each(themeBackgrounds())('one of its tones has at least 3:1 against %s', (background) => {
    expect(Math.max(contrast(light, background), contrast(dark, background))).toBeGreaterThanOrEqual(3);
  });

  it("the light line, drawn off the control, has at least 3:1 on the page's surfaces and purple buttons", () => {
    const surfaces = [4, 5, 6, 7, 8, 9].map((i) => merged.colors.dark[i] as string);
    const purple = [5, 6, 7, 8, 9].map((i) => falken[i] as string);
    for (const background of [...surfaces, ...purple]) {
      expect(contrast(light, background), background).toBeGreaterThanOrEqual(3);
    }
  });

  it('its two tones have at least 3:1 between them, and the old ring had less than 3:1 on the page', () => {
    expect(contrast(light, dark)).toBeGreaterThanOrEqual(3);
    expect(contrast(falken[7] as string, merged.colors.dark[8] as string)).toBeLessThan(3);
  });

  it("Mantine's focusable parts carry the ring's class", async () => {
    await renderApp(<Button>Pay</Button>);
    expect(screen.getByRole('button', { name: 'Pay' }).classList).toContain('fh-focus');
  });
});

function BuyDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Buy credits</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Order credits">
        <Button>Pay</Button>
        <Button onClick={() => setOpen(false)}>Cancel</Button>
      </Modal>
      <CookieNotice />
    </>
  );
}

describe('the cookie notice (decisions/439-cookie-notice-inside-the-dialog.md)', () => {
  it('moves into an open dialog, where Tab reaches "Got it!", and back to the page when it closes', async () => {
    await renderApp(<BuyDialog />);
    const notice = screen.getByRole('region', { name: 'Cookie notice' });
    expect(notice.closest('[role="dialog"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Buy credits' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Got it!' })).toBeTruthy());
    within(dialog).getByRole('button', { name: 'Cancel' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Got it!' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const back = await screen.findByRole('region', { name: 'Cookie notice' });
    expect(back.closest('[role="dialog"]')).toBeNull();
  });

  it('"Got it!" inside the dialog closes the notice and keeps the keyboard in the dialog', async () => {
    await renderApp(<BuyDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Buy credits' }));
    const dialog = await screen.findByRole('dialog');
    const gotIt = await within(dialog).findByRole('button', { name: 'Got it!' });
    gotIt.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull());
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});

function ServerList() {
  const [rows, setRows] = useState(['alpha', 'beta']);
  return (
    <section>
      <Title order={2}>Your servers</Title>
      {rows.map((name) => (
        <div key={name}>
          <Title order={3}>{name}</Title>
          <Button
            onClick={() =>
              openConfirm({
                title: `End ${name}?`,
                labels: { confirm: 'End', cancel: 'Keep' },
                onConfirm: () => setRows((all) => all.filter((row) => row !== name)),
              })
            }
          >
            {`End ${name}`}
          </Button>
        </div>
      ))}
    </section>
  );
}

describe('focus after a dialog (decisions/441-focus-after-a-dialog.md)', () => {
  afterEach(() => setSession(null));

  it('a cancelled confirm gives the focus back to the button that opened it', async () => {
    await renderApp(<ServerList />);
    const opener = screen.getByRole('button', { name: 'End beta' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByTestId('confirm-cancel'));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("a confirmed delete that takes the opener's row away leaves the focus on the list's heading", async () => {
    await renderApp(<ServerList />);
    screen.getByRole('button', { name: 'End beta' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'End beta' })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your servers' })),
    );
  });

  it('the order-status popup (opened by a payment, not a control) leaves the focus on the heading', async () => {
    await loadSession();
    setSession({
      id: 7,
      username: 'eva',
      first_name: 'Eva',
      first_visit: false,
      email: 'eva@example.com',
      role: 'customer',
      two_factor_auth: false,
      two_factor_method: null,
      email_verified: true,
      authenticated: true,
    });
    await renderApp(
      <DashboardShell section="customer_store" renderSection={() => <Title order={1}>Store</Title>} />,
      { path: '/dashboard/shop?order=abc' },
    );
    const popup = await screen.findByRole('dialog');
    await userEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Store', level: 1 })),
    );
  });
});
