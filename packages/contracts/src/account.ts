/**
 * /api/private/users/me* contracts: the settings section's account calls (spec 7 "Settings", 3 "User
 * (me)", 5 "Password change in settings", "User update"; issue 9).
 */
import { z } from 'zod';
import { ROLES } from './constants';
import { password } from './fields';

/** A mailed e-mail or username change link is valid this long (docs/decisions/079-account-change-by-link.md). */
export const ACCOUNT_CHANGE_TTL_HOURS = 24;
/** A new change link may be asked for this long after the last one (spec 5's resend interval). */
export const ACCOUNT_CHANGE_RESEND_SECONDS = 120;
/** Settings result notices vanish after this (spec 2 "Settings": 3 seconds). */
export const SETTINGS_NOTICE_MS = 3_000;

/** GET /api/private/users/me (spec 3 "User (me)"); `created_at` is ISO 8601. */
export const accountProfile = z.object({
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  two_factor_auth: z.boolean(),
  news_subscription: z.boolean(),
  created_at: z.string(),
});
export type AccountProfile = z.infer<typeof accountProfile>;

/**
 * PUT me/update-password: the current password and the new one (spec 7). The confirmation is checked by
 * the form; the server checks the new one's length (spec 5: at least 6 characters).
 */
export const updatePasswordBody = z.object({
  password: z.string().min(1, 'password').max(1_024, 'password'),
  newPassword: password,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

/** PUT me/newsletter. */
export const newsletterBody = z.object({ news_subscription: z.boolean() });
/** PUT me/2fa: two-factor login with a mailed code. */
export const twoFactorBody = z.object({ two_factor_auth: z.boolean() });

/**
 * PUT me/update-user (spec 5 "User update"): an empty or missing field keeps the current value. The
 * fields are checked by the server with its own reasons (username, email_format), so here only strings.
 */
export const updateUserBody = z.object({
  username: z.string().max(200).optional().default(''),
  email: z.string().max(400).optional().default(''),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** Answer of PUT me/update-user: the address the confirmation link went to. */
export const updateUserAnswer = z.object({ ok: z.literal(true), sentTo: z.string() });
export type UpdateUserAnswer = z.infer<typeof updateUserAnswer>;

/**
 * PUT me/update-user-execute: the token of the link `/update-user/{token}`. A missing or malformed token is
 * answered like any other token that is not valid (400 invalid-token), so it is read as a string here.
 */
export const updateUserExecuteBody = z.object({ token: z.string().max(200).catch('') });

/** Answer of PUT me/update-user-execute: the account's username and e-mail after the change. */
export const updateUserExecuteAnswer = z.object({
  username: z.string(),
  email: z.string(),
  emailChanged: z.boolean(),
  usernameChanged: z.boolean(),
});
export type UpdateUserExecuteAnswer = z.infer<typeof updateUserExecuteAnswer>;
