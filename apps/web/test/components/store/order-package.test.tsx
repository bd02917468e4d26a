/**
 * Order a server (product.md "Package overview dialog", "Order-package dialog", 5, 8 "Order dialog") against
 * the real product: the order of the messages, the throttle, the server's notices, the country select,
 * the struck full price of Buy monthly, the notice after a purchase by credits (issue 30), the focus
 * back on the button that opened the overview, and the package row's terms in French (issue 44).
 */
import type { StoreLocation, StorePackage } from '@falkenhost/contracts/store';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderStatusPopup } from '@/features/dashboard-shell/components/order-status-popup';
import OrderPackageDialog from '@/features/store/components/order-package-dialog';
import PackageOverviewDialog from '@/features/store/components/package-overview-dialog';
import StoreSection from '@/features/store/components/store-section';
import i18n from '@/i18n/i18n';
import { type Customer, type RunningProduct, startProductWorker } from '../product';
import { renderApp } from '../render';
import { controlledNow, countryInput, expectErrorLine, fillAddress, typeInvalidDiscount } from './helpers';

let product: RunningProduct;
let customer: Customer;
let pkg: StorePackage;
let location: StoreLocation;

const getJson = async <T,>(path: string): Promise<T> => (await (await fetch(path)).json()) as T;

beforeAll(async () => {
  product = await startProductWorker();
  customer = await product.customer({ credits: 500 });
  const games = await getJson<{ id: number; name: string }[]>('/api/public/store/games');
  const minecraft = games.find((game) => game.name === 'Minecraft')!;
  const packages = await getJson<StorePackage[]>(
    `/api/private/store/available-users-packages?gameId=${minecraft.id}`,
  );
  pkg = packages.find((candidate) => candidate.name === 'Minecraft Starter')!;
  location = (await getJson<StoreLocation[]>(`/api/private/store/package-locations?packageId=${pkg.id}`))[0]!;
}, 120_000);
afterAll(async () => product?.close());
beforeEach(() => product.logIn(customer));
afterEach(() => vi.restoreAllMocks());

const orderDialog = (serverName: string) => (
  <OrderPackageDialog
    selection={{
      pkg,
      eggId: pkg.eggs[0]!,
      locationId: location.id,
      addons: [],
      serverName,
      variables: {},
      variableFields: [],
    }}
    onCancel={() => undefined}
    onOrdered={() => undefined}
  />
);
const pay = () => screen.getByTestId('order-package-pay');

/** The dashboard as the order link opens it: the order-status popup of ?order=. */
function Dashboard() {
  const [params] = useSearchParams();
  const order = params.get('order');
  return order ? <OrderStatusPopup order={order} onDone={() => undefined} /> : <p>dashboard</p>;
}

