/**
 * Status + reason -> i18n key (namespace admin) of the users section's error toasts (product.md
 * "Error catalogue" ("Users")).
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { ApiResult } from '@/lib/api-client';

/** The part of an answer the mapping reads. */
export type FailedAnswer = Pick<ApiResult<unknown>, 'status' | 'error'>;

/** What both changes may answer: 404 the user is gone, 409 last-master, 409 self; else null. */
function userChangeKey(answer: FailedAnswer): string | null {
  const reason = answer.error?.reason;
  if (answer.status === 404) return 'errors.userNotFound';
  if (answer.status === 409 && reason === REASONS.lastMaster) return 'errors.lastMaster';
  if (answer.status === 409 && reason === REASONS.self) return 'errors.self';
  return null;
}

/** PUT change-role: userNotFound, lastMaster, self; else 'Failed to update user role.' */
export function roleErrorKey(answer: FailedAnswer): string {
  return userChangeKey(answer) ?? 'errors.roleFailed';
}

/**
 * PUT active: userNotFound, lastMaster, self; else the user was not deactivated (`active` false) or not
 * activated (`active` true).
 */
export function activeErrorKey(answer: FailedAnswer, active: boolean): string {
  return userChangeKey(answer) ?? (active ? 'errors.userNotActivated' : 'errors.userNotDeactivated');
}
