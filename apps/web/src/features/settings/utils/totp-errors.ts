/**
 * Status + reason -> i18n key (namespace security) for the authenticator-app card (issue 9). Field errors
 * name the field they belong to, so the card shows them under it.
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { FailedAnswer, SettingsError } from './errors';

const reasonOf = (answer: FailedAnswer) => answer.error?.reason;

function common(answer: FailedAnswer): string {
  if (answer.status === 429) return 'errors.rateLimited';
  return 'errors.unknown';
}

/** POST setup: 401 invalid-password under the password field, 409 already on; else unknown. */
export function totpSetupError(answer: FailedAnswer): SettingsError<'password'> {
  if (answer.status === 401 && reasonOf(answer) === REASONS.invalidPassword)
    return { key: 'errors.invalidPassword', field: 'password' };
  if (answer.status === 400) return { key: 'errors.invalidPassword', field: 'password' };
  if (answer.status === 409 && reasonOf(answer) === REASONS.totpEnabled) return { key: 'errors.alreadyOn' };
  return { key: common(answer) };
}

/**
 * POST enable, disable, recovery-codes: 400 invalid-code or a malformed code under the code field, 409
 * already on or off, 429 too many guesses; else unknown.
 */
export function totpCodeError(answer: FailedAnswer): SettingsError<'code'> {
  const reason = reasonOf(answer);
  if (answer.status === 400 && (reason === REASONS.invalidCode || reason === REASONS.validation))
    return { key: 'errors.invalidCode', field: 'code' };
  if (answer.status === 409 && reason === REASONS.totpEnabled) return { key: 'errors.alreadyOn' };
  if (answer.status === 409 && reason === REASONS.totpDisabled) return { key: 'errors.alreadyOff' };
  if (answer.status === 429) return { key: 'errors.tooManyGuesses', field: 'code' };
  return { key: common(answer) };
}
