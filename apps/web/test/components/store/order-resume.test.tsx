/**
 * The way back to an order refused for too few credits (issue 43 point 3, decision 430) against the real
 * product: the error stands at the top of the overview with a button that buys the missing credits
 * (rounded up to the credit order's minimum); the credit dialog opens with that amount; cancelled, or
 * back from Mollie with `?resume=order` (once the payment's status popup is closed), the overview opens
 * again with everything filled in, checked against the offer (a location no longer offered is dropped), the
 * licence key of a FiveM order included, from a draft no other customer can read.
 */
import type { SessionUser } from '@falkenhost/contracts/auth';
import type {
  PackagesAdditionalData,
  StoreAddon,
  StoreLocation,
  StorePackage,
} from '@falkenhost/contracts/store';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DashboardShell } from '@/features/dashboard-shell/components/dashboard-shell';
import StoreSection from '@/features/store/components/store-section';
import { readOrderDraft, saveOrderDraft } from '@/features/store/utils/order-draft';
import { reloadSession } from '@/lib/session';
import { type Customer, type RunningProduct, startProductWorker } from '../product';
import { renderApp } from '../render';

let product: RunningProduct;
let customer: Customer;
let me: SessionUser;
let pkg: StorePackage;
let location: StoreLocation;
let addon: StoreAddon;
let eggName: string;

const getJson = async <T,>(path: string): Promise<T> => (await (await fetch(path)).json()) as T;

beforeAll(async () => {
  product = await startProductWorker();
  // No credits: Minecraft Starter's first hour (0.137 credits) is missing, bought as the minimum of 25.
  customer = await product.customer();
  const games = await getJson<{ id: number; name: string }[]>('/api/public/store/games');
  const minecraft = games.find((game) => game.name === 'Minecraft')!;
  const packages = await getJson<StorePackage[]>(
    `/api/private/store/available-users-packages?gameId=${minecraft.id}`,
  );
  pkg = packages.find((candidate) => candidate.name === 'Minecraft Starter')!;
  location = (await getJson<StoreLocation[]>(`/api/private/store/package-locations?packageId=${pkg.id}`))[0]!;
  addon = (await getJson<StoreAddon[]>(`/api/private/store/package-addons?packageId=${pkg.id}`))[0]!;
  const data = await getJson<PackagesAdditionalData>('/api/private/store/packages-additional-data');
  eggName = data.nests.flatMap((nest) => nest.eggs).find((egg) => egg.id === pkg.eggs[0])!.name;
}, 120_000);
afterAll(async () => product?.close());
beforeEach(async () => {
  sessionStorage.clear();
  product.logIn(customer);
  me = (await reloadSession())!;
});

