/**
 * The order-package dialog's error catalogue (product.md "Error catalogue" ("Order dialog")) as a user reads
 * it: each bad order is sent to the real product server (SQLite, emulators), and its answer goes through the
 * dialog's own mapping to the message it shows, in all five languages (English word for word where the spec
 * has it; the others present and translated). Then the checks the dialog makes before it calls, in product.md
 * "Validation rules"'s order.
 */

import { orderPackageBody } from '@falkenhost/contracts/store';
import cs from '@falkenhost/locales/cs/store.json';
import de from '@falkenhost/locales/de/store.json';
import en from '@falkenhost/locales/en/store.json';
import fr from '@falkenhost/locales/fr/store.json';
import sk from '@falkenhost/locales/sk/store.json';
import { createInstance, type i18n as I18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PANEL_READING_FRESH_MS } from '../../api/src/panel/placement';
import {
  type Answer,
  billingAddress,
  minecraftOffer,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../../api/test/harness';
import type { DiscountState } from '../src/features/store/hooks/use-discount-check';
import { type ErrorText, orderPackageError } from '../src/features/store/utils/errors';
import {
  ORDER_PACKAGE_CHECK_KEYS,
  orderCheckKey,
  orderFormErrors,
} from '../src/features/store/utils/order-checks';
import type { ApiResult } from '../src/lib/api-client';

const OTHER_LANGUAGES = ['cs', 'sk', 'de', 'fr'] as const;

let i18n: I18n;
let product: Product;
let session: Session;
let username: string;

/** The failed answer as the api-client hands it to the dialog. */
const failed = (answer: Answer): Pick<ApiResult<unknown>, 'status' | 'error'> => ({
  status: answer.status,
  error: answer.body as ApiResult<unknown>['error'],
});

/**
 * The message's English text is `english`, and every other language has its own, translated text.
 * @returns the English text
 */
function expectMessage(error: ErrorText | null, english: string | RegExp): string {
  expect(error).not.toBeNull();
  const key = (error as ErrorText).key;
  const text = i18n.t(key, { ns: 'store', lng: 'en' });
  if (typeof english === 'string') expect(text).toBe(english);
  else expect(text).toMatch(english);
  for (const lng of OTHER_LANGUAGES) {
    const translated = i18n.t(key, { ns: 'store', lng });
    expect(translated, `${lng} ${key}`).not.toBe('');
    expect(translated, `${lng} ${key}`).not.toBe(key);
    expect(translated, `${lng} ${key}`).not.toBe(text);
  }
  return text;
}

/** POST order-package as the dialog sends it: a Minecraft Starter with a complete address, then `over`. */
async function order(over: Record<string, unknown> = {}, who: Session = session): Promise<Answer> {
  const { pkg, location, egg } = await minecraftOffer(who);
  return who.post('/api/private/store/order-package', {
    referrer: '',
    discountCode: '',
    name: 'Monthly server',
    ...billingAddress,
    paymentMethod: 'creditCard',
    packageId: pkg.id,
    addonIds: '[]',
    eggId: egg,
    locationId: location.id,
    ...over,
  });
}

const INVALID_DISCOUNT = "Invalid discount code or it's expired";
const UNKNOWN = /^An error occurred/;

beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    resources: {
      en: { store: en },
      cs: { store: cs },
      sk: { store: sk },
      de: { store: de },
      fr: { store: fr },
    },
    interpolation: { escapeValue: false },
  });
  product = await startProduct('sqlite');
  ({ session, username } = await registerVerified(product));
});
afterAll(async () => product?.close());

