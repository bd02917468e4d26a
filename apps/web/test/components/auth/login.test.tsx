/**
 * /login against the real product: the order of the messages (product.md "Validation rules" ("Login")), the
 * one-second throttle (product.md "Screens and routes") and the server's notices (product.md
 * "Error catalogue" ("Login"); a deactivated account, decision 202).
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LoginForm } from '@/features/auth/components/login-form';
import { clearPendingPackage, savePendingPackage } from '@/lib/pending-package';
import { type Product, registerVerified } from '../../../../api/test/harness';
import { startProductInPage } from '../page';
import { renderApp } from '../render';
import { controlDate, countCalls, expectAlert, verifyCaptcha } from './support';

let product: Product;
beforeAll(async () => {
  product = await startProductInPage({ seed: false, path: '/' });
});
afterAll(async () => product?.close());

const clock = { current: undefined as ReturnType<typeof controlDate> | undefined };
afterEach(() => clock.current?.restore());

async function open(path = '/login') {
  const user = userEvent.setup();
  const view = await renderApp(<LoginForm />, {
    path,
    routes: { '/dashboard/*': <p>dashboard address</p> },
  });
  // On a cold start the form's first render can suspend for a moment: wait until it is on screen.
  const email = await screen.findByRole('textbox', { name: /E-mail/ });
  const password = screen.getByLabelText(/^Password/);
  const submit = screen.getByRole('button', { name: 'Log in' });
  return { user, view, email, password, submit };
}

// A test types and submits many times against the real server: minutes, not seconds, on a loaded machine.
describe('login', { timeout: 180_000 }, () => {
  it('shows the first failing rule in spec order: fields, captcha, then the e-mail format', async () => {
    clock.current = controlDate();
    const { user, email, password, submit } = await open();

    await user.click(submit);
    await expectAlert('Fill in all fields');
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');

    await user.type(email, 'not-an-address');
    await user.type(password, 'secret123');
    clock.current.nextSecond();
    await user.click(submit);
    await expectAlert('Captcha missing');

    await verifyCaptcha(product);
    clock.current.nextSecond();
    await user.click(submit);
    await expectAlert('Invalid email');
    expect(document.activeElement).toBe(email);
  });

  it('says a wrong password is wrong, once per second however often it is sent', async () => {
    clock.current = controlDate();
    const { email: address } = await registerVerified(product);
    const { user, email, password, submit } = await open();
    const calls = countCalls('/api/auth/login');
    await user.type(email, address);
    await user.type(password, 'not-the-password');
    await verifyCaptcha(product);

    await user.click(submit);
    await user.click(submit);
    await expectAlert('Invalid email or password');
    expect(calls()).toBe(1);

    // A second later the same button sends again.
    await verifyCaptcha(product);
    clock.current.nextSecond();
    await user.click(submit);
    await waitFor(() => expect(calls()).toBe(2));
  });

  it('tells a deactivated account that it is deactivated', async () => {
    const { email: address, username } = await registerVerified(product);
    await product.server.ctx.db
      .updateTable('users')
      .set({ active: 0 })
      .where('username', '=', username)
      .execute();
    const { user, email, password, submit } = await open();
    await user.type(email, address);
    await user.type(password, 'secret123');
    await verifyCaptcha(product);
    await user.click(submit);
    await expectAlert('This account has been deactivated');
  });

  it('opens the dashboard with the right password, at the address the guard sent the visitor from (?next=, decision 432)', async () => {
    const { email: address } = await registerVerified(product);
    const next = '/dashboard/servers/12?renew=12';
    const { user, view, email, password, submit } = await open(`/login?next=${encodeURIComponent(next)}`);
    await user.type(email, address);
    await user.type(password, 'secret123');
    await verifyCaptcha(product);
    await user.click(submit);
    await screen.findByText('dashboard address');
    const { pathname, search } = view.router.state.location;
    expect(`${pathname}${search}`).toBe(next);
  });

  it('tells a visitor sent here by an Order click why, and keeps the package (issue 44)', async () => {
    await open();
    expect(screen.queryByTestId('pending-order-notice')).toBeNull();
    cleanup();
    savePendingPackage({ packageId: 1, gameId: 1, name: 'Starter' });
    await open();
    expect((await screen.findByTestId('pending-order-notice')).textContent).toBe(
      'Log in or create an account to order Starter. Your choice is kept: the order opens once you are in.',
    );
    // the sign-up link leaves the package where the sign-up page and the store find it
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/register');
    expect(localStorage.getItem('falkenhost.pendingPackage')).toContain('Starter');
    clearPendingPackage();
  });
});
