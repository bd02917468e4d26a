/**
 * Status + reason -> i18n key (namespace servers), product.md "Error catalogue" ("Servers") and "Schedule".
 * Each function takes the failed answer as the api-client hands it over and returns the key of the toast's
 * message.
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { ApiResult } from '@/lib/api-client';

/** The part of an answer the mapping reads. */
export type FailedAnswer = Pick<ApiResult<unknown>, 'status' | 'error'>;

const reasonOf = (answer: FailedAnswer) => answer.error?.reason;

/** 409 busy: another change of the same server is under way (every server change may answer it). */
const isBusy = (answer: FailedAnswer) => answer.status === 409 && reasonOf(answer) === REASONS.busy;

/** POST power: still installing, outside the schedule, panel away; else unknown. */
export function powerErrorKey(answer: FailedAnswer): string {
  const reason = reasonOf(answer);
  if (answer.status === 409 && reason === REASONS.installing) return 'errors.installing';
  if (answer.status === 409 && reason === REASONS.outsideSchedule) return 'errors.outsideSchedule';
  if (isBusy(answer)) return 'errors.busy';
  if (answer.status === 502) return 'errors.panel';
  return 'errors.unknown';
}

/**
 * POST unsuspend-server: 400 credits ('not enough credits to unsuspend', hourly); 502 payment (monthly: the
 * payment for a new month could not be started); else unknown.
 */
export function unsuspendErrorKey(answer: FailedAnswer): string {
  const reason = reasonOf(answer);
  if (answer.status === 400 && reason === REASONS.credits) return 'errors.unsuspendCredits';
  if (answer.status === 502 && reason === REASONS.payment) return 'errors.payment';
  if (answer.status === 409 && reason === REASONS.serverState) return 'errors.serverState';
  if (isBusy(answer)) return 'errors.busy';
  return 'errors.unknown';
}

/**
 * POST cancel-server: any failure asks to try again later (product.md "Error catalogue"); hourly servers are
 * deleted.
 */
export function cancelErrorKey(answer: FailedAnswer, billingType: 'hourly' | 'monthly'): string {
  if (isBusy(answer)) return 'errors.busy';
  return billingType === 'hourly' ? 'errors.deleteFailed' : 'errors.cancelFailed';
}

/** POST buy-addon: 400 credits, 409 addon-exists; anything else (400 resources too) the generic error. */
export function buyAddonErrorKey(answer: FailedAnswer): string {
  const reason = reasonOf(answer);
  if (answer.status === 400 && reason === REASONS.credits) return 'errors.addonCredits';
  if (answer.status === 409 && reason === REASONS.addonExists) return 'errors.addonExists';
  if (isBusy(answer)) return 'errors.busy';
  return 'errors.generic';
}

/** DELETE remove-addon: any failure asks to try again later (product.md "Error catalogue"). */
export function removeAddonErrorKey(answer: FailedAnswer): string {
  return isBusy(answer) ? 'errors.busy' : 'errors.removeAddonFailed';
}

/** POST change-package: 400 credits, 400 resources, 409 addons; else the generic error. */
export function changePackageErrorKey(answer: FailedAnswer): string {
  const reason = reasonOf(answer);
  if (answer.status === 400 && reason === REASONS.credits) return 'errors.packageCredits';
  if (answer.status === 400 && reason === REASONS.resources) return 'errors.packageResources';
  if (answer.status === 409 && reason === REASONS.hasAddons) return 'errors.packageAddons';
  if (isBusy(answer)) return 'errors.busy';
  return 'errors.generic';
}

/**
 * POST schedule: 400 invalid-input, 400 invalid-hours, 409 schedule-overlap; else unknown (product.md
 * "Error catalogue").
 */
export function addScheduleErrorKey(answer: FailedAnswer): string {
  const reason = reasonOf(answer);
  if (answer.status === 400 && reason === REASONS.invalidInput) return 'errors.invalidInput';
  if (answer.status === 400 && reason === REASONS.invalidHours) return 'errors.invalidHours';
  if (answer.status === 409 && reason === REASONS.scheduleOverlap) return 'errors.scheduleOverlap';
  return 'errors.unknown';
}

/** DELETE schedule: any failure asks to try again later. */
export function deleteScheduleErrorKey(_answer: FailedAnswer): string {
  return 'errors.deleteScheduleFailed';
}

/**
 * PUT variables (issue 28, the game settings of server details) other than a 400 variable answer, which
 * names the refused value (lib/egg-variables): 409 server-state (suspended, installing), 409 busy, 502
 * panel; else unknown.
 */
export function serverVariablesErrorKey(answer: FailedAnswer): string {
  if (answer.status === 409 && reasonOf(answer) === REASONS.serverState) return 'errors.serverState';
  if (isBusy(answer)) return 'errors.busy';
  if (answer.status === 502) return 'errors.panel';
  return 'errors.unknown';
}
