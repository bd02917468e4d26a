/**
 * The authenticator-app card against the real product (issue 30 point 3): the password and the code are
 * checked by the API's own schemas (contracts totp.ts) before anything is sent; the server's answers show
 * under their field.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TotpCard } from '@/features/settings/components/totp-card';
import { type Product, registerVerified } from '../../../../api/test/harness';
import { startProductInPage } from '../page';
import { renderApp } from '../render';

configure({ asyncUtilTimeout: 10_000 });

let product: Product;
beforeAll(async () => {
  product = await startProductInPage();
  // happy-dom keeps the registration's session cookies for the page.
  await registerVerified(product);
}, 120_000);
afterAll(async () => product?.close());

test('password: empty, then wrong (the server), then right; code: empty, then malformed, sends nothing', async () => {
  const user = userEvent.setup();
  await renderApp(<TotpCard />, { path: '/dashboard' });
  const setup = await screen.findByTestId('totp-setup');

  await user.click(setup);
  expect(await screen.findByText('Fill in this field')).toBeTruthy();
  await user.type(screen.getByLabelText('Current password'), 'wrong-one');
  expect(screen.queryByText('Fill in this field')).toBeNull();
  await user.click(setup);
  expect(await screen.findByText('Invalid current password')).toBeTruthy();

  const password = screen.getByLabelText('Current password');
  await user.clear(password);
  await user.type(password, 'secret123');
  // Past the one-second throttle of the wrong try.
  await waitFor(
    async () => {
      await user.click(setup);
      expect(screen.queryByTestId('totp-qr')).not.toBeNull();
    },
    { interval: 400 },
  );

  const enable = screen.getByTestId('totp-enable');
  await user.click(enable);
  expect(await screen.findByText('Fill in this field')).toBeTruthy();
  await user.type(screen.getByTestId('totp-code'), '123');
  await user.click(enable);
  expect(await screen.findByText('Invalid code')).toBeTruthy();
  expect(screen.getByTestId('totp-code').getAttribute('aria-invalid')).toBe('true');
}, 120_000);
