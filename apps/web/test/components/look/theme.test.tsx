/**
 * The theme's accessibility defaults (issue 30): filled buttons' text contrast, dialogs without a second
 * banner landmark, open Select lists that scroll in their listbox, and menus holding only their items.
 */
import {
  Button,
  DEFAULT_THEME,
  getPrimaryShade,
  Menu,
  Modal,
  mergeMantineTheme,
  Select,
  Table,
} from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { DISABLED_ICON_BUTTON, theme } from '@/app/theme';
import { AdminTable } from '@/components/admin/admin-table';
import { RowActions } from '@/features/admin-store/components/row-actions';
import { renderApp } from '../render';
import { contrast } from './contrast';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);

/** A CSS value Mantine writes for a button (`var(--mantine-color-red-filled)`, …) as #rrggbb in the dark scheme. */
function resolve(value: string): string {
  const match = value.match(/^var\(--mantine-color-([a-z]+)(?:-(\d|filled|filled-hover))?\)$/);
  if (!match) throw new Error(`unexpected colour ${value}`);
  const [, color, part] = match;
  if (color === 'white') return '#ffffff';
  if (color === 'black') return '#000000';
  const shade = getPrimaryShade(merged, 'dark');
  const index = part === 'filled' ? shade : part === 'filled-hover' ? shade + 1 : Number(part);
  const tuple = merged.colors[color as string];
  if (!tuple) throw new Error(`no colour ${color}`);
  return tuple[index] as string;
}

describe('filled buttons', () => {
  it.each(Object.keys(merged.colors))('%s: text has at least 4.5:1 on the button', async (color) => {
    await renderApp(<Button color={color}>Go</Button>);
    const style = screen.getByRole('button', { name: 'Go' }).style;
    const background = resolve(style.getPropertyValue('--button-bg'));
    const text = resolve(style.getPropertyValue('--button-color'));
    expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('red: the hovered button keeps at least 4.5:1 too (the confirm buttons of dangerous actions)', async () => {
    await renderApp(<Button color="red">Delete</Button>);
    const style = screen.getByRole('button', { name: 'Delete' }).style;
    const text = resolve(style.getPropertyValue('--button-color'));
    expect(text).toBe('#ffffff');
    expect(contrast(resolve(style.getPropertyValue('--button-hover')), text)).toBeGreaterThanOrEqual(4.5);
  });
});

async function axeRules(rules: string[]) {
  const result = await axe.run(document.body, { runOnly: { type: 'rule', values: rules } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`);
}

describe('dialogs', () => {
  it("an open dialog adds no banner landmark beside the page's header", async () => {
    await renderApp(
      <>
        <header>Falkenhost</header>
        <Modal opened onClose={() => undefined} title="Buy credits">
          <p>body</p>
        </Modal>
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    expect(within(dialog).queryByRole('banner')).toBeNull();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(await axeRules(['landmark-no-duplicate-banner', 'landmark-unique'])).toEqual([]);
  });
});

describe('select lists', () => {
  it('an open list is the listbox itself, with its options as its children (no scroll area inside)', async () => {
    const countries = Array.from({ length: 40 }, (_, i) => `Country ${i + 1}`);
    await renderApp(<Select label="Country" data={countries} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    const listbox = await screen.findByRole('listbox', { hidden: true });
    expect(within(listbox).getAllByRole('option', { hidden: true })).toHaveLength(40);
    expect(listbox.querySelector('[data-scrollarea-viewport]')).toBeNull();
    expect([...listbox.children].every((child) => child.getAttribute('role') === 'option')).toBe(true);
    expect(await axeRules(['aria-required-children'])).toEqual([]);
  });
});

describe('menus', () => {
  it('an open menu holds only its items (no focus placeholder inside role=menu)', async () => {
    await renderApp(
      <Menu>
        <Menu.Target>
          <Button>Account</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>Settings</Menu.Item>
          <Menu.Item>Log out</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect([...menu.children].map((child) => child.getAttribute('role'))).toEqual(['menuitem', 'menuitem']);
    expect(await axeRules(['aria-required-children'])).toEqual([]);
  });
});

describe('disabled buttons (issue 44)', () => {
  it('a staff row whose Delete is disabled shows it dimmed and dashed, on striped rows too', async () => {
    await renderApp(
      <AdminTable label="Packages" minWidth={300} columns={[{ label: 'Name' }, { label: 'Actions' }]}>
        {['Owned', 'Free', 'Owned too'].map((name) => (
          <Table.Tr key={name}>
            <Table.Td>{name}</Table.Td>
            <Table.Td>
              <RowActions
                name={name}
                onDelete={() => {}}
                deleteBlocked={name.startsWith('Owned') ? 'Owned by 2 servers' : undefined}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>,
    );
    const [owned, free, ownedStriped] = screen.getAllByTestId('row-delete') as HTMLButtonElement[];
    for (const button of [owned, ownedStriped] as HTMLButtonElement[]) {
      expect(button.disabled).toBe(true);
      expect(button.style.opacity).toBe(String(DISABLED_ICON_BUTTON.opacity));
      expect(button.style.borderStyle).toBe('dashed');
      expect(button.style.backgroundColor).toBe('transparent');
      expect(button.style.cursor).toBe('not-allowed');
    }
    expect(free?.disabled).toBe(false);
    expect(free?.style.opacity).toBe('');
  });
});