/** The open overview dialog, once its choices are loaded. */
async function overview() {
  const dialog = await screen.findByTestId('package-overview', {}, { timeout: 20_000 });
  const where = within(dialog).getByRole('combobox', { name: /Location/ });
  await waitFor(() => expect(where.hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
  return dialog;
}

describe('an order refused for credits', () => {
  it('shows the error at the top with a button buying the missing credits; cancelled, the order comes back filled in', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp(<StoreSection />, { path: '/dashboard/shop', pattern: '/dashboard/*' });
    await user.click(
      await screen.findByRole('button', { name: /Minecraft Starter.*credits/ }, { timeout: 20_000 }),
    );
    const dialog = await overview();
    await user.click(within(dialog).getByRole('combobox', { name: /Location/ }));
    await user.click(await screen.findByRole('option', { name: new RegExp(location.name), hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: /Server type/ }));
    await user.click((await screen.findAllByRole('option', { name: eggName, hidden: true })).at(-1)!);
    await user.type(within(dialog).getByRole('textbox', { name: /Server name/ }), 'Short of credits');
    const buy = within(dialog).getByRole('button', { name: /^Buy for .+ credits/ });
    await waitFor(() => expect(buy.hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
    await user.click(buy);

    const error = await within(dialog).findByTestId('overview-error', {}, { timeout: 10_000 });
    expect(error.textContent).toMatch(/You don't have enough credits to buy this server/);
    // At the top of the dialog, above the package and the choices.
    expect(dialog.firstElementChild).toBe(error);
    const missing = await within(error).findByRole('button', { name: 'Buy 25 missing credits' });
    await user.click(missing);

    // The credit dialog asks for the missing credits; the draft is kept for this customer only.
    const credits = await screen.findByTestId('order-credits', {}, { timeout: 10_000 });
    const amount = within(credits).getByRole('textbox', { name: /Credits amount/ });
    expect((amount as HTMLInputElement).value).toBe('25');
    expect(readOrderDraft(me.id)).toMatchObject({ packageId: pkg.id, serverName: 'Short of credits' });
    expect(readOrderDraft(me.id + 1)).toBeNull();
    await user.click(within(credits).getByRole('button', { name: 'Cancel' }));

    const back = await overview();
    expect((within(back).getByRole('textbox', { name: /Server name/ }) as HTMLInputElement).value).toBe(
      'Short of credits',
    );
    expect((within(back).getByRole('combobox', { name: /Location/ }) as HTMLInputElement).value).toMatch(
      location.name,
    );
  }, 180_000);

  it('back from the credit purchase (?resume=order) the order opens filled in once the payment popup is closed, checked against the offer', async () => {
    saveOrderDraft(me.id, {
      packageId: pkg.id,
      gameId: pkg.game_id,
      eggId: pkg.eggs[0]!,
      // a location the package no longer runs at: dropped
      locationId: 999_999,
      serverName: 'Back again',
      addons: { [addon.type]: addon.id },
      variables: {},
    });
    const user = userEvent.setup({ delay: null });
    const view = await renderApp(
      <DashboardShell section="customer_store" renderSection={() => <StoreSection />} />,
      { path: '/dashboard/shop?order=x&resume=order', pattern: '/dashboard/*' },
    );
    // The payment's status comes first, alone: the order waits behind it (decision 430).
    const popup = await screen.findByTestId('order-status', {}, { timeout: 20_000 });
    await screen.findByRole('button', { name: /Minecraft Starter.*credits/ }, { timeout: 20_000 });
    expect(screen.queryByTestId('package-overview')).toBeNull();
    await user.click(
      within(popup.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Close' }),
    );
    const dialog = await overview();
    expect((within(dialog).getByRole('textbox', { name: /Server name/ }) as HTMLInputElement).value).toBe(
      'Back again',
    );
    expect(
      (within(dialog).getByRole('combobox', { name: /Server type/ }) as HTMLInputElement).value,
    ).not.toBe('');
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: /Location/ }) as HTMLInputElement).value).toBe(''),
    );
    expect(within(dialog).getByTestId('overview-total').textContent).toMatch(
      String(pkg.credits_monthly + Math.round(addon.credits_monthly)),
    );
    // Restored once: the marker and the draft are gone.
    expect(view.router.state.location.search).not.toContain('resume');
    expect(readOrderDraft(me.id)).toBeNull();
  }, 120_000);

  it('the licence key of a FiveM order comes back too; a variable the egg no longer asks for is not kept', async () => {
    const games = await getJson<{ id: number; name: string }[]>('/api/public/store/games');
    const fivem = games.find((game) => game.name === 'FiveM')!;
    const [five] = await getJson<StorePackage[]>(
      `/api/private/store/available-users-packages?gameId=${fivem.id}`,
    );
    const licence = 'cfxk_1a2b3c4d5e6f7g8h9i0j_abcdef';
    saveOrderDraft(me.id, {
      packageId: five!.id,
      gameId: fivem.id,
      eggId: five!.eggs[0]!,
      locationId: null,
      serverName: 'roleplay',
      addons: {},
      variables: { FIVEM_LICENSES: licence, GONE_SETTING: 'x' },
    });
    await renderApp(<StoreSection />, { path: '/dashboard/shop?resume=order', pattern: '/dashboard/*' });
    const dialog = await overview();
    const key = await within(dialog).findByTestId('order-variable-FIVEM_LICENSES', {}, { timeout: 10_000 });
    expect((key as HTMLInputElement).value).toBe(licence);
    expect(within(dialog).queryByTestId('order-variable-GONE_SETTING')).toBeNull();
    expect((within(dialog).getByRole('textbox', { name: /Server name/ }) as HTMLInputElement).value).toBe(
      'roleplay',
    );
  }, 120_000);
});
