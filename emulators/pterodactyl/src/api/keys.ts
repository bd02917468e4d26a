import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random string of letters and digits.
 * @param length number of characters
 */
export function randomAlphanumeric(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** Prefix of an Application API key (root admin, `/api/application`). */
export const APPLICATION_KEY_PREFIX = 'ptla_';
/** Prefix of a Client API key (account key, `/api/client`). */
export const CLIENT_KEY_PREFIX = 'ptlc_';

/** Keys are 48 characters: the 5-character prefix, then 43 letters and digits (identifier + secret). */
export const API_KEY_LENGTH = 48;

/**
 * Generates an API key shaped like the panel's: `ptla_` or `ptlc_` followed by 43 letters and digits.
 * @param kind `application` for `ptla_`, `client` for `ptlc_`
 */
export function generateApiKey(kind: 'application' | 'client'): string {
  const prefix = kind === 'application' ? APPLICATION_KEY_PREFIX : CLIENT_KEY_PREFIX;
  return prefix + randomAlphanumeric(API_KEY_LENGTH - prefix.length);
}

/**
 * Whether a string is a well-formed key of the given kind (prefix, 48 characters, letters and digits).
 */
export function isApiKeyOfKind(key: string, kind: 'application' | 'client'): boolean {
  const prefix = kind === 'application' ? APPLICATION_KEY_PREFIX : CLIENT_KEY_PREFIX;
  return key.length === API_KEY_LENGTH && key.startsWith(prefix) && /^[A-Za-z0-9]+$/.test(key.slice(5));
}
