/**
 * The package popup against the real product, editing a demo package: all fields first (product.md
 * "Validation rules" "Package"), then a location, then an egg; the one-second throttle; the owners confirm
 * and the notice.
 */
import type { AdminPackage, AdminPackagesAdditionalData } from '@falkenhost/contracts/admin';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test, vi } from 'vitest';
import { PackageDialog } from '@/features/admin-store/components/package-dialog';
import { renderApp } from '../render';
import { afterThrottle, dialogSettled, notices } from './notices';
import { staffPopupHooks } from './staff-product';

// Answers come from the real product on a shared 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

const staffProduct = staffPopupHooks();
let choices: AdminPackagesAdditionalData;
let pkg: AdminPackage;
beforeAll(async () => {
  choices = (await staffProduct().master.get('/api/private/store/packages-additional-data')).body;
  const list = (await staffProduct().master.get('/api/private/store/packages')).body as AdminPackage[];
  const shared = list.find((p) => p.users_username === null);
  if (!shared) throw new Error('the demo catalogue has no shared package');
  pkg = shared;
});

/** Removes every chosen value of a MultiSelect (its pills' remove buttons). */
async function clearPills(user: ReturnType<typeof userEvent.setup>, label: RegExp) {
  const input = screen.getByRole('combobox', { name: label });
  const root = input.closest('.mantine-MultiSelect-root') ?? input.parentElement?.parentElement;
  if (!root) throw new Error('no MultiSelect root');
  for (;;) {
    const remove = root.querySelector<HTMLElement>('.mantine-Pill-remove');
    if (!remove) break;
    await user.click(remove);
  }
}

/** Opens a MultiSelect and picks its first option (from its own list: the others stay in the DOM). */
async function pickFirst(user: ReturnType<typeof userEvent.setup>, label: RegExp) {
  const input = screen.getByRole('combobox', { name: label });
  await user.click(input);
  const list = await waitFor(() => {
    const id = input.getAttribute('aria-controls');
    const element = id ? document.getElementById(id) : null;
    if (!element) throw new Error('no list');
    return element;
  });
  await user.click((await within(list).findAllByRole('option', { hidden: true }))[0]!);
}

test('fields, then locations, then nests; throttled; an edit asks with the owners count, then saved', async () => {
  const user = userEvent.setup();
  const closed = vi.fn();
  await renderApp(<PackageDialog pkg={pkg} choices={choices} onClose={closed} />, { path: '/dashboard' });
  const save = await screen.findByTestId('package-save');
  await dialogSettled();

  const name = screen.getByLabelText(/^Name/);
  await clearPills(user, /^Locations/);
  await clearPills(user, /^Eggs/);
  await user.clear(name);
  await user.click(save);
  await waitFor(() => expect(notices('Fill in all fields')).toHaveLength(1));
  await user.click(save);
  expect(notices('Fill in all fields')).toHaveLength(1);

  const newName = `${pkg.name} ${Date.now().toString(36)}`.slice(0, 60);
  await user.type(name, newName);
  afterThrottle();
  await user.click(save);
  await waitFor(() => expect(notices('Choose at least one location')).toHaveLength(1));

  await pickFirst(user, /^Locations/);
  afterThrottle();
  await user.click(save);
  await waitFor(() => expect(notices('Choose at least one egg')).toHaveLength(1));

  await pickFirst(user, /^Eggs/);
  afterThrottle();
  await user.click(save);
  const ask = await screen.findByRole('dialog', { name: `Save changes to ${pkg.name}?` });
  expect(within(ask).getByTestId('package-owners').textContent).toContain('Current owners:');
  afterThrottle();
  await user.click(within(ask).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(notices('Package updated.')).toHaveLength(1));
  const list = (await staffProduct().master.get('/api/private/store/packages')).body as AdminPackage[];
  expect(list.find((p) => p.id === pkg.id)?.name).toBe(newName);
}, 120_000);

