/**
 * The checks of the store administration's popups before anything is sent (spec 5 "Admin"); the server
 * checks the same again. Each returns the i18n key (namespace admin) of the first problem, or null.
 */
import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@falkenhost/contracts/admin';
import type { AddonType } from '@falkenhost/contracts/constants';
import type { GameDraft, NumberDraft, PackageDraft } from './form-data';

export type Mode = 'add' | 'edit';

const EXTENSIONS = /\.(png|jpe?g|webp)$/i;

const wholeAtLeast = (value: NumberDraft, min: number) =>
  value !== '' && Number.isInteger(value) && value >= min;
/** An optional whole number: empty (unlimited or the default) or at least `min`. */
const emptyOrWholeAtLeast = (value: NumberDraft, min: number) => value === '' || wholeAtLeast(value, min);

/**
 * A chosen image: png, jpeg or webp (by its type, or its name when the browser gives no type), at most
 * UPLOAD_MAX_BYTES (spec 5 "Files must not be too large", 9 upload types).
 */
export function imageFileError(file: File | null): string | null {
  if (!file) return null;
  const typed = file.type ? (UPLOAD_MIME_TYPES as readonly string[]).includes(file.type) : true;
  if (!typed || !EXTENSIONS.test(file.name)) return 'errors.fileType';
  if (file.size > UPLOAD_MAX_BYTES) return 'errors.fileTooLarge';
  return null;
}

/**
 * Game popup: name and priority (whole, at least 1) and at least one of desktop, console, mobile or active;
 * on add an image (noImage) and a thumbnail (noThumbnail); chosen files of an allowed type and size.
 */
export function gameDraftError(draft: GameDraft, mode: Mode): string | null {
  if (!draft.name.trim() || !wholeAtLeast(draft.priority, 1)) return 'errors.emptyFields';
  if (!(draft.desktop || draft.console || draft.mobile || draft.active)) return 'errors.emptyFields';
  if (mode === 'add' && !draft.image) return 'errors.noImage';
  if (mode === 'add' && !draft.thumbnail) return 'errors.noThumbnail';
  return imageFileError(draft.image) ?? imageFileError(draft.thumbnail);
}

/**
 * Package popup: name, price (at least 0), game, io, databases, backups and ports required; every number
 * whole and at least 0 (vcpu, slots, storage, ram and swap may stay empty); on add a thumbnail
 * (noThumbnail); at least one node (noLocations) and one egg (noNests).
 */
export function packageDraftError(draft: PackageDraft, mode: Mode): string | null {
  if (!draft.name.trim() || draft.credits === '' || draft.credits < 0 || !draft.game)
    return 'errors.emptyFields';
  for (const field of ['io', 'databases', 'backups', 'ports'] as const)
    if (!wholeAtLeast(draft[field], 0)) return 'errors.emptyFields';
  for (const field of ['vcpu', 'slots', 'storage', 'ram', 'swap'] as const)
    if (!emptyOrWholeAtLeast(draft[field], 0)) return 'errors.emptyFields';
  if (mode === 'add' && !draft.thumbnail) return 'errors.noThumbnail';
  if (draft.nodes.length === 0) return 'errors.noLocations';
  if (draft.eggs.length === 0) return 'errors.noNests';
  return imageFileError(draft.thumbnail);
}

/** The add-on popup's fields (spec 2 "Add-ons"). */
export interface AddonDraft {
  name: string;
  /** credits a month */
  creditsMonthly: NumberDraft;
  type: AddonType | null;
  /** GB of storage, or a number of backups or databases */
  quantity: NumberDraft;
  /** package ids as the MultiSelect holds them */
  packages: string[];
  active: boolean;
}

/** Add-on popup: name, monthly credits (at least 0), type and quantity (whole, at least 1); a package. */
export function addonDraftError(draft: AddonDraft): string | null {
  if (!draft.name.trim() || draft.creditsMonthly === '' || draft.creditsMonthly < 0 || !draft.type)
    return 'errors.emptyFields';
  if (!wholeAtLeast(draft.quantity, 1)) return 'errors.emptyFields';
  if (draft.packages.length === 0) return 'errors.noPackages';
  return null;
}

/** The discount popup's fields (spec 2 "Discounts"). */
export interface DiscountDraft {
  code: string;
  /** percent off */
  percentage: NumberDraft;
  /** YYYY-MM-DD, '' while none is chosen */
  validUntil: string;
}

/**
 * Discount popup: code, percentage and date required; the code of letters, digits, - and _ only
 * (invalidCode); the percentage above 0 and at most 100 (invalidPercentage).
 */
export function discountDraftError(draft: DiscountDraft): string | null {
  if (!draft.code.trim() || draft.percentage === '' || !draft.validUntil.trim()) return 'errors.emptyFields';
  if (!/^[A-Za-z0-9_-]+$/.test(draft.code.trim())) return 'errors.invalidCode';
  if (!(draft.percentage > 0 && draft.percentage <= 100)) return 'errors.invalidPercentage';
  return null;
}
