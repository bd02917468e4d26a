/**
 * Status + reason -> i18n key (namespace auth) for the auth screens (product.md "Error catalogue" ("Login"),
 * "Register", "2fa and verify-email", "Resend code").
 */
import type { AuthRule } from '@falkenhost/contracts/auth';
import { REASONS } from '@falkenhost/contracts/errors';
import type { ApiResult } from '@/lib/api-client';

function firstMsg(result: ApiResult<unknown>): string | undefined {
  return result.error?.errors?.[0]?.msg;
}

/** Rule message of the contracts (auth.ts AUTH_RULE_ORDER) -> i18n key (namespace auth). */
const RULE_KEYS: Record<AuthRule, string> = {
  required: 'errors.fillIn',
  'password-match': 'errors.passwordMatch',
  'password-length': 'errors.passwordLength',
  consent: 'errors.consent',
  captcha: 'errors.captchaMissing',
  username: 'errors.invalidUsername',
  name: 'errors.invalidName',
  email: 'errors.invalidEmail',
  'code-length': 'errors.codeLength',
};

/**
 * The i18n key of a rule message, from a form's own check or a server's 400 `validation` answer (a
 * message outside the contracts' list reads as unknown).
 */
export function ruleKey(message: string | undefined): string {
  return RULE_KEYS[message as AuthRule] ?? 'errors.unknown';
}

function common(result: ApiResult<unknown>): string | undefined {
  if (result.status === 429) return 'errors.rateLimited';
  if (result.status === 400 && result.error?.reason === REASONS.captcha) return 'errors.captcha';
  if (result.status === 400 && result.error?.reason === REASONS.validation) return ruleKey(firstMsg(result));
  return undefined;
}

/**
 * Login (product.md "Error catalogue" ("Login"); a deactivated account:
 * docs/decisions/202-deactivated-login.md).
 */
export function loginErrorKey(result: ApiResult<unknown>): string {
  if (result.status === 401 && result.error?.reason === REASONS.accountDeactivated)
    return 'errors.deactivated';
  if (result.status === 401) return 'errors.invalidCredentials';
  return common(result) ?? 'errors.unknown';
}

export function registerErrorKey(result: ApiResult<unknown>): string {
  const reason = result.error?.reason;
  if (result.status === 409) return 'errors.usernameExists';
  if (result.status === 400 && reason === REASONS.email) return 'errors.emailExists';
  if (result.status === 400 && reason === REASONS.username) return 'errors.invalidUsername';
  return common(result) ?? 'errors.unknown';
}

export function codeErrorKey(result: ApiResult<unknown>): string {
  if (result.status === 400 && result.error?.reason === REASONS.invalidCode) return 'errors.invalidCode';
  return common(result) ?? 'errors.unknown';
}

export function resendErrorKey(result: ApiResult<unknown>): string {
  if (result.status === 429 && result.error?.reason === REASONS.tooSoon) return 'errors.resendTooSoon';
  return 'errors.resend';
}

/** Forgot password's first request (product.md "Error catalogue": captcha, invalid e-mail, unknown). */
export function resetRequestErrorKey(result: ApiResult<unknown>): string {
  return common(result) ?? 'errors.unknown';
}

/**
 * Forgot password's resend (product.md "Error catalogue" ("Resend reset"): 400 too soon, 404 no request,
 * others unknown).
 */
export function resetResendErrorKey(result: ApiResult<unknown>): string {
  if (result.status === 400 && result.error?.reason === REASONS.tooSoon) return 'errors.resetTooSoon';
  if (result.status === 404) return 'errors.resetNoToken';
  return common(result) ?? 'errors.unknown';
}

/**
 * Reset password's submit (product.md "Error catalogue" ("Reset"): an invalid or expired token; password
 * rules; captcha).
 */
export function resetPasswordErrorKey(result: ApiResult<unknown>): string {
  if (result.status === 400 && result.error?.reason === REASONS.invalidToken)
    return 'errors.invalidResetToken';
  return common(result) ?? 'errors.unknown';
}
