/**
 * Status + reason -> i18n key (namespace settings) for the settings section and the e-mail change page
 * (product.md "Error catalogue" ("Settings"), "E-mail change page"). Each function takes the failed answer as
 * the api-client hands it over. Field errors name the field they belong to, so the form shows them under it.
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { ApiResult } from '@/lib/api-client';

/** The part of an answer the mapping reads. */
export type FailedAnswer = Pick<ApiResult<unknown>, 'status' | 'error'>;

/** A message and, when it belongs to one, the form field it is shown under. */
export interface SettingsError<Field extends string = string> {
  key: string;
  field?: Field;
}

const reasonOf = (answer: FailedAnswer) => answer.error?.reason;

/** Answers every settings call may give: rate limits, 'too soon', else unknown. */
function common(answer: FailedAnswer): string {
  if (answer.status === 429 && reasonOf(answer) === REASONS.tooSoon) return 'errors.tooSoon';
  if (answer.status === 429) return 'errors.rateLimited';
  return 'errors.unknown';
}

/** PUT update-password: 401 invalid current password, 400 password length; else unknown. */
export function passwordError(answer: FailedAnswer): SettingsError<'password' | 'newPassword'> {
  if (answer.status === 401 && reasonOf(answer) === REASONS.invalidPassword)
    return { key: 'errors.invalidPassword', field: 'password' };
  if (answer.status === 400 && answer.error?.errors?.some((e) => e.msg === 'password-length'))
    return { key: 'errors.passwordLength', field: 'newPassword' };
  return { key: common(answer) };
}

/**
 * PUT update-user: 400 empty-fields ('Fill in at least one field'), 400 username (exists), 400 email
 * (exists), 400 email_format, 400 validation of the username (not allowed), 429 too-soon; else unknown.
 */
export function updateUserError(answer: FailedAnswer): SettingsError<'username' | 'email'> {
  const reason = reasonOf(answer);
  if (answer.status === 400) {
    if (reason === REASONS.emptyFields) return { key: 'errors.emptyFields' };
    if (reason === REASONS.username) return { key: 'errors.usernameExists', field: 'username' };
    if (reason === REASONS.email) return { key: 'errors.emailExists', field: 'email' };
    if (reason === REASONS.emailFormat) return { key: 'errors.emailFormat', field: 'email' };
    if (reason === REASONS.validation && answer.error?.errors?.some((e) => e.msg === 'username'))
      return { key: 'errors.invalidUsername', field: 'username' };
  }
  return { key: common(answer) };
}

/** PUT newsletter or 2fa (the toggle goes back) or GET export failed: the toast's message. */
export function generalErrorKey(answer: FailedAnswer): string {
  return common(answer);
}

/** PUT deactivate: 403 forbidden is a master account (it may not deactivate itself); else unknown. */
export function deactivateErrorKey(answer: FailedAnswer): string {
  if (answer.status === 403 && reasonOf(answer) === REASONS.forbidden) return 'errors.masterDeactivate';
  return common(answer);
}

/**
 * The e-mail change page (product.md "Error catalogue": invalid token when the token is missing or the call
 * is not 200). A username or address taken meanwhile says so under the invalid-token message.
 * @returns the message keys: the title line and an optional detail
 */
export function confirmPageError(answer: FailedAnswer | null): { key: string; detail?: string } {
  const reason = answer ? reasonOf(answer) : undefined;
  if (answer?.status === 400 && reason === REASONS.email)
    return { key: 'confirm.invalid', detail: 'confirm.emailTaken' };
  if (answer?.status === 400 && reason === REASONS.username)
    return { key: 'confirm.invalid', detail: 'confirm.usernameTaken' };
  return { key: 'confirm.invalid' };
}
