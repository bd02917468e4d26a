/**
 * The referral card's messages of product.md "Error catalogue" ("Referral") as a user reads them: each
 * refused referrer is sent to the real product server (SQLite), and its answer goes through the web client's
 * own mapping to the text the dashboard home shows, in all five languages (English as the spec words it; the
 * others translated).
 */

import cs from '@falkenhost/locales/cs/home.json';
import de from '@falkenhost/locales/de/home.json';
import en from '@falkenhost/locales/en/home.json';
import fr from '@falkenhost/locales/fr/home.json';
import sk from '@falkenhost/locales/sk/home.json';
import type { i18n as I18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, registerVerified, startProduct } from '../../api/test/harness';
import { referralErrorKey } from '../src/features/home/utils/referral-errors';
import { apiResult, expectTranslated, translations } from './support';

let i18n: I18n;
let product: Product;

beforeAll(async () => {
  i18n = await translations('home', { en, cs, sk, de, fr });
  product = await startProduct('sqlite', { seed: false });
});
afterAll(async () => product?.close());

describe('referral card', () => {
  it('shows the product.md "Error catalogue" messages for self, not found, already set, and the success notice', async () => {
    const { session, username } = await registerVerified(product);
    const other = await registerVerified(product);
    const post = (referrer: string) => session.post('/api/private/store/referrer', { referrer });

    expectTranslated(
      i18n,
      'home',
      referralErrorKey(apiResult(await post(username))),
      "You can't set yourself as a referrer",
    );
    expectTranslated(
      i18n,
      'home',
      referralErrorKey(apiResult(await post('nobody_here_at_all'))),
      'Referrer not found',
    );
    const added = await post(other.username);
    expect(added.status).toBe(200);
    expectTranslated(i18n, 'home', 'referral.added', `Referrer ${other.username} added`, {
      username: other.username,
    });
    expectTranslated(
      i18n,
      'home',
      referralErrorKey(apiResult(await post(other.username))),
      'You already have a referrer',
    );
  });

  it('shows the unknown error for anything else', () => {
    expectTranslated(
      i18n,
      'home',
      referralErrorKey({ status: 0, error: undefined }),
      'An error occurred. Please try again later.',
    );
    expect(referralErrorKey({ status: 400, error: { reason: 'validation' } })).toBe(
      'referral.errors.unknown',
    );
    expect(referralErrorKey({ status: 502, error: undefined })).toBe('referral.errors.unknown');
  });
});
