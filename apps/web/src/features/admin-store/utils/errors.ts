/**
 * Status + reason -> i18n key (namespace admin) of the store administration's error toasts (product.md
 * "Error catalogue" "Admin games", "Admin packages", "Admin add-ons", "Admin discounts"). Each function takes
 * the failed answer as the api-client hands it over.
 */
import { firstAdminMessage } from '@falkenhost/contracts/admin';
import { REASONS } from '@falkenhost/contracts/errors';
import type { ApiResult } from '@/lib/api-client';
// Relative, as the message tests import this module without the web build's '@' alias.
import { type VariableLabel, type VariableText, variableAnswerTexts } from '../../../lib/egg-variables';

/** Whether a popup adds a record or edits one. */
export type Mode = 'add' | 'edit';

/** The part of an answer the mapping reads. */
export type FailedAnswer = Pick<ApiResult<unknown>, 'status' | 'error'>;

const reasonOf = (answer: FailedAnswer) => answer.error?.reason;

/**
 * What any save may answer: 413 file too large; 400 file-type (not a png, jpeg or webp image); 400
 * validation by its first message in the spec's order (firstAdminMessage, as the popup itself shows
 * it); anything else (other statuses, network failure) the generic error.
 */
export function saveErrorKey(answer: FailedAnswer): string {
  const reason = reasonOf(answer);
  if (answer.status === 413) return 'errors.fileTooLarge';
  if (answer.status === 400 && reason === REASONS.fileType) return 'errors.fileType';
  if (answer.status === 400 && reason === REASONS.validation) {
    const msg = firstAdminMessage((answer.error?.errors ?? []).map((error) => error.msg));
    if (msg) return `errors.${msg}`;
  }
  return 'errors.unknown';
}

const exists = (answer: FailedAnswer) => answer.status === 409 && reasonOf(answer) === REASONS.exists;

/** POST/PUT games: 409 exists is gameExists on add and gameNameExists on edit; else saveErrorKey. */
export function gameErrorKey(answer: FailedAnswer, mode: Mode): string {
  if (exists(answer)) return mode === 'add' ? 'errors.gameExists' : 'errors.gameNameExists';
  return saveErrorKey(answer);
}

/**
 * POST/PUT games, 400 variable (issue 28): per refused variable its message naming it by the form's
 * `fields`: `missing` (the game published while nobody gives a value) says it needs one before the game
 * can be published; a value refused by the egg's rules the rule's message (keys of common). Null for any
 * other answer.
 */
export function gameVariableTexts(
  answer: FailedAnswer,
  fields: readonly VariableLabel[],
): Map<string, VariableText> | null {
  const texts = variableAnswerTexts(answer, fields);
  if (!texts) return null;
  for (const [key, text] of texts) {
    if (text.key.endsWith('.missing'))
      texts.set(key, {
        key: 'errors.variableMissing',
        values: { name: fields.find((f) => f.env_variable === key)?.name || key },
      });
  }
  return texts;
}

/** POST/PUT packages: 409 exists packageNameExists; 404 on add the target username is unknown. */
export function packageErrorKey(answer: FailedAnswer, mode: Mode): string {
  if (exists(answer)) return 'errors.packageNameExists';
  if (answer.status === 404 && mode === 'add') return 'errors.userNotFound';
  return saveErrorKey(answer);
}

/** POST/PUT add-ons: 409 exists is addonExists on add and addonNameExists on edit; else saveErrorKey. */
export function addonErrorKey(answer: FailedAnswer, mode: Mode): string {
  if (exists(answer)) return mode === 'add' ? 'errors.addonExists' : 'errors.addonNameExists';
  return saveErrorKey(answer);
}

/** PUT locations: 404 (the panel no longer has it) locationNotFound; else saveErrorKey. */
export function locationErrorKey(answer: FailedAnswer): string {
  if (answer.status === 404) return 'errors.locationNotFound';
  return saveErrorKey(answer);
}

/** POST discounts: 409 exists (the name or code is used) discountExists; else saveErrorKey. */
export function discountErrorKey(answer: FailedAnswer): string {
  if (exists(answer)) return 'errors.discountExists';
  return saveErrorKey(answer);
}

/**
 * DELETE of a game, package, add-on or discount: 409 owned (a game with packages, a package or add-on a
 * server uses) says why it stays; any other failure the delete error (product.md "Error catalogue": any
 * failed delete shows an error toast).
 */
export function deleteErrorKey(
  answer: FailedAnswer,
  entity: 'game' | 'package' | 'addon' | 'discount',
): string {
  if (answer.status === 409 && reasonOf(answer) === REASONS.owned)
    return entity === 'game' ? 'errors.gameHasPackages' : 'errors.owned';
  return 'errors.deleteFailed';
}
