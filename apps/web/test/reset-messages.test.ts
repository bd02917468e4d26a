/**
 * product.md "Error catalogue" ("Resend reset") and "Reset" as a user reads them: each bad input is sent to
 * the real product server (SQLite, emulators), and its answer goes through the web client's own mapping to
 * the message the forgot-password and reset-password pages show, in English as the spec words it and
 * translated in the four other languages.
 */

import cs from '@falkenhost/locales/cs/auth.json';
import de from '@falkenhost/locales/de/auth.json';
import en from '@falkenhost/locales/en/auth.json';
import fr from '@falkenhost/locales/fr/auth.json';
import sk from '@falkenhost/locales/sk/auth.json';
import type { i18n as I18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_RESEND_MS } from '../../api/src/identity/password-resets';
import {
  captchaToken,
  type Product,
  registerVerified,
  startProduct,
  uniqueName,
} from '../../api/test/harness';
import {
  resetPasswordErrorKey,
  resetRequestErrorKey,
  resetResendErrorKey,
} from '../src/features/auth/utils/errors';
import { apiResult, expectTranslated, translations } from './support';

let i18n: I18n;
let product: Product;

beforeAll(async () => {
  i18n = await translations('auth', { en, cs, sk, de, fr });
  product = await startProduct('sqlite', { seed: false });
});
afterAll(async () => product?.close());

describe('product.md "Error catalogue" ("Resend reset") and "Reset"', () => {
  it('resend: 400 too soon, 404 no request, the captcha', async () => {
    const session = product.session();
    const { email } = await registerVerified(product, uniqueName('resetmsg'));
    const ask = async (path: string) =>
      apiResult(
        await session.post(`/api/auth/${path}`, { email, captchaToken: await captchaToken(session) }),
      );

    const none = await ask('resend-reset-password');
    expect(resetResendErrorKey(none)).toBe('errors.resetNoToken');
    expectTranslated(i18n, 'auth', 'errors.resetNoToken', 'You did not request a password reset link');

    expect((await ask('reset-password')).ok).toBe(true);
    const soon = await ask('resend-reset-password');
    expect(resetResendErrorKey(soon)).toBe('errors.resetTooSoon');
    expectTranslated(
      i18n,
      'auth',
      'errors.resetTooSoon',
      'A link was sent less than 2 minutes ago. Please wait before asking again.',
    );
    product.advance(RESET_RESEND_MS + 1_000);
    expect((await ask('resend-reset-password')).ok).toBe(true);

    const captcha = apiResult(await session.post('/api/auth/reset-password', { email, captchaToken: 'x' }));
    expect(resetRequestErrorKey(captcha)).toBe('errors.captcha');
    const badEmail = apiResult(
      await session.post('/api/auth/reset-password', {
        email: 'no-at-sign',
        captchaToken: await captchaToken(session),
      }),
    );
    expect(resetRequestErrorKey(badEmail)).toBe('errors.invalidEmail');
  });

  it('reset: an invalid or expired token, the password rules', async () => {
    const session = product.session();
    const invalid = apiResult(
      await session.post('/api/auth/update-password', {
        token: 'a'.repeat(43),
        password: 'goodpass1',
        captchaToken: await captchaToken(session),
      }),
    );
    expect(resetPasswordErrorKey(invalid)).toBe('errors.invalidResetToken');
    expectTranslated(i18n, 'auth', 'errors.invalidResetToken', 'Invalid token or token expired');
    const short = apiResult(
      await session.post('/api/auth/update-password', {
        token: 'a'.repeat(43),
        password: '123',
        captchaToken: await captchaToken(session),
      }),
    );
    expect(resetPasswordErrorKey(short)).toBe('errors.passwordLength');
  });
});
