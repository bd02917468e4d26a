/**
 * /api/auth contracts (spec 7 "Authentication", 3 "Session user", 5).
 */
import { z } from 'zod';
import { CODE_LENGTH, RECOVERY_CODE_LENGTH, ROLES } from './constants';
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

/**
 * POST /api/auth/2fa's body: a mailed 6-character code (spec 7) or, for a user with TOTP on (issue 9), the
 * 6 digits of the authenticator app or a 10-character recovery code (shown as `ABCDE-FGHJK`). Spaces and
 * hyphens are dropped and letters upper-cased, so `abcde-fghjk` and `123 456` are read right; any other
 * length is 400 `validation` with msg `code-length`, as for codeBody.
 */
export const secondFactorBody = z.object({
  token: z
    .string()
    .max(64, 'code-length')
    .overwrite((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .refine((v) => v.length === CODE_LENGTH || v.length === RECOVERY_CODE_LENGTH, 'code-length'),
});
export type SecondFactorBody = z.infer<typeof secondFactorBody>;

/** POST /api/auth/reset-password and resend-reset-password (spec 7). */
export const resetPasswordBody = z.object({ email, captchaToken });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /api/auth/verify-reset-password: the token of the mailed link (43 base64url characters). */
export const resetTokenBody = z.object({ token: z.string().trim().min(1).max(256) });
export type ResetTokenBody = z.infer<typeof resetTokenBody>;

/** POST /api/auth/update-password: the link's token and the new password (spec 5 rules). */
export const updateResetPasswordBody = z.object({
  token: z.string().trim().min(1).max(256),
  password,
  captchaToken,
});
export type UpdateResetPasswordBody = z.infer<typeof updateResetPasswordBody>;

/** The session user (spec 3). `authenticated` is false while a 2FA code is pending. */
export const sessionUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  two_factor_auth: z.boolean(),
  /** what a login asks for: a mailed code, the authenticator app's code (TOTP, which takes precedence), or nothing */
  two_factor_method: z.enum(['email', 'totp']).nullable(),
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
