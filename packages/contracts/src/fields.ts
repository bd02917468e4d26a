/**
 * Field rules shared by several schemas (product.md "Validation rules", "Validation rules").
 */
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';

/**
 * Username: 3 to 32 letters, digits or underscores; no spaces or other special characters (product.md
 * "Validation rules").
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,32}$/;
/**
 * First and last name: letters (any script), hyphen or apostrophe between letters, no spaces (product.md
 * "Validation rules").
 */
export const PERSON_NAME_PATTERN = /^\p{L}[\p{L}\p{M}'-]{0,49}$/u;
/**
 * Server name: letters (any script, with their accents), digits, underscore, dot, hyphen and space
 * (product.md "Validation rules", order dialog check 4); 1 to 50 characters.
 */
export const SERVER_NAME_PATTERN = /^[\p{L}\p{M}\p{Nd}_. -]{1,50}$/u;

export const username = z.string().trim().regex(USERNAME_PATTERN, 'username');
export const personName = z.string().trim().regex(PERSON_NAME_PATTERN, 'name');
export const email = z.string().trim().toLowerCase().pipe(z.email('email').max(191));
export const password = z.string().min(PASSWORD_MIN, 'password-length').max(PASSWORD_MAX, 'password-length');
/**
 * The ALTCHA payload (base64) the widget produces; checked on the server (demo.md
 * "Contracts the demo must keep").
 */
export const captchaToken = z.string({ error: 'captcha' }).min(1, 'captcha').max(8_192, 'captcha');
/**
 * Positive database id in a query string: digits only ("25"), nothing looser (no "0x19", " 25 ", "1e1").
 */
export const id = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'id')
  .transform(Number)
  .or(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
/** Positive database id in a JSON body: a JSON number only (product.md "API calls" sends ids as numbers). */
export const jsonId = z.number({ error: 'id' }).int('id').positive('id').max(Number.MAX_SAFE_INTEGER);
