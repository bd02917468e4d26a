/**
 * Server details against the real product (issue 30): closing returns focus to the button that opened
 * it, and removing an add-on asks first, as the other dangerous actions do.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, test } from 'vitest';
import ServersSection from '@/features/servers/components/servers-section';
import { type Customer, type RunningProduct, startProductWorker } from '../product';
import { renderApp } from '../render';

// Answers come from the real product on a shared 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

let product: RunningProduct;
let customer: Customer;

beforeAll(async () => {
  product = await startProductWorker();
  customer = await product.customer({ hourlyServer: 'Focus test', addon: true });
}, 120_000);
afterAll(async () => product?.close());

const user = () => userEvent.setup();

test('closing details returns focus to its button; removing an add-on asks first', async () => {
  // The Details button is a link to the server's address (decision 431), which opens the dialog.
  await renderApp(<ServersSection />, { path: '/dashboard/servers', pattern: '/dashboard/*' });
  const open = await screen.findByRole('link', { name: 'Details of Focus test' });
  expect(open.getAttribute('href')).toBe(`/dashboard/servers/${customer.servers[0]?.user_package_id}`);
  await user().click(open);
  const details = await screen.findByRole('dialog', { name: 'Details of Focus test' });
  const addon = await within(details).findByTestId('server-addon');
  const name = addon.querySelector('p')?.textContent ?? '';

  // cancel keeps the add-on
  await user().click(within(addon).getByRole('button', { name: `Remove ${name}` }));
  const ask = await screen.findByRole('dialog', { name: 'Remove the add-on?' });
  expect(ask.textContent).toContain(name);
  await user().click(within(ask).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove the add-on?' })).toBeNull());
  expect(within(details).getByTestId('server-addon')).toBeTruthy();

  // confirmed: removed
  await user().click(within(addon).getByRole('button', { name: `Remove ${name}` }));
  const again = await screen.findByRole('dialog', { name: 'Remove the add-on?' });
  await user().click(within(again).getByRole('button', { name: 'Remove add-on' }));
  expect(await screen.findByText('The add-on was removed from your server.')).toBeTruthy();

  await user().click(within(details).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Details of Focus test' })).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(open));
  expect(customer.servers).toHaveLength(1);
}, 120_000);
