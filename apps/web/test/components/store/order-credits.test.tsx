/**
 * Buy credits (product.md "Order-credits dialog", "Validation rules", "Error catalogue" ("Credit order"))
 * against the real product: the order of the messages, the throttle, the server's notices, the country select
 * (issue 30), the steady discount line and the focus back on the button that opened the dialog.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import OrderCreditsDialog from '@/features/store/components/order-credits-dialog';
import StoreSection from '@/features/store/components/store-section';
import { type Customer, type RunningProduct, startProductWorker } from '../product';
import { renderApp } from '../render';
import { controlledNow, countryInput, expectErrorLine, fillAddress, typeInvalidDiscount } from './helpers';

let product: RunningProduct;
let customer: Customer;
beforeAll(async () => {
  product = await startProductWorker();
  customer = await product.customer({ credits: 500 });
}, 120_000);
afterAll(async () => product?.close());
beforeEach(() => product.logIn(customer));
afterEach(() => vi.restoreAllMocks());

const pay = () => screen.getByRole('button', { name: /^Pay/ });

describe('Buy credits', () => {
  it('shows the first failing check in the spec order, then the server answer', async () => {
    const advance = controlledNow();
    const user = userEvent.setup({ delay: null });
    await renderApp(<OrderCreditsDialog initialAmount={100} onClose={() => undefined} />);
    await typeInvalidDiscount(user);
    // (1) an unverified code, though the address is missing too
    await user.click(pay());
    await expectErrorLine(/Invalid discount code/);
    // (2) the address
    await user.clear(screen.getByRole('textbox', { name: /Discount code/ }));
    advance(1_000);
    await user.click(pay());
    await expectErrorLine(/fill in your billing address/);
    // Every check passes: the server answers (the customer named as their own referrer).
    await fillAddress(user);
    await user.type(screen.getByRole('textbox', { name: /Referrer/ }), customer.username);
    advance(1_000);
    await user.click(pay());
    await expectErrorLine(/can't set yourself as a referrer/);
  }, 90_000);

  it('sends nothing on a second Pay within the second', async () => {
    const advance = controlledNow();
    const user = userEvent.setup({ delay: null });
    await renderApp(<OrderCreditsDialog initialAmount={100} onClose={() => undefined} />);
    await user.click(pay());
    await expectErrorLine(/fill in your billing address/);
    await fillAddress(user);
    await user.type(screen.getByRole('textbox', { name: /Referrer/ }), customer.username);
    await user.click(pay());
    // Throttled: not even started (no spinner), the line still speaks of the address.
    expect(pay().hasAttribute('data-loading')).toBe(false);
    expect(screen.getByRole('alert').textContent).toMatch(/fill in your billing address/);
    advance(1_000);
    await user.click(pay());
    await expectErrorLine(/can't set yourself as a referrer/);
  }, 90_000);

  it('the country: Enter never sends the order, typing replaces and filters, Enter picks', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp(<OrderCreditsDialog initialAmount={100} onClose={() => undefined} />);
    await waitFor(() => expect(countryInput().value).toBe('United States'));
    await user.click(countryInput());
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(countryInput().value).toBe('United States');
    await user.type(countryInput(), 'Czech');
    expect(countryInput().value).toBe('Czech');
    expect(await screen.findByRole('option', { name: 'Czechia', hidden: true })).toBeTruthy();
    expect(screen.queryByText('No country found')).toBeNull();
    // (happy-dom does not run the select's highlight of the first match; the arrow highlights it)
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(countryInput().value).toBe('Czechia'));
    expect(screen.queryByRole('alert')).toBeNull();
  }, 90_000);

  it('keeps the discount status line in place whether a code is checked or not', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp(<OrderCreditsDialog initialAmount={100} onClose={() => undefined} />);
    const line = screen.getByTestId('discount-status');
    expect(line.style.minHeight).not.toBe('');
    await typeInvalidDiscount(user);
    // The same element, below the field, now saying why (no line appears or disappears).
    expect(screen.getByTestId('discount-status')).toBe(line);
    expect(line.textContent).toMatch(/Invalid discount code/);
  }, 90_000);

  it('gives the focus back to the Buy credits button when the dialog closes', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp(<StoreSection />, { path: '/dashboard/shop', pattern: '/dashboard/*' });
    const buy = await screen.findByRole('button', { name: 'Buy credits' });
    await user.click(buy);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }, { timeout: 10_000 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(buy));
  }, 90_000);
});
