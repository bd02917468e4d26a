/**
 * /api/auth contracts (product.md "Authentication calls", "Entities and fields", "Validation rules"
 * ("Session user")).
 */
import { z } from 'zod';
import { CODE_LENGTH, RECOVERY_CODE_LENGTH, ROLES } from './constants';
import { captchaToken, email, password, personName, username } from './fields';

/**
 * The rules of the auth forms by their message, in the order product.md "Validation rules" lists them
 * ("Login", "Register", "Forgot password", "Reset"): every field filled, passwords match, password length,
 * both consents, the captcha; then the formats of the error catalogue (product.md "Error catalogue": special
 * characters, 'Invalid email') and the code length. A form shows only the first failing one
 * (docs/decisions/201-auth-form-rule-order.md).
 */
export const AUTH_RULE_ORDER = [
  'required',
  'password-match',
  'password-length',
  'consent',
  'captcha',
  'username',
  'name',
  'email',
  'code-length',
] as const;
export type AuthRule = (typeof AUTH_RULE_ORDER)[number];

/**
 * The issue of a failed auth schema that a form shows: the one whose message comes first in
 * AUTH_RULE_ORDER (messages outside it come last, in zod's order). @returns undefined for no issues
 */
export function firstAuthIssue<I extends { message: string }>(issues: readonly I[]): I | undefined {
  const rank = (issue: I) => {
    const at = (AUTH_RULE_ORDER as readonly string[]).indexOf(issue.message);
    return at === -1 ? AUTH_RULE_ORDER.length : at;
  };
  return issues.reduce<I | undefined>(
    (best, issue) => (!best || rank(issue) < rank(best) ? issue : best),
    undefined,
  );
}

/** A text field that must be filled: blank fails with `required` before the field's own rule runs. */
const filled = <T extends z.ZodType<unknown, string>>(rule: T) =>
  z.string({ error: 'required' }).trim().min(1, 'required').pipe(rule);
/** A password field that must be filled (not trimmed: spaces are part of a password). */
const filledPassword = <T extends z.ZodType<unknown, string>>(rule: T) =>
  z.string({ error: 'required' }).min(1, 'required').pipe(rule);

/**
 * POST /api/auth/login (product.md "Validation rules" ("Login"): e-mail and password required, captcha); also
 * the login form.
 */
export const loginBody = z.object({
  email: filled(email),
  password: filledPassword(z.string().max(1_024, 'password-length')),
  captchaToken,
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * POST /api/auth/register (product.md "Validation rules", "API calls" ("Register")): what the server receives
 * and checks.
 */
export const registerBody = z.object({
  username: filled(username),
  firstName: filled(personName),
  lastName: filled(personName),
  email: filled(email),
  password: filledPassword(password),
  news_subscription: z.boolean().default(false),
  captchaToken,
});
export type RegisterBody = z.infer<typeof registerBody>;

/**
 * The register form: the body's rules plus the confirmation (filled, equal to the password) and the two
 * consents (product.md "Validation rules": terms and privacy both ticked, else `consent`). Only the body is
 * sent (product.md "API calls").
 */
export const registerForm = registerBody
  .extend({
    confirm: z.string({ error: 'required' }).min(1, 'required'),
    terms: z.boolean(),
    privacy: z.boolean(),
  })
  .check((ctx) => {
    const { password: typed, confirm, terms, privacy } = ctx.value;
    if (typeof confirm === 'string' && confirm !== '' && typed !== confirm)
      ctx.issues.push({ code: 'custom', message: 'password-match', path: ['confirm'], input: confirm });
    if (terms !== true || privacy !== true)
      ctx.issues.push({
        code: 'custom',
        message: 'consent',
        path: [terms !== true ? 'terms' : 'privacy'],
        input: ctx.value,
      });
  });
export type RegisterForm = z.input<typeof registerForm>;

/** A mailed 6-character code (verify-email, 2fa); the spec calls it token. */
export const codeBody = z.object({
  token: z.string().trim().toUpperCase().length(CODE_LENGTH, 'code-length'),
});
export type CodeBody = z.infer<typeof codeBody>;

/**
 * POST /api/auth/2fa's body: a mailed 6-character code (product.md "API calls") or, for a user with TOTP on
 * (issue 9), the 6 digits of the authenticator app or a 10-character recovery code (shown as `ABCDE-FGHJK`).
 * Spaces and hyphens are dropped and letters upper-cased, so `abcde-fghjk` and `123 456` are read right; any
 * other length is 400 `validation` with msg `code-length`, as for codeBody.
 */
export const secondFactorBody = z.object({
  token: z
    .string()
    .max(64, 'code-length')
    .overwrite((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .refine((v) => v.length === CODE_LENGTH || v.length === RECOVERY_CODE_LENGTH, 'code-length'),
});
export type SecondFactorBody = z.infer<typeof secondFactorBody>;

/**
 * POST /api/auth/reset-password and resend-reset-password (product.md "Validation rules", "API calls"); also
 * the forgot-password form.
 */
export const resetPasswordBody = z.object({ email: filled(email), captchaToken });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /api/auth/verify-reset-password: the token of the mailed link (43 base64url characters). */
export const resetTokenBody = z.object({ token: z.string().trim().min(1).max(256) });
export type ResetTokenBody = z.infer<typeof resetTokenBody>;

/**
 * POST /api/auth/update-password: the link's token and the new password (product.md "Validation rules"
 * rules).
 */
export const updateResetPasswordBody = z.object({
  token: z.string().trim().min(1).max(256),
  password: filledPassword(password),
  captchaToken,
});
export type UpdateResetPasswordBody = z.infer<typeof updateResetPasswordBody>;

/**
 * The reset-password form (product.md "Validation rules" ("Reset"): filled, match, minimum 6 characters,
 * captcha): the body's password and captcha rules plus the confirmation; the token comes from the link, not
 * from the form.
 */
export const resetPasswordForm = updateResetPasswordBody
  .pick({ password: true, captchaToken: true })
  .extend({ confirm: z.string({ error: 'required' }).min(1, 'required') })
  .check((ctx) => {
    const { password: typed, confirm } = ctx.value;
    if (typeof confirm === 'string' && confirm !== '' && typed !== confirm)
      ctx.issues.push({ code: 'custom', message: 'password-match', path: ['confirm'], input: confirm });
  });
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;

/**
 * How long after its creation an account is greeted as new ("Welcome", not "Welcome back"):
 * docs/decisions/443-greetings.md.
 */
export const FIRST_VISIT_MS = 24 * 60 * 60 * 1000;

/**
 * The session user (product.md "Entities and fields"). `authenticated` is false while a 2FA code is pending.
 */
export const sessionUser = z.object({
  id: z.number().int(),
  username: z.string(),
  /** the first name given at registration; greetings use it (decisions/443) */
  first_name: z.string(),
  /** the account was created less than FIRST_VISIT_MS ago: the dashboard greets it as new (decisions/443) */
  first_visit: z.boolean(),
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
 * `GET /api/auth/captcha-provider`: which captcha the forms show (architecture.md "Stack": ALTCHA by default,
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
