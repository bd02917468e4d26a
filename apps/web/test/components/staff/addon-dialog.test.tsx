/**
 * The add-on popup against the real product: all fields first, then a package (product.md "Validation rules"
 * ("Add-on")), the throttle, the success notice, the name in another language (docs/decisions/242) and the
 * 409 of a name already used.
 */
import type { AddonsAdditionalData, AdminAddon } from '@falkenhost/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test, vi } from 'vitest';
import { AddonDialog } from '@/features/admin-store/components/addon-dialog';
import { renderApp } from '../render';
import { afterThrottle, dialogSettled, notices } from './notices';
import { staffPopupHooks } from './staff-product';

const staffProduct = staffPopupHooks();
let packages: AddonsAdditionalData;
beforeAll(async () => {
  packages = (await staffProduct().master.get('/api/private/store/addons-additional-data')).body;
});

test('all fields, then a package; a second submit within the second sends nothing; added, then 409', async () => {
  const user = userEvent.setup();
  const closed = vi.fn();
  const name = `Vault ${Date.now().toString(36)}`;
  await renderApp(<AddonDialog addon={null} packages={packages} onClose={closed} />, { path: '/dashboard' });
  const save = await screen.findByTestId('addon-save');
  await dialogSettled();

  await user.click(save);
  await waitFor(() => expect(notices('Fill in all fields')).toHaveLength(1));
  await user.click(save);
  expect(notices('Fill in all fields')).toHaveLength(1);

  await user.type(screen.getByLabelText(/^Name/), name);
  await user.type(screen.getByLabelText(/^Credits a month/), '20');
  await user.click(screen.getByRole('combobox', { name: /^Type/ }));
  await user.click(await screen.findByRole('option', { name: 'Storage', hidden: true }));
  await user.type(screen.getByLabelText(/^Quantity/), '10');
  await user.type(screen.getByLabelText('German'), `Tresor ${name}`);
  afterThrottle();
  await user.click(save);
  await waitFor(() => expect(notices('Choose at least one package')).toHaveLength(1));

  const first = packages[0]!;
  await user.click(screen.getByRole('combobox', { name: /^Packages/ }));
  await user.click(await screen.findByRole('option', { name: new RegExp(first.name), hidden: true }));
  afterThrottle();
  await user.click(save);
  await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(notices('Add-on added.')).toHaveLength(1));
  const list = (await staffProduct().master.get('/api/private/store/addons')).body as AdminAddon[];
  expect(list.find((addon) => addon.name === name)?.translations).toEqual({ de: `Tresor ${name}` });

  // The same name again: the server's 409 as its notice; the popup stays open.
  afterThrottle();
  await user.click(save);
  await waitFor(() => expect(notices('An add-on with this name already exists')).toHaveLength(1));
  expect(within(screen.getByTestId('addon-form')).getByLabelText(/^Name/)).toBeTruthy();
});
