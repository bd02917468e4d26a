/**
 * /register against the real product: each rule of product.md "Validation rules" ("Register") in turn (the
 * first failing one is the one shown), the one-second throttle (product.md "Screens and routes"), the
 * server's notices (product.md "Error catalogue" ("Register")), the documents behind the consents, and the
 * code page it leads to, with its field focused.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CodeForm } from '@/features/auth/components/code-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { type Product, registerVerified, uniqueName } from '../../../../api/test/harness';
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

async function open() {
  const user = userEvent.setup();
  const view = await renderApp(<RegisterForm />, {
    path: '/register',
    routes: { '/email/verify': <CodeForm type="verify" /> },
  });
  // On a cold start the form's first render can suspend for a moment: wait until it is on screen.
  await screen.findByLabelText(/^Username/);
  const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
  const fields = {
    username: field(/^Username/),
    firstName: field(/^First name/),
    lastName: field(/^Last name/),
    email: field(/^E-mail/),
    password: field(/^Password/),
    confirm: field(/^Confirm password/),
    terms: screen.getByRole('checkbox', { name: 'I agree to the Terms of Service' }) as HTMLInputElement,
    privacy: screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }) as HTMLInputElement,
  };
  const submit = screen.getByRole('button', { name: 'Create account' });
  return { user, view, fields, submit };
}

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLInputElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

// A test types and submits many times against the real server: minutes, not seconds, on a loaded machine.
describe('register', { timeout: 180_000 }, () => {
  it('shows each rule in spec order: fields, match, length, consent, captcha, then the formats', async () => {
    clock.current = controlDate();
    const { user, fields, submit } = await open();
    const send = async (message: string, focused?: HTMLElement) => {
      clock.current?.nextSecond();
      await user.click(submit);
      await expectAlert(message);
      if (focused) expect(document.activeElement).toBe(focused);
    };

    await send('Fill in all fields', fields.username);
    await user.type(fields.username, 'bad name');
    await user.type(fields.firstName, 'J4na');
    await user.type(fields.lastName, 'Nováková');
    await user.type(fields.email, 'jana@');
    await user.type(fields.password, 'abc');
    await send('Fill in all fields', fields.confirm);
    await user.type(fields.confirm, 'abd');
    await send('The passwords do not match', fields.confirm);
    await retype(user, fields.confirm, 'abc');
    await send('The password must be at least 6 characters long', fields.password);
    await retype(user, fields.password, 'secret123');
    await retype(user, fields.confirm, 'secret123');
    await send('You must agree to the ToS and Privacy Policy', fields.terms);
    await user.click(fields.terms);
    await send('You must agree to the ToS and Privacy Policy', fields.privacy);
    await user.click(fields.privacy);
    await send('Captcha missing');
    await verifyCaptcha(product);
    await send('Invalid username', fields.username);
    await retype(user, fields.username, uniqueName('jana'));
    await send('Names may contain only letters', fields.firstName);
    await retype(user, fields.firstName, 'Jana');
    await send('Invalid email', fields.email);
  });

  it('sends once per second, says a taken username is taken, then goes to a focused code field', async () => {
    clock.current = controlDate();
    const taken = await registerVerified(product);
    const { user, view, fields, submit } = await open();
    const calls = countCalls('/api/auth/register');
    const name = uniqueName('jana');
    await user.type(fields.username, taken.username);
    await user.type(fields.firstName, 'Jana');
    await user.type(fields.lastName, 'Nováková');
    await user.type(fields.email, `${name}@example.com`);
    await user.type(fields.password, 'secret123');
    await user.type(fields.confirm, 'secret123');
    await user.click(fields.terms);
    await user.click(fields.privacy);
    await verifyCaptcha(product);

    await user.click(submit);
    await user.click(submit);
    await expectAlert('This username is already taken');
    expect(calls()).toBe(1);

    await retype(user, fields.username, name);
    await verifyCaptcha(product);
    clock.current.nextSecond();
    await user.click(submit);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/email/verify'));
    expect(calls()).toBe(2);
    await waitFor(() => expect(document.body.textContent).toContain('Verify your e-mail'), {
      timeout: 10_000,
    });
    const code = await screen.findByLabelText(/^Code/);
    await waitFor(() => expect(document.activeElement).toBe(code));
  });

  it('links the consents to the documents, in a new tab so the form stays filled', async () => {
    const { fields } = await open();
    const terms = await waitFor(() => {
      const link = screen.getByRole('link', { name: 'Terms of Service' });
      expect(link.getAttribute('href')).toBe('/api/public/site/documents/en/general-terms');
      return link;
    });
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(fields.terms.closest('.mantine-Checkbox-root')?.contains(terms)).toBe(true);
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(privacy.getAttribute('href')).toBe('/api/public/site/documents/en/privacy-policy');
    expect(privacy.getAttribute('target')).toBe('_blank');
    // The documents are there to be read.
    expect((await fetch(privacy.getAttribute('href') ?? '')).status).toBe(200);
  });
});
