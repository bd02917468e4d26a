/**
 * The error catalogue (product.md "Error catalogue") as a user reads it: each bad input is sent to the real
 * product server (SQLite, emulators), and its answer goes through the web client's own mapping to the English
 * message the screen shows. The browser tests (e2e) show some of these on the page too.
 */

import auth from '@falkenhost/locales/en/auth.json';
import store from '@falkenhost/locales/en/store.json';
import { createInstance, type i18n as I18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  billingAddress,
  captchaToken,
  grantCredits,
  minecraftOffer,
  type Product,
  registerVerified,
  type Session,
  startProduct,
  uniqueName,
} from '../../api/test/harness';
import {
  codeErrorKey,
  loginErrorKey,
  registerErrorKey,
  resendErrorKey,
} from '../src/features/auth/utils/errors';
import { type ErrorText, orderCreditsError, packageByCreditsError } from '../src/features/store/utils/errors';
import type { ApiResult } from '../src/lib/api-client';

let i18n: I18n;
let product: Product;

beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ lng: 'en', resources: { en: { auth, store } }, interpolation: { escapeValue: false } });
  product = await startProduct('sqlite');
});
afterAll(async () => product?.close());

/** The answer as the web client's api-client hands it to the screens. */
function result(answer: Answer): ApiResult<unknown> {
  const ok = answer.status >= 200 && answer.status < 300;
  return {
    status: answer.status,
    ok,
    data: ok ? answer.body : undefined,
    error: ok ? undefined : (answer.body as ApiResult<unknown>['error']),
  };
}
const authText = (key: string) => i18n.t(key, { ns: 'auth' });
const storeText = (text: ErrorText) => text.raw ?? i18n.t(text.key, { ns: 'store' });

async function registerAnswer(session: Session, over: Record<string, unknown>) {
  const name = uniqueName('err');
  return session.post('/api/auth/register', {
    username: name,
    firstName: 'Eva',
    lastName: 'Tester',
    email: `${name}@example.com`,
    password: 'secret123',
    news_subscription: false,
    captchaToken: await captchaToken(session),
    ...over,
  });
}

describe('auth screens', () => {
  it('login: wrong password, captcha failure, bad e-mail', async () => {
    const { email } = await registerVerified(product);
    const session = product.session();
    const login = async (over: Record<string, unknown>) =>
      loginErrorKey(
        result(
          await session.post('/api/auth/login', {
            email,
            password: 'secret123',
            captchaToken: await captchaToken(session),
            ...over,
          }),
        ),
      );
    expect(authText(await login({ password: 'wrong-password' }))).toBe('Invalid email or password');
    expect(authText(await login({ captchaToken: 'bm90IGEgY2FwdGNoYQ==' }))).toMatch(
      /^Captcha is not valid\. Captcha verification failed/,
    );
    expect(authText(await login({ email: 'not-an-email' }))).toBe('Invalid email');
    expect(authText(loginErrorKey({ status: 0, ok: false, data: undefined, error: undefined }))).toBe(
      'An error occurred. Please try again later.',
    );
  });

  it('register: e-mail exists, username exists, invalid username, invalid name', async () => {
    const { email, username } = await registerVerified(product);
    const session = product.session();
    const register = async (over: Record<string, unknown>) =>
      authText(registerErrorKey(result(await registerAnswer(session, over))));
    expect(await register({ email })).toBe('An account with this e-mail already exists');
    expect(await register({ username })).toBe('This username is already taken');
    expect(await register({ username: 'has space' })).toMatch(/^Invalid username/);
    expect(await register({ firstName: 'Eva 2' })).toMatch(/^Names may contain only letters/);
    expect(await register({ password: '12345' })).toBe('The password must be at least 6 characters long');
  });

  it('codes: invalid code, wrong length, resend too soon', async () => {
    const session = product.session();
    expect((await registerAnswer(session, {})).status).toBe(201);
    const code = async (token: string) =>
      authText(codeErrorKey(result(await session.post('/api/auth/verify-email', { token }))));
    expect(await code('ZZZZZZ')).toBe('Invalid or expired code');
    expect(await code('ABC')).toBe('The code must be exactly 6 characters long');
    const resend = await session.post('/api/auth/resend-email-verification', {});
    expect(authText(resendErrorKey(result(resend)))).toBe(
      'A code was sent less than 2 minutes ago. Please wait before asking again.',
    );
  });
});

describe('store dialogs', () => {
  it('order-credits: invalid discount, referrer self, unknown referrer, amount, address, payment type', async () => {
    const { session, username } = await registerVerified(product);
    const order = async (over: Record<string, unknown>) =>
      storeText(
        orderCreditsError(
          result(
            await session.post('/api/private/store/order-credits', {
              ...billingAddress,
              referrer: '',
              discountCode: '',
              creditsAmount: 100,
              paymentMethod: 'creditCard',
              ...over,
            }),
          ),
        ),
      );
    expect(await order({ discountCode: 'NO-SUCH-CODE' })).toBe("Invalid discount code or it's expired");
    expect(await order({ referrer: username })).toBe("You can't set yourself as a referrer");
    expect(await order({ referrer: 'nobody_at_all' })).toBe('Referrer not found');
    expect(await order({ creditsAmount: 24 })).toBe('Invalid credits amount (range 25-25000)');
    expect(await order({ creditsAmount: 25_001 })).toBe('Invalid credits amount (range 25-25000)');
    expect(await order({ city: '' })).toMatch(/^Please fill in your billing address/);
    expect(await order({ paymentMethod: 'cash' })).toBe('Invalid payment type');
    expect(storeText(orderCreditsError({ status: 502, ok: false, data: undefined, error: undefined }))).toBe(
      'The payment could not be started. Please try again later.',
    );
  });

  it('package by credits: no credits, no server name, invalid server name', async () => {
    const { session, username } = await registerVerified(product);
    const { pkg, location, egg } = await minecraftOffer(session);
    const buy = async (over: Record<string, unknown>) =>
      storeText(
        packageByCreditsError(
          result(
            await session.post('/api/private/store/package-by-credits', {
              serverName: 'My server',
              packageId: pkg.id,
              eggId: egg,
              locationId: location.id,
              ...over,
            }),
          ),
        ),
      );
    expect(await buy({})).toBe("You don't have enough credits to buy this server");
    await grantCredits(product, username, 5);
    expect(await buy({ serverName: '' })).toBe('Please enter a server name');
    expect(await buy({ serverName: 'bad/name' })).toMatch(/^Invalid server name/);
    expect(
      storeText(
        packageByCreditsError({ status: 400, ok: false, data: undefined, error: { reason: 'resources' } }),
      ),
    ).toMatch(/^There are not enough resources available/);
  });
});
