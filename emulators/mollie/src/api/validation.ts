import type { Amount, PaymentMethod } from '../state/types';
import { unprocessable } from './errors';

/** The payment methods this emulator offers (the ones the product uses). */
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['creditcard', 'paypal', 'paysafecard'];

/** Mollie's accepted `locale` values. */
export const LOCALES: readonly string[] = [
  'en_US',
  'en_GB',
  'nl_NL',
  'nl_BE',
  'de_DE',
  'de_AT',
  'de_CH',
  'fr_FR',
  'fr_BE',
  'es_ES',
  'ca_ES',
  'pt_PT',
  'it_IT',
  'nb_NO',
  'sv_SE',
  'fi_FI',
  'da_DK',
  'is_IS',
  'hu_HU',
  'pl_PL',
  'lv_LV',
  'lt_LT',
  'cs_CZ',
  'sk_SK',
];

/** Largest `metadata` Mollie keeps, in bytes of its JSON. */
export const METADATA_MAX_BYTES = 1024;

/**
 * Validates a Mollie amount `{currency, value}`: currency of 3 capitals, value a string with exactly
 * 2 decimals (`"10.00"`), at least `minimum` (default 0.01).
 * @throws MollieError 422 with `field` (default `amount`).
 */
export function parseAmount(input: unknown, field = 'amount', minimum = 0.01): Amount {
  if (typeof input !== 'object' || input === null) throw unprocessable(field, `The ${field} is required`);
  const { currency, value } = input as Record<string, unknown>;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw unprocessable(field, `The ${field} contains an invalid currency`);
  }
  if (typeof value !== 'string' || !/^\d+\.\d{2}$/.test(value)) {
    throw unprocessable(field, `The ${field} contains an invalid value; use a string with 2 decimals`);
  }
  if (Number(value) < minimum) throw unprocessable(field, `The ${field} is lower than the minimum`);
  return { currency, value };
}

/** Validates an absolute http(s) URL. @throws MollieError 422 for `field`. */
export function parseUrl(input: unknown, field: string): string {
  if (typeof input === 'string') {
    try {
      const url = new URL(input);
      if (url.protocol === 'http:' || url.protocol === 'https:') return input;
    } catch {}
  }
  throw unprocessable(field, `The ${field} is invalid`);
}

/** An optional URL: undefined or null give null. @throws MollieError 422 for `field`. */
export function parseOptionalUrl(input: unknown, field: string): string | null {
  return input === undefined || input === null || input === '' ? null : parseUrl(input, field);
}

/**
 * Validates `method`: one method or an array of them; undefined/null means "let the customer choose".
 * @returns the methods offered, never empty.
 * @throws MollieError 422 field `method` for any value outside creditcard, paypal, paysafecard.
 */
export function parseMethods(input: unknown): PaymentMethod[] {
  if (input === undefined || input === null) return [...PAYMENT_METHODS];
  const list = Array.isArray(input) ? input.filter((m) => m !== null) : [input];
  if (list.length === 0) return [...PAYMENT_METHODS];
  for (const m of list) {
    if (typeof m !== 'string' || !PAYMENT_METHODS.includes(m as PaymentMethod)) {
      throw unprocessable('method', `The payment method is invalid: ${String(m)}`);
    }
  }
  return [...new Set(list as PaymentMethod[])];
}

/** Validates `locale` against Mollie's list; undefined/null give null. @throws MollieError 422. */
export function parseLocale(input: unknown): string | null {
  if (input === undefined || input === null) return null;
  if (typeof input === 'string' && LOCALES.includes(input)) return input;
  throw unprocessable('locale', 'The locale is invalid');
}

/** Keeps `metadata` when its JSON is at most 1024 bytes; undefined gives null. @throws MollieError 422. */
export function parseMetadata(input: unknown): unknown {
  if (input === undefined) return null;
  if (Buffer.byteLength(JSON.stringify(input), 'utf8') > METADATA_MAX_BYTES) {
    throw unprocessable('metadata', 'The metadata is too large; at most 1024 bytes of JSON');
  }
  return input;
}

/** A required non-empty string of at most `max` characters. @throws MollieError 422 for `field`. */
export function parseText(input: unknown, field: string, max = 255): string {
  if (typeof input !== 'string' || input.trim() === '')
    throw unprocessable(field, `The ${field} is required`);
  if (input.length > max) throw unprocessable(field, `The ${field} is longer than ${max} characters`);
  return input;
}

/** An optional string of at most `max` characters; undefined/null give null. @throws MollieError 422. */
export function parseOptionalText(input: unknown, field: string, max = 255): string | null {
  if (input === undefined || input === null) return null;
  if (typeof input !== 'string' || input.length > max) throw unprocessable(field, `The ${field} is invalid`);
  return input;
}

/** The request body as an object (an empty body counts as `{}`). @throws MollieError 400. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw unprocessable('body', 'The body must be an object');
  return body as Record<string, unknown>;
}