describe('order dialog: server answers', () => {
  it('invalid discount: an unknown code, or a 400 without a reason of its own', async () => {
    const answer = await order({ discountCode: 'NO-SUCH-CODE' });
    expect(answer).toMatchObject({ status: 400, body: { reason: 'discount' } });
    expectMessage(orderPackageError(failed(answer)), INVALID_DISCOUNT);
    expectMessage(orderPackageError({ status: 400, error: undefined }), INVALID_DISCOUNT);
  });

  it('invalid address: a required address field missing, or a payment method not offered', async () => {
    for (const over of [{ city: '' }, { addressLine1: ' ' }, { postalCode: '' }, { country: 'Czechia' }]) {
      const answer = await order(over);
      expect(answer, JSON.stringify(over)).toMatchObject({
        status: 400,
        body: { reason: 'validation', errors: [expect.objectContaining({ msg: 'address' })] },
      });
      expectMessage(orderPackageError(failed(answer)), /billing address/);
    }
    const paypal = await order({ paymentMethod: 'paypal' });
    expect(paypal).toMatchObject({
      status: 400,
      body: { errors: [expect.objectContaining({ msg: 'payment-method' })] },
    });
    expect(orderPackageError(failed(paypal))).toEqual({ key: 'errors.invalidAddress' });
  });

  it('invalid server name: characters other than letters, digits, underscore, dot, hyphen, space', async () => {
    const answer = await order({ name: 'bad/name' });
    expect(answer).toMatchObject({
      status: 400,
      body: { reason: 'validation', errors: [expect.objectContaining({ msg: 'server-name' })] },
    });
    expectMessage(
      orderPackageError(failed(answer)),
      'Invalid server name: use only letters, digits, underscore, dot, hyphen and space',
    );
  });

  it('unknown: an egg the package does not offer, no server name, another status, no network', async () => {
    const egg = await order({ eggId: 999_999 });
    expect(egg).toMatchObject({ status: 400, body: { reason: 'unknown' } });
    expectMessage(orderPackageError(failed(egg)), UNKNOWN);
    const noName = await order({ name: '  ' });
    // The dialog reads the first message of the list.
    expect(noName).toMatchObject({ status: 400, body: { reason: 'validation' } });
    expect((noName.body as { errors: { msg: string }[] }).errors[0]?.msg).toBe('server-name-missing');
    expectMessage(orderPackageError(failed(noName)), UNKNOWN);
    for (const status of [0, 401, 409, 429, 500, 503]) {
      expectMessage(orderPackageError({ status, error: undefined }), UNKNOWN);
    }
    expectMessage(orderPackageError({ status: 502, error: { reason: 'panel' } }), UNKNOWN);
  });

  it('no resources: no node in the location has room for the server', async () => {
    const nodes = product.server.emulators!.pterodactyl.db.nodes;
    const memory = nodes.map((node) => node.memory);
    for (const node of nodes) node.memory = 1;
    // The product reads the panel's nodes again once its reading is that old (decisions/407).
    product.advance(PANEL_READING_FRESH_MS + 1_000);
    const answer = await order().finally(() => {
      nodes.forEach((node, i) => {
        node.memory = memory[i]!;
      });
    });
    expect(answer).toMatchObject({ status: 400, body: { reason: 'resources' } });
    expectMessage(orderPackageError(failed(answer)), /not enough resources/);
  });

  it('referrer-self: the customer names themselves', async () => {
    const answer = await order({ referrer: username });
    expect(answer).toMatchObject({ status: 400, body: { reason: 'referrer-self' } });
    expectMessage(orderPackageError(failed(answer)), "You can't set yourself as a referrer");
  });

  it('invalid referrer: nobody has that username (404)', async () => {
    const answer = await order({ referrer: 'nobody_here_at_all' });
    expect(answer.status).toBe(404);
    expectMessage(orderPackageError(failed(answer)), 'Referrer not found');
  });

  it('payment failed: the payment provider cannot be reached (502 payment)', async () => {
    const ctx = product.server.ctx;
    const mollie = ctx.mollie;
    ctx.mollie = {
      customers: { create: () => Promise.reject(new Error('Mollie is down')) },
    } as unknown as typeof mollie;
    const fresh = await registerVerified(product);
    const answer = await order({}, fresh.session).finally(() => {
      ctx.mollie = mollie;
    });
    expect(answer).toMatchObject({ status: 502, body: { reason: 'payment' } });
    expectMessage(orderPackageError(failed(answer)), /^The payment could not be started/);
  });

  it('a good order answers the Mollie checkout link the dialog goes to', async () => {
    const answer = await order({ name: 'Můj server_1.0-a' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body as { link: string }).link).toMatch(/^https?:\/\/.+\/checkout\//);
  });
});

describe('order dialog: checks before the call (product.md "Validation rules", in order)', () => {
  /** The dialog's form values and choices, as the form checks them with the contracts' schema. */
  interface Draft {
    discountCode: string;
    discount: DiscountState['status'];
    addressLine1: string;
    city: string;
    postalCode: string;
    country: string;
    paymentMethod: string | undefined;
    packageId: number | undefined;
    eggId: number | undefined;
    locationId: number | undefined;
    name: string;
  }
  const good: Draft = {
    discountCode: '',
    discount: 'empty',
    addressLine1: 'Hlavní 1',
    city: 'Brno',
    postalCode: '60200',
    country: 'CZ',
    paymentMethod: 'creditCard',
    packageId: 1,
    eggId: 2,
    locationId: 3,
    name: 'My server',
  };
  const check = (over: Partial<Draft>): ErrorText | null => {
    const { discount, ...body } = { ...good, ...over };
    const key = orderCheckKey(
      orderFormErrors(orderPackageBody, { ...body, addressLine2: '', state: '' }, discount),
      ORDER_PACKAGE_CHECK_KEYS,
    );
    return key ? { key } : null;
  };

  it('lets a complete order through; line 2 and state are optional, a verified code is fine', () => {
    expect(check({})).toBeNull();
    expect(check({ discountCode: 'SPRING10', discount: 'valid' })).toBeNull();
    expect(check({ name: ' Můj server_1.0-a ' })).toBeNull();
  });

  it('(1) a code entered but not verified: invalid discount', () => {
    for (const discount of ['checking', 'invalid', 'empty'] as const) {
      expectMessage(check({ discountCode: 'SPRING10', discount }), INVALID_DISCOUNT);
    }
  });

  it('(2) address line 1, city, postal code, country and payment method required: invalid address', () => {
    for (const over of [
      { addressLine1: '' },
      { city: '  ' },
      { postalCode: '' },
      { country: '' },
      { paymentMethod: undefined },
    ]) {
      expectMessage(check(over), /billing address/);
    }
  });

  it('(3) package, egg, location and server name present: unknown', () => {
    for (const over of [
      { packageId: undefined },
      { eggId: undefined },
      { locationId: undefined },
      { name: ' ' },
    ]) {
      expectMessage(check(over), UNKNOWN);
    }
  });

  it('(4) server name characters: invalid server name', () => {
    for (const name of ['bad/name', 'semi;colon', 'x'.repeat(51)]) {
      expect(check({ name })).toEqual({ key: 'errors.invalidServerName' });
    }
  });

  it('reports the first failing check in the spec order', () => {
    const all = {
      discountCode: 'X',
      discount: 'invalid',
      city: '',
      eggId: undefined,
      name: 'bad/name',
    } as const;
    expect(check(all)).toEqual({ key: 'errors.invalidDiscount' });
    expect(check({ ...all, discountCode: '' })).toEqual({ key: 'errors.invalidAddress' });
    expect(check({ ...all, discountCode: '', city: 'Brno' })).toEqual({ key: 'errors.unknown' });
    expect(check({ ...all, discountCode: '', city: 'Brno', eggId: 2 })).toEqual({
      key: 'errors.invalidServerName',
    });
  });
});