test('says which eggs do not hold the slots and which refuse the count, before saving', async () => {
  const user = userEvent.setup();
  const list = (await staffProduct().master.get('/api/private/store/packages')).body as AdminPackage[];
  const fivem = list.find((p) => p.name === 'FiveM Starter');
  // The first test renames a package: any public Minecraft one will do.
  const minecraftId = choices.games.find((g) => g.name === 'Minecraft')?.id;
  const minecraft = list.find((p) => p.game_id === minecraftId && p.users_username === null);
  if (!fivem || !minecraft)
    throw new Error('the demo catalogue has no FiveM Starter or public Minecraft package');

  const first = await renderApp(<PackageDialog pkg={fivem} choices={choices} onClose={() => {}} />, {
    path: '/dashboard',
  });
  await dialogSettled();
  expect(screen.queryByTestId('package-slots-note')).toBeNull();
  const slots = screen.getByLabelText(/^Slots/);
  await user.clear(slots);
  await user.type(slots, '64');
  const note = await screen.findByTestId('package-slots-note');
  expect(note.textContent).toContain('The slots are more than these eggs allow: FiveM (MAX_PLAYERS)');
  first.unmount();

  await renderApp(<PackageDialog pkg={minecraft} choices={choices} onClose={() => {}} />, {
    path: '/dashboard',
  });
  await dialogSettled();
  expect((await screen.findByTestId('package-slots-note')).textContent).toContain(
    'Slots are not enforced for',
  );
}, 60_000);

test('names the refused field, says which resources are unlimited and wants that confirmed; fake.png is no image', async () => {
  const user = userEvent.setup();
  const list = (await staffProduct().master.get('/api/private/store/packages')).body as AdminPackage[];
  const limited = list.find(
    (p) => p.users_username === null && p.vcpu > 0 && p.ram_size > 0 && p.storage_size > 0 && p.slots > 0,
  );
  if (!limited) throw new Error('the demo catalogue has no package with every resource limited');
  await renderApp(<PackageDialog pkg={limited} choices={choices} onClose={() => {}} />, {
    path: '/dashboard',
  });
  await dialogSettled();
  expect(screen.queryByTestId('package-unlimited')).toBeNull();

  // A price far out of range: refused on its field with the range, the toast naming the field.
  const credits = screen.getByLabelText(/^Price in credits/);
  await user.clear(credits);
  await user.type(credits, '999999999999999');
  afterThrottle();
  await user.click(screen.getByTestId('package-save'));
  const range = 'Enter a number from 0 to 1,000,000';
  await waitFor(() => expect(notices(`Price in credits: ${range}`)).toHaveLength(1));
  expect(screen.getByText(range)).toBeTruthy();
  expect(notices('Fill in all fields')).toHaveLength(0);
  await user.clear(credits);
  await user.type(credits, '100');

  // RAM left empty: said before saving, and saving wants it confirmed.
  await user.clear(screen.getByLabelText(/^RAM \(MB\)/));
  const note = await screen.findByTestId('package-unlimited');
  expect(note.textContent).toContain('Left empty, these are unlimited on the panel: RAM (MB).');
  afterThrottle();
  await user.click(screen.getByTestId('package-save'));
  await waitFor(() =>
    expect(notices('Unlimited resources: Confirm that these resources are unlimited')).toHaveLength(1),
  );
  expect(within(note).getByText('Confirm that these resources are unlimited, or fill them in')).toBeTruthy();

  // A text file named fake.png: refused on the thumbnail field, and no preview (no broken image, no alt text).
  await user.upload(
    screen.getByLabelText(/^Thumbnail/),
    new File(['just some text, not an image'], 'fake.png', { type: 'image/png' }),
  );
  await waitFor(() => expect(screen.getByText('The file must be a PNG, JPEG or WEBP image')).toBeTruthy());
  expect(screen.queryByTestId('package-thumbnail-preview')).toBeNull();
}, 60_000);
