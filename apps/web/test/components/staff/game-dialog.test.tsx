/**
 * The game popup against the real product: all fields and a platform first, then the image, then the
 * thumbnail (product.md "Validation rules" ("Game")), the one-second throttle, the success notice and the 409
 * of a name in use.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { GameDialog } from '@/features/admin-store/components/game-dialog';
import { renderApp } from '../render';
import { afterThrottle, dialogSettled, notices } from './notices';
import { staffPopupHooks } from './staff-product';

// A 1×1 PNG: the product checks the files' type by their bytes.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const png = (name: string) => new File([PNG], name, { type: 'image/png' });

const staffProduct = staffPopupHooks();

test('fields, then image, then thumbnail; a second submit within the second sends nothing; added, then 409', async () => {
  const user = userEvent.setup();
  const closed = vi.fn();
  const name = `Quest ${Date.now().toString(36)}`;
  await renderApp(<GameDialog game={null} onClose={closed} />, { path: '/dashboard' });
  const save = await screen.findByTestId('game-save');
  await dialogSettled();

  await user.click(save);
  await waitFor(() => expect(notices('Fill in all fields')).toHaveLength(1));
  await user.click(save);
  expect(notices('Fill in all fields')).toHaveLength(1);

  await user.type(screen.getByLabelText(/^Name/), name);
  await user.click(screen.getByRole('checkbox', { name: /Desktop|PC/i }));
  await user.type(screen.getByLabelText(/^Priority/), '3');
  afterThrottle();
  await user.click(save);
  await waitFor(() => expect(notices('Choose an image')).toHaveLength(1));

  await user.upload(screen.getByTestId('game-image'), png('image.png'));
  afterThrottle();
  await user.click(save);
  await waitFor(() => expect(notices('Choose a thumbnail')).toHaveLength(1));

  await user.upload(screen.getByTestId('game-thumbnail'), png('thumb.png'));
  afterThrottle();
  await user.click(save);
  await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(notices('Game added.')).toHaveLength(1));
  const list = (await staffProduct().master.get('/api/private/store/games')).body as { name: string }[];
  expect(list.some((game) => game.name === name)).toBe(true);

  // The same name again: the server's 409 as its notice; the popup stays open.
  afterThrottle();
  await user.click(save);
  await waitFor(() => expect(notices('A game with this name already exists')).toHaveLength(1));
  expect(screen.getByTestId('game-form')).toBeTruthy();
});
