/**
 * The settings' change-password and username/e-mail forms (product.md "Validation rules"
 * ("Password change in settings"), "User update", 8 "Settings") against the real product: the order of their
 * messages, the throttle, the notices and the title of the change confirmation.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { ChangePasswordCard } from '@/features/settings/components/change-password-card';
import { UpdateUserCard } from '@/features/settings/components/update-user-card';
import { UpdateUserConfirm } from '@/features/settings/components/update-user-confirm';
import { type Customer, type RunningProduct, startProductWorker } from '../product';
import { renderApp } from '../render';

// Answers come from the real product on a shared 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

let product: RunningProduct;
let customer: Customer;

beforeAll(async () => {
  product = await startProductWorker();
});
afterAll(async () => product?.close());
beforeEach(async () => {
  customer = await product.customer();
});

const user = () => userEvent.setup();
/** The input labelled `label` (a required field's label ends in an asterisk). */
const field = (label: string) => {
  const input = screen
    .getAllByLabelText(new RegExp(`^${label}( \\*)?$`))
    .find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error(`no ${label} input`);
  return input;
};
async function fill(label: string, text: string) {
  await user().clear(field(label));
  if (text) await user().type(field(label), text);
}
/** The one error message a form shows now (Mantine marks each with an id ending in -error). */
const shownErrors = () => [...document.querySelectorAll('[id$="-error"]')].map((el) => el.textContent);

test('change password: current, then match, then length; one message at a time', async () => {
  await renderApp(<ChangePasswordCard />);
  const submit = screen.getByRole('button', { name: 'Change password' });
  await user().click(submit);
  await waitFor(() => expect(shownErrors()).toEqual(['Fill in this field']));
  await fill('Current password', 'secret123');
  await fill('New password', '123');
  await fill('Confirm new password', '1234');
  await user().click(submit);
  await waitFor(() => expect(shownErrors()).toEqual(['The passwords do not match']));
  await fill('Confirm new password', '123');
  await user().click(submit);
  await waitFor(() => expect(shownErrors()).toEqual(['The password must be at least 6 characters long']));
});

test('change password: the server refuses a wrong current password; a right one gives the notice', async () => {
  await renderApp(<ChangePasswordCard />);
  await fill('Current password', 'wrong-one');
  await fill('New password', 'better123');
  await fill('Confirm new password', 'better123');
  await user().click(screen.getByRole('button', { name: 'Change password' }));
  await waitFor(() => expect(shownErrors()).toEqual(['Invalid current password']));
  await fill('Current password', customer.password);
  // the throttle: a second passes before the form may be sent again
  await waitFor(
    async () => {
      await user().click(screen.getByRole('button', { name: 'Change password' }));
      await screen.findByText('Password changed. Your other logins were ended.', {}, { timeout: 500 });
    },
    { timeout: 10_000 },
  );
  expect((field('Current password') as HTMLInputElement).value).toBe('');
});

test('change password: the eye buttons are named in the page language', async () => {
  await renderApp(<ChangePasswordCard />, { language: 'de' });
  const card = within(document.getElementById('password') ?? document.body);
  expect(
    card.getAllByRole('button', { name: 'Passwort anzeigen oder verbergen', hidden: true }),
  ).toHaveLength(3);
});

test('update user: nothing changed, bad e-mail, then a username change confirmed under its own title', async () => {
  await renderApp(<UpdateUserCard />);
  const submit = screen.getByRole('button', { name: 'Update' });
  await user().click(submit);
  expect(await screen.findByText('Fill in at least one field')).toBeTruthy();
  // the current username is no change either
  await fill('New username', customer.username);
  await user().click(submit);
  await waitFor(() => expect(screen.getAllByText('Fill in at least one field').length).toBeGreaterThan(1));
  await fill('New username', 'bad name!');
  await fill('New e-mail', 'not-an-address');
  await user().click(submit);
  await waitFor(() =>
    expect(shownErrors()).toEqual(['Invalid username: use 3 to 32 letters, digits or underscores']),
  );
  const renamed = `${customer.username}x`;
  await fill('New username', renamed);
  await fill('New e-mail', '');
  await user().click(submit);
  const dialog = await screen.findByRole('dialog', { name: 'Change your username?' });
  await user().click(within(dialog).getByRole('button', { name: 'Send the link' }));
  expect(
    await screen.findByText(`we sent a confirmation link to ${customer.email}`, { exact: false }),
  ).toBeTruthy();
});

test('update user: the e-mail format is checked before sending', async () => {
  await renderApp(<UpdateUserCard />);
  await fill('New e-mail', 'not-an-address');
  await user().click(screen.getByRole('button', { name: 'Update' }));
  await waitFor(() => expect(shownErrors()).toEqual(['Invalid e-mail format']));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('the change page names a username change as such', async () => {
  const answer = await fetch('/api/private/users/me/update-user', {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: `${customer.username}y` }),
  });
  expect(answer.status).toBe(200);
  const mails = (await (await fetch('/api/dev/mail')).json()) as { to: string; text: string }[];
  const token = mails
    .find((mail) => mail.to === customer.email && /update-user\//.test(mail.text))
    ?.text.match(/update-user\/([A-Za-z0-9_-]+)/)?.[1];
  expect(token).toBeTruthy();
  await renderApp(<UpdateUserConfirm token={token} />);
  expect(await screen.findByTestId('update-user-success')).toBeTruthy();
  expect(screen.getByTestId('update-user-title').textContent).toBe('Username change');
});
