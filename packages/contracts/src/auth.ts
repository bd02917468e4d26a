/**
 * /api/auth contracts (spec 7 "Authentication", 3 "Session user", 5).
 */
import { z } from 'zod';
import { CODE_LENGTH, ROLES } from './constants';
import { captchaToken, email, password, personName, username } from './fields';

export const loginBody = z.object({
  email,
  password: z.string().min(1).max(1_024),
  captchaToken,
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  username,
  firstName: personName,
  lastName: personName,
  email,
  password,
  news_subscription: z.boolean().default(false),
  captchaToken,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** A mailed 6-character code (verify-email, 2fa); the spec calls it token. */
export const codeBody = z.object({
  token: z.string().trim().toUpperCase().length(CODE_LENGTH, 'code-length'),
});
export type CodeBody = z.infer<typeof codeBody>;

/** The session user (spec 3). `authenticated` is false while a 2FA code is pending. */
export const sessionUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  two_factor_auth: z.boolean(),
  email_verified: z.boolean(),
  authenticated: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** An ALTCHA v2 challenge as `GET /api/auth/captcha` serves it to the widget. */
export const captchaChallenge = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});

/**
 * `GET /api/auth/captcha-provider`: which captcha the forms show (architecture.md: ALTCHA by default,
 * Cloudflare Turnstile selectable by configuration, with the site key the Turnstile widget needs).
 */
export const captchaProvider = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('altcha') }),
  z.object({ provider: z.literal('turnstile'), siteKey: z.string().min(1) }),
]);
export type CaptchaProvider = z.infer<typeof captchaProvider>;

/** Every 4xx answer: a reason constant (errors.ts) and, for validation errors, the failed fields. */
export const errorBody = z.object({
  reason: z.string(),
  message: z.string().optional(),
  errors: z.array(z.object({ msg: z.string(), path: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ ok: z.literal(true) });
