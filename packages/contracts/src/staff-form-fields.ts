/**
 * The fields of the store administration's multipart forms (admin.ts) and its messages: text that arrives
 * as strings, coerced and checked here against the staff limits (staff-limits.ts, docs/decisions/435), the
 * image files' names and size, and the message keys a 400 answer names on each field.
 */

import { z } from 'zod';
import { jsonId } from './fields';
import { type LimitedField, NUMBER_LIMITS } from './staff-limits';

/** The spec's message for an empty or invalid required field (product.md "Error catalogue"). */
export const EMPTY = 'emptyFields';

/**
 * Largest image file accepted (bytes); a larger one is answered 413 (product.md "Validation rules"
 * ("Files must not be too large")).
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Image MIME types accepted, as found from the file's bytes (product.md "Business constants and limits": png,
 * jpg, jpeg, webp).
 */
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * The validation messages of the staff forms in the spec's order (product.md "Validation rules" ("Admin"):
 * all fields, then the files, locations, eggs and packages, then the formats). A form shows, and the server
 * answers first, the earliest of these that failed, whatever order the fields were checked in.
 */
export const ADMIN_MESSAGES = [
  EMPTY,
  'outOfRange',
  'wholeNumber',
  'noImage',
  'noThumbnail',
  'noLocations',
  'noNests',
  'eggOtherGame',
  'confirmUnlimited',
  'noPackages',
  'slotsRefused',
  'invalidCode',
  'invalidPercentage',
  'fileType',
  'fileTooLarge',
] as const;
export type AdminMessage = (typeof ADMIN_MESSAGES)[number];

/**
 * The first of `messages` in ADMIN_MESSAGES order (product.md "Validation rules"), or null when none of them
 * is one.
 * @param messages validation messages as a form or a 400 answer lists them, in any order
 */
export function firstAdminMessage(messages: Iterable<unknown>): AdminMessage | null {
  let best = -1;
  for (const message of messages) {
    const rank = (ADMIN_MESSAGES as readonly unknown[]).indexOf(message);
    if (rank !== -1 && (best === -1 || rank < best)) best = rank;
  }
  return best === -1 ? null : ADMIN_MESSAGES[best]!;
}

const IMAGE_NAME = /\.(png|jpe?g|webp)$/i;

/**
 * An image part of a staff form (product.md "Validation rules", "Business constants and limits"
 * ("Files must not be too large") upload types): the browser's File (png, jpeg or webp by its type, or its
 * name when the browser gives no type; at most UPLOAD_MAX_BYTES) or the server's bytes (whose type uploads.ts
 * finds from the bytes themselves).
 * @param missing the message when no file is given (required on add); undefined when it may be left out
 */
export const imageUpload = (missing?: 'noImage' | 'noThumbnail') =>
  // A missing part becomes null, so the check also runs when the form has no such part at all.
  z.preprocess(
    (v) => v ?? null,
    z.unknown().check((ctx) => {
      const file = ctx.value as { size?: number; length?: number; type?: string; name?: string } | null;
      if (file === undefined || file === null) {
        if (missing) ctx.issues.push({ code: 'custom', message: missing, input: file });
        return;
      }
      if (typeof file.name === 'string') {
        const typed = !file.type || (UPLOAD_MIME_TYPES as readonly string[]).includes(file.type);
        if (!typed || !IMAGE_NAME.test(file.name))
          ctx.issues.push({ code: 'custom', message: 'fileType', input: file });
      }
      if ((file.size ?? file.length ?? 0) > UPLOAD_MAX_BYTES)
        ctx.issues.push({ code: 'custom', message: 'fileTooLarge', input: file });
    }),
  );

/** A checkbox of a multipart form: "true"/"1"/"on" ticked, "false"/"0"/"off"/"" or missing not. */
export const formFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

const OUT_OF_RANGE = 'outOfRange';
const WHOLE = 'wholeNumber';

/** A number of a form: a string of digits or a number; '' and missing stay as they are (then EMPTY). */
const numberOfForm = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v);

/**
 * A whole number of a form (a string of digits or a number) in `field`'s range (NUMBER_LIMITS): empty or not a
 * number is EMPTY, a fraction `wholeNumber`, outside the range `outOfRange` (docs/decisions/435).
 */
export const formInt = (field: LimitedField) =>
  z.preprocess(
    numberOfForm,
    z
      .number({ error: EMPTY })
      .int(WHOLE)
      .min(NUMBER_LIMITS[field].min, OUT_OF_RANGE)
      .max(NUMBER_LIMITS[field].max, OUT_OF_RANGE),
  );

/** A decimal number of a form (a price in credits) in `field`'s range, as formInt without the whole rule. */
export const formNumber = (field: LimitedField) =>
  z.preprocess(
    numberOfForm,
    z
      .number({ error: EMPTY })
      .min(NUMBER_LIMITS[field].min, OUT_OF_RANGE)
      .max(NUMBER_LIMITS[field].max, OUT_OF_RANGE),
  );

/**
 * A resource that may be left empty for unlimited (product.md "Screens and routes": empty vcpu, slots,
 * storage or ram means unlimited): empty or missing is 0.
 */
export const formUnlimited = (field: LimitedField) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? 0 : v),
    formInt(field),
  );

/** A JSON list of ids in a form field ("[1,2]") or an array. */
export const formIdList = (message: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return null;
      }
    },
    z.array(jsonId, { error: message }).min(1, message).max(500, message),
  );
