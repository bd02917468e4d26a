/**
 * The game settings of a FiveM server against the real product (issue 28 point 3, issue 30 point 3):
 * the licence key is checked by the egg's own rules before anything is sent, and Save sends once.
 */
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { GameSettingsPanel } from '@/features/servers/components/game-settings-panel';
import { grantCredits, type Product, registerVerified, type Session } from '../../../../api/test/harness';
import { startProductInPage } from '../page';
import { renderApp } from '../render';
import { notices } from '../staff/notices';

configure({ asyncUtilTimeout: 10_000 });

const LICENCE = 'cfxk_1a2b3c4d5e6f7g8h9i0j_abcdef';
let product: Product;
let session: Session;
let server: OwnedServer;

beforeAll(async () => {
  product = await startProductInPage();
  // happy-dom keeps the registration's session cookies for the page.
  const customer = await registerVerified(product);
  session = customer.session;
  await grantCredits(product, customer.username, 100);
  const games = (await session.get('/api/public/store/games')).body as { id: number; name: string }[];
  const game = games.find((g) => g.name === 'FiveM')!;
  const [pkg] = (await session.get(`/api/private/store/available-users-packages?gameId=${game.id}`)).body;
  const [location] = (await session.get(`/api/private/store/package-locations?packageId=${pkg.id}`)).body;
  const order = await session.post('/api/private/store/package-by-credits', {
    serverName: 'roleplay',
    packageId: pkg.id,
    eggId: pkg.eggs[0],
    locationId: location.id,
    variables: { FIVEM_LICENSES: LICENCE },
  });
  if (order.status !== 200) throw new Error(`order refused: ${order.status}`);
  [server] = (await session.get('/api/private/servers/owned-servers')).body;
}, 120_000);
afterAll(async () => product?.close());

test('a key the egg refuses is shown and not sent; a good one is saved once', async () => {
  const user = userEvent.setup();
  await renderApp(<GameSettingsPanel server={server} />, { path: '/dashboard' });
  const input = await screen.findByTestId('game-setting-FIVEM_LICENSES');
  const save = screen.getByTestId('game-settings-save');
  expect((input as HTMLInputElement).value).toBe(LICENCE);
  expect(save.hasAttribute('disabled')).toBe(true);

  // Empty first: "required" is the first rule of the egg (required|string|max:33).
  await user.clear(input);
  await user.tab();
  expect(await screen.findByText(/Please fill in/)).toBeTruthy();
  expect(save.hasAttribute('disabled')).toBe(true);
  await user.type(input, 'x'.repeat(34));
  expect(await screen.findByText(/at most 33 characters/)).toBeTruthy();
  expect(save.hasAttribute('disabled')).toBe(true);

  const next = `${LICENCE.slice(0, -1)}z`;
  await user.clear(input);
  await user.type(input, next);
  await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
  await user.click(save);
  await user.click(save);
  await waitFor(() => expect(notices('Game settings saved.')).toHaveLength(1));
  const stored = (await session.get(`/api/private/servers/variables?id=${server.user_package_id}`)).body;
  expect(stored).toEqual([expect.objectContaining({ env_variable: 'FIVEM_LICENSES', value: next })]);
  await waitFor(() => expect(notices('Game settings saved.')).toHaveLength(1));
}, 120_000);
