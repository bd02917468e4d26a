/**
 * The authenticator-app card's messages (issue 9) as a user reads them: each refused call is sent to the
 * real product server (SQLite), and its answer goes through the web client's own mapping to the text the
 * settings section shows, in all five languages (English as written; the others translated).
 */

import cs from '@falkenhost/locales/cs/security.json';
import de from '@falkenhost/locales/de/security.json';
import en from '@falkenhost/locales/en/security.json';
import fr from '@falkenhost/locales/fr/security.json';
import sk from '@falkenhost/locales/sk/security.json';
import type { i18n as I18n } from 'i18next';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, registerVerified, startProduct } from '../../api/test/harness';
import { totpCodeError, totpSetupError } from '../src/features/settings/utils/totp-errors';
import { apiResult, expectTranslated, translations } from './support';

const BASE = '/api/private/users/me/totp';
let i18n: I18n;
let product: Product;

const appCode = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetMs,
  });

beforeAll(async () => {
  i18n = await translations('security', { en, cs, sk, de, fr });
  product = await startProduct('sqlite', { seed: false });
});
afterAll(async () => product?.close());

describe('authenticator-app card', () => {
  it('shows a wrong password and a wrong code under their fields, and already on/off as notices', async () => {
    const { session } = await registerVerified(product);

    const wrongPassword = totpSetupError(
      apiResult(await session.post(`${BASE}/setup`, { password: 'nope' })),
    );
    expect(wrongPassword.field).toBe('password');
    expectTranslated(i18n, 'security', wrongPassword.key, 'Invalid current password');

    const off = totpCodeError(apiResult(await session.post(`${BASE}/disable`, { token: '123456' })));
    expect(off.field).toBeUndefined();
    expectTranslated(i18n, 'security', off.key, 'The authenticator app is already off');

    const setup = await session.post(`${BASE}/setup`, { password: 'secret123' });
    const wrongCode = totpCodeError(
      apiResult(await session.post(`${BASE}/enable`, { token: appCode(setup.body.secret, 600_000) })),
    );
    expect(wrongCode.field).toBe('code');
    expectTranslated(i18n, 'security', wrongCode.key, 'Invalid code');
    const malformed = totpCodeError(apiResult(await session.post(`${BASE}/enable`, { token: '12' })));
    expect(malformed).toEqual(wrongCode);

    expect((await session.post(`${BASE}/enable`, { token: appCode(setup.body.secret) })).status).toBe(200);
    const on = totpSetupError(apiResult(await session.post(`${BASE}/setup`, { password: 'secret123' })));
    expectTranslated(i18n, 'security', on.key, 'The authenticator app is already on');
  });

  it('shows the guess limit under the code field and unknown for anything else', async () => {
    expectTranslated(
      i18n,
      'security',
      totpCodeError({ status: 429, error: { reason: 'rate-limited' } }).key,
      'Too many wrong codes. Please wait a few minutes and try again.',
    );
    expectTranslated(
      i18n,
      'security',
      totpCodeError({ status: 0, error: undefined }).key,
      'An error occurred. Please try again later.',
    );
    expect(totpSetupError({ status: 502, error: undefined })).toEqual({ key: 'errors.unknown' });
  });
});