describe('Buy monthly (order-package dialog)', () => {
  it('shows the first failing check in the spec order, then the server answer', async () => {
    const advance = controlledNow();
    const user = userEvent.setup({ delay: null });
    await renderApp(orderDialog('bad/name'));
    await typeInvalidDiscount(user);
    // (1) an unverified code, though the address and the server name fail too
    await user.click(pay());
    await expectErrorLine(/Invalid discount code/);
    // (2) the address
    await user.clear(screen.getByRole('textbox', { name: /Discount code/ }));
    await waitFor(() => expect(pay().hasAttribute('disabled')).toBe(false));
    advance(1_000);
    await user.click(pay());
    await expectErrorLine(/fill in your billing address/);
    // (4) the server name's characters
    await fillAddress(user);
    advance(1_000);
    await user.click(pay());
    await expectErrorLine(/Invalid server name/);
    // Every check passes: the server answers (the customer named as their own referrer).
    const name = screen.getByRole('textbox', { name: /Server name/ });
    await user.clear(name);
    await user.type(name, 'My world');
    await user.type(screen.getByRole('textbox', { name: /Referrer/ }), customer.username);
    advance(1_000);
    await user.click(pay());
    await expectErrorLine(/can't set yourself as a referrer/);
  }, 120_000);

  it('sends nothing on a second Pay within the second', async () => {
    const advance = controlledNow();
    const user = userEvent.setup({ delay: null });
    await renderApp(orderDialog('My world'));
    await user.click(pay());
    await expectErrorLine(/fill in your billing address/);
    await fillAddress(user);
    await user.type(screen.getByRole('textbox', { name: /Referrer/ }), customer.username);
    await user.click(pay());
    expect(pay().hasAttribute('data-loading')).toBe(false);
    expect(screen.getByRole('alert').textContent).toMatch(/fill in your billing address/);
    advance(1_000);
    await user.click(pay());
    await expectErrorLine(/can't set yourself as a referrer/);
  }, 90_000);

  it('the country: Enter neither clears it nor sends the order', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp(orderDialog('My world'));
    await waitFor(() => expect(countryInput().value).toBe('United States'));
    await user.click(countryInput());
    await user.keyboard('{Enter}');
    expect(countryInput().value).toBe('United States');
    await user.keyboard('{Enter}');
    expect(countryInput().value).toBe('United States');
    expect(screen.queryByRole('alert')).toBeNull();
  }, 60_000);
});

describe('Package overview', () => {
  it('strikes the full price beside the monthly price and names both', async () => {
    await renderApp(<PackageOverviewDialog pkg={pkg} onClose={() => undefined} />);
    const full = await screen.findByTestId('overview-full-price');
    expect(['S', 'DEL']).toContain(full.tagName);
    expect(full.style.textDecoration).toBe('line-through');
    expect(screen.getByRole('button', { name: /^Buy monthly for .+ instead of .+/ })).toBeTruthy();
  }, 60_000);

  it('after buying with credits the popup tells an order paid from credits, not a payment', async () => {
    const user = userEvent.setup({ delay: null });
    const view = await renderApp(<PackageOverviewDialog pkg={pkg} onClose={() => undefined} />, {
      path: '/store',
      routes: { '/dashboard/shop/:gameId': <Dashboard /> },
    });
    const where = await screen.findByRole('combobox', { name: /Location/ }, { timeout: 10_000 });
    await waitFor(() => expect(where.hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
    await user.click(where);
    await user.click(await screen.findByRole('option', { name: new RegExp(location.name), hidden: true }));
    await user.click(screen.getByRole('combobox', { name: /Server type/ }));
    await user.click((await screen.findAllByRole('option', { hidden: true }))[0]!);
    await user.type(screen.getByRole('textbox', { name: /Server name/ }), 'Credits world');
    const buy = screen.getByRole('button', { name: /^Buy for .+ credits/ });
    await waitFor(() => expect(buy.hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
    await user.click(buy);
    // The order's popup opens on the shop's game the order was made from (decision 433).
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/dashboard/shop/${pkg.game_id}`), {
      timeout: 20_000,
    });
    const popup = await screen.findByTestId('order-status', {}, { timeout: 10_000 });
    await waitFor(() => expect(popup.dataset.status).toBe('completed'), { timeout: 10_000 });
    expect(within(popup).getByText('Order completed')).toBeTruthy();
    expect(within(popup).queryByText('Payment completed')).toBeNull();
  }, 120_000);

  it('gives the focus back to the package button that opened it', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp(<StoreSection />, { path: '/dashboard/shop', pattern: '/dashboard/*' });
    const open = await screen.findByRole(
      'button',
      { name: /Minecraft Starter.*credits/ },
      { timeout: 20_000 },
    );
    await user.click(open);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }, { timeout: 10_000 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
  }, 90_000);

  it("writes a package's terms with the language's colon (French puts a space before it)", async () => {
    await renderApp(<StoreSection />, { path: '/dashboard/shop', pattern: '/dashboard/*', language: 'fr' });
    const row = (await screen.findAllByTestId('store-package', {}, { timeout: 20_000 })).find((card) =>
      card.textContent?.includes('Minecraft Starter'),
    );
    expect(row?.textContent).toContain('CPU : 100');
    expect(row?.textContent).toContain('Stockage : 10');
  }, 60_000);

  it('asks for the add-ons and locations again when the language changes (they are named per language)', async () => {
    await renderApp(<PackageOverviewDialog pkg={pkg} onClose={() => undefined} />);
    const where = await screen.findByRole('combobox', { name: /Location/ }, { timeout: 10_000 });
    await waitFor(() => expect(where.hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
    const requests = vi.spyOn(globalThis, 'fetch');
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    const asked = () => requests.mock.calls.map(([url]) => String(url));
    await waitFor(() => {
      expect(asked().some((url) => url.includes('/package-locations?'))).toBe(true);
      expect(asked().some((url) => url.includes('/package-addons?'))).toBe(true);
    });
  }, 60_000);
});
