/**
 * The error catalogue of product.md "Error catalogue" ("Settings") and "E-mail change page" as a user reads
 * it: each bad input is sent to the real product server (SQLite, emulators), and its answer goes through the
 * web client's own mapping to the message the settings section shows, in all five languages (English as the
 * spec words it where it does; the others present and translated). Also the spec's success notices and
 * "member since".
 */

import { changePasswordForm } from '@falkenhost/contracts/account';
import cs from '@falkenhost/locales/cs/settings.json';
import de from '@falkenhost/locales/de/settings.json';
import en from '@falkenhost/locales/en/settings.json';
import fr from '@falkenhost/locales/fr/settings.json';
import sk from '@falkenhost/locales/sk/settings.json';
import type { i18n as I18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, registerVerified, type Session, startProduct } from '../../api/test/harness';
import {
  confirmPageError,
  deactivateErrorKey,
  generalErrorKey,
  passwordError,
  updateUserError,
} from '../src/features/settings/utils/errors';
import { apiResult, expectTranslated, translations } from './support';

let i18n: I18n;
let product: Product;

const put = (session: Session, path: string, body?: unknown) =>
  session.request('PUT', `/api/private/users${path}`, body);

beforeAll(async () => {
  i18n = await translations('settings', { en, cs, sk, de, fr });
  product = await startProduct('sqlite', { seed: false });
});
afterAll(async () => product?.close());

describe('settings: password', () => {
  it('password match and length are checked before sending', () => {
    const first = (newPassword: string, confirmation: string) => {
      const result = changePasswordForm.safeParse({ password: 'old', newPassword, confirmation });
      return result.success
        ? null
        : { message: result.error.issues[0]?.message, path: result.error.issues[0]?.path };
    };
    expect(first('secret123', 'secret124')).toEqual({ message: 'password-match', path: ['confirmation'] });
    expectTranslated(i18n, 'settings', 'errors.passwordMatch', 'The passwords do not match');
    expect(first('12345', '12345')).toEqual({ message: 'password-length', path: ['newPassword'] });
    expectTranslated(
      i18n,
      'settings',
      'errors.passwordLength',
      'The password must be at least 6 characters long',
    );
    // product.md "Validation rules"'s order: the match is checked before the length
    expect(first('123', '1234')?.message).toBe('password-match');
    expect(first('secret123', 'secret123')).toBeNull();
  });

  it('invalid current password (401) and length refused by the server', async () => {
    const { session } = await registerVerified(product);
    const wrong = await put(session, '/me/update-password', { password: 'nope', newPassword: 'better123' });
    expect(wrong).toMatchObject({ status: 401, body: { reason: 'invalid-password' } });
    const error = passwordError(apiResult(wrong));
    expect(error.field).toBe('password');
    expectTranslated(i18n, 'settings', error.key, 'Invalid current password');
    const short = await put(session, '/me/update-password', { password: 'secret123', newPassword: '123' });
    expect(short.status).toBe(400);
    expectTranslated(
      i18n,
      'settings',
      passwordError(apiResult(short)).key,
      'The password must be at least 6 characters long',
    );
    expectTranslated(i18n, 'settings', 'toast.passwordChanged', /^Password changed\./);
  });
});

describe('settings: username and e-mail', () => {
  it('empty fields, username exists, e-mail exists, e-mail format, invalid username, too soon', async () => {
    const { session, username, email } = await registerVerified(product);
    const other = await registerVerified(product);
    const update = async (body: object) =>
      updateUserError(apiResult(await put(session, '/me/update-user', body)));

    expectTranslated(
      i18n,
      'settings',
      (await update({ username: '', email: '' })).key,
      'Fill in at least one field',
    );
    expectTranslated(i18n, 'settings', (await update({ username, email })).key, 'Fill in at least one field');
    const taken = await update({ username: other.username });
    expect(taken.field).toBe('username');
    expectTranslated(i18n, 'settings', taken.key, 'This username is already taken');
    const emailTaken = await update({ email: other.email });
    expect(emailTaken.field).toBe('email');
    expectTranslated(i18n, 'settings', emailTaken.key, 'An account with this e-mail already exists');
    const format = await update({ email: 'not-an-email' });
    expect(format.field).toBe('email');
    expectTranslated(i18n, 'settings', format.key, 'Invalid e-mail format');
    expectTranslated(i18n, 'settings', (await update({ username: 'has space' })).key, /^Invalid username/);

    expect((await put(session, '/me/update-user', { username: `${username}x` })).status).toBe(200);
    expectTranslated(
      i18n,
      'settings',
      (await update({ username: `${username}y` })).key,
      /^A link was sent less than 2 minutes ago/,
    );
    expectTranslated(
      i18n,
      'settings',
      'toast.linkSent',
      `User settings updated: we sent a confirmation link to ${email}. The change takes effect when you open it.`,
      {
        email,
      },
    );
    expectTranslated(
      i18n,
      'settings',
      updateUserError({ status: 0, error: undefined }).key,
      'An error occurred. Please try again later.',
    );
  });
});

describe('settings: toggles, deactivation, successes', () => {
  it('toggle and export failures show the generic error; the success notices exist', () => {
    expectTranslated(
      i18n,
      'settings',
      generalErrorKey({ status: 500, error: undefined }),
      'An error occurred. Please try again later.',
    );
    expectTranslated(
      i18n,
      'settings',
      generalErrorKey({ status: 429, error: { reason: 'rate-limited' } }),
      /^Too many attempts/,
    );
    expectTranslated(i18n, 'settings', 'toast.newsletterUpdated', 'Newsletter updated');
    expectTranslated(i18n, 'settings', 'toast.twoFactorUpdated', 'Two-factor login updated');
    expectTranslated(i18n, 'settings', 'toast.deactivated', 'Your account was deactivated.');
  });

  it('a master may not deactivate itself', async () => {
    const { session, username } = await registerVerified(product);
    await product.server.ctx.db
      .updateTable('users')
      .set({ role: 'master' })
      .where('username', '=', username)
      .execute();
    const answer = await put(session, '/me/deactivate');
    expect(answer).toMatchObject({ status: 403, body: { reason: 'forbidden' } });
    expectTranslated(
      i18n,
      'settings',
      deactivateErrorKey(apiResult(answer)),
      /^A master account cannot deactivate itself/,
    );
  });
});

describe('e-mail change page', () => {
  it('invalid token when missing or not 200; a name taken meanwhile is said too', async () => {
    expectTranslated(i18n, 'settings', confirmPageError(null).key, 'Invalid token or token expired');
    const anonymous = product.session();
    const answer = await put(anonymous, '/me/update-user-execute', { token: 'not-a-token' });
    expect(answer).toMatchObject({ status: 400, body: { reason: 'invalid-token' } });
    const error = confirmPageError(apiResult(answer));
    expect(error).toEqual({ key: 'confirm.invalid' });
    expectTranslated(i18n, 'settings', 'confirm.invalidText', /^The link is not valid/);
    expectTranslated(
      i18n,
      'settings',
      confirmPageError({ status: 400, error: { reason: 'email' } }).detail!,
      /another account uses this e-mail/,
    );
    expectTranslated(
      i18n,
      'settings',
      confirmPageError({ status: 400, error: { reason: 'username' } }).detail!,
      /another account uses this username/,
    );
    expectTranslated(i18n, 'settings', 'confirm.success', 'Your account was updated');
    expectTranslated(i18n, 'settings', 'confirm.home', 'Back to home');
  });
});
