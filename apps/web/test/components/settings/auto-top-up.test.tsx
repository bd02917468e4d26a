/**
 * Auto top-up in the Billing settings (money-and-billing.md "Auto top-up") against the real product: the
 * contracts' schema refuses bad values under their field before anything is sent, one message at a time;
 * saving it off keeps the values and says so; the price of a top-up comes from the API in euros; German.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { AutoTopUpSection } from '@/features/settings/components/auto-top-up-card';
import { type RunningProduct, startProductWorker } from '../product';
import { renderApp } from '../render';

configure({ asyncUtilTimeout: 10_000 });

let product: RunningProduct;

beforeAll(async () => {
  product = await startProductWorker();
});
afterAll(async () => product?.close());
beforeEach(async () => {
  await product.customer();
});

const user = () => userEvent.setup();
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
async function fill(testId: string, text: string) {
  await user().clear(input(testId));
  if (text) await user().type(input(testId), text);
}
const shownErrors = () => [...document.querySelectorAll('[id$="-error"]')].map((el) => el.textContent);

test('bad values are refused under their field, one at a time, before anything is sent', async () => {
  await renderApp(<AutoTopUpSection />);
  await waitFor(() => expect(input('auto-top-up-amount').value).toBe('500'));
  expect(screen.getByTestId('auto-top-up-figures').textContent).toContain('€20.61');
  await fill('auto-top-up-amount', '10');
  await user().click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(shownErrors()).toEqual(['Enter whole credits from 25 to 25 000']));
  await fill('auto-top-up-amount', '500');
  await fill('auto-top-up-cap', '20');
  await user().click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(shownErrors()).toEqual(['The cap must pay at least one top-up']));
  await fill('auto-top-up-cap', '');
  await user().click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(shownErrors()).toEqual(['Enter whole euros from 1 to 10 000']));
});

test('saved off, the values are kept and the notice says so', async () => {
  await renderApp(<AutoTopUpSection />);
  await waitFor(() => expect(input('auto-top-up-threshold').value).toBe('100'));
  await fill('auto-top-up-threshold', '250');
  await fill('auto-top-up-amount', '1000');
  await user().click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Auto top-up saved')).toBeTruthy();
  const saved = (await (await fetch('/api/private/billing/auto-top-up')).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({ status: 'off', threshold: 250, amount: 1000, topUpPrice: 40.97 });
});

test('in German', async () => {
  await renderApp(<AutoTopUpSection />, { language: 'de' });
  expect(await screen.findByText('Automatisches Aufladen')).toBeTruthy();
  expect(await screen.findByRole('button', { name: 'Speichern' })).toBeTruthy();
  await waitFor(() => expect(screen.getByTestId('auto-top-up-figures').textContent).toContain('20,61'));
});
