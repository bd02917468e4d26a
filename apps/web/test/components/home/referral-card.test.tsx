/**
 * The referral card's form (product.md "Dashboard home", "Validation rules" ("Referrer"): no check before the
 * call, 8 "Referral") against the real product: the server's answers show under the field.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ReferralCard } from '@/features/home/components/referral-card';
import { type Customer, type RunningProduct, startProductWorker } from '../product';
import { renderApp } from '../render';

// Answers come from the real product on a shared 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

let product: RunningProduct;
let customer: Customer;

beforeAll(async () => {
  product = await startProductWorker();
  customer = await product.customer();
});
afterAll(async () => product?.close());

test('oneself and an unknown name are refused by the server, each under the field', async () => {
  const user = userEvent.setup();
  await renderApp(<ReferralCard />);
  const input = await screen.findByRole('textbox', { name: 'Your referrer' });
  await screen.findByText(customer.username);
  // locked until the referrer query says there is none
  await waitFor(() => expect(input).toHaveProperty('disabled', false));
  await user.type(input, customer.username);
  await user.click(screen.getByRole('button', { name: 'Set referrer' }));
  expect(await screen.findByText("You can't set yourself as a referrer")).toBeTruthy();
  await user.clear(input);
  await user.type(input, 'nobody_here_at_all');
  // The throttle lets the next call through a second after the last, and a click clears the field's
  // error: click again only while the answer's message is not there yet, and look before clicking.
  await expect
    .poll(async () => {
      if (!screen.queryByText('Referrer not found'))
        await user.click(screen.getByRole('button', { name: 'Set referrer' }));
      return screen.queryByText('Referrer not found');
    })
    .toBeTruthy();
}, 120_000);
