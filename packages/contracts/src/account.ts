/**
 * /api/private/users/me* contracts: the settings section's account calls (product.md "Account calls",
 * "Entities and fields" "User (me)", 5 "Password change in settings", "User update"; issue 9).
 */
import { z } from 'zod';
import { ROLES } from './constants';
import { REASONS } from './errors';
import { password, USERNAME_PATTERN } from './fields';

/**
 * A mailed e-mail or username change link is valid this long (docs/decisions/079-account-change-by-link.md).
 */
export const ACCOUNT_CHANGE_TTL_HOURS = 24;
/**
 * A new change link may be asked for this long after the last one (product.md "Validation rules"'s resend
 * interval).
 */
export const ACCOUNT_CHANGE_RESEND_SECONDS = 120;
/** Settings result notices vanish after this (product.md "Settings": 3 seconds). */
export const SETTINGS_NOTICE_MS = 3_000;

/** GET /api/private/users/me (product.md "Entities and fields" ("User (me)")); `created_at` is ISO 8601. */
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
 * PUT me/update-password: the current password and the new one (product.md "API calls"). The confirmation is
 * checked by the form; the server checks the new one's length (product.md "Validation rules": at least 6
 * characters).
 */
export const updatePasswordBody = z.object({
  password: z.string().min(1, 'password').max(1_024, 'password'),
  newPassword: password,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

/**
 * The settings' change-password form (product.md "Validation rules" ("Password change in settings"),
 * product.md "Error catalogue"'s order): the current password filled in ('password'), the new one equal to
 * its confirmation ('password-match', on
 * `confirmation`), then at least 6 characters ('password-length', by `updatePasswordBody`, the API's own
 * rule). Piped so a later rule is only checked once the earlier ones hold; the first issue is the one shown.
 */
export const changePasswordForm = z
  .object({ password: updatePasswordBody.shape.password, newPassword: z.string(), confirmation: z.string() })
  .refine((v) => v.newPassword === v.confirmation, { message: 'password-match', path: ['confirmation'] })
  .pipe(updatePasswordBody.extend({ confirmation: z.string() }));
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

/** PUT me/newsletter. */
export const newsletterBody = z.object({ news_subscription: z.boolean() });
/** PUT me/2fa: two-factor login with a mailed code. */
export const twoFactorBody = z.object({ two_factor_auth: z.boolean() });

/**
 * PUT me/update-user (product.md "Validation rules" ("User update")): an empty or missing field keeps the
 * current value. Read loosely here; `accountChange` checks it with product.md "Error catalogue"'s reasons.
 */
export const updateUserBody = z.object({
  username: z.string().max(200).optional().default(''),
  email: z.string().max(400).optional().default(''),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

/**
 * The username and e-mail change as the settings form and the API check it (product.md "Validation rules"
 * ("User update"), product.md "Error catalogue"): a field left empty or equal to the current value keeps it;
 * at least one must change ('empty-fields', on the form as a whole: path `[]`), the username follows the
 * registration rule ('username', on `username`; the API answers it as a validation error), the e-mail's
 * format is checked ('email_format', on `email`). The output holds only what changes (null otherwise), e-mail
 * in lower case. The first issue is the one to show.
 * @param current the account's username and e-mail now
 */
export function accountChange(current: { username: string; email: string }) {
  return z
    .object({
      username: z.string().max(200).optional().default(''),
      email: z.string().max(400).optional().default(''),
    })
    .transform((v) => {
      const username = v.username.trim();
      const address = v.email.trim().toLowerCase();
      return {
        username: username && username !== current.username ? username : null,
        email: address && address !== current.email.toLowerCase() ? address : null,
      };
    })
    .refine((v) => v.username !== null || v.email !== null, { message: REASONS.emptyFields })
    .pipe(
      z.object({
        username: z.string().regex(USERNAME_PATTERN, 'username').nullable(),
        email: z.email(REASONS.emailFormat).max(191, REASONS.emailFormat).nullable(),
      }),
    );
}

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
