/**
 * The ranges of the staff forms' numbers and the image types they accept (issue 44 part 3;
 * docs/decisions/435-staff-form-limits.md). A number outside its range is refused with `outOfRange` on its
 * field, a fraction where a whole number is wanted with `wholeNumber`; only an empty field says
 * `emptyFields` (product.md "Validation rules" ("Admin")).
 */

/**
 * Smallest and largest value of each number field of the game, package and add-on forms, by the field's
 * name in the form. The panel's own ranges where it has them (io 10..1000, Pterodactyl and Pelican alike);
 * elsewhere a bound far above any real offer, so a typo is refused rather than sold. Prices in credits:
 * 1 000 000 credits is 10^10 credit units, inside the bigint column and a safe integer.
 */
export const NUMBER_LIMITS = {
  priority: { min: 1, max: 10_000 },
  credits: { min: 0, max: 1_000_000 },
  /** percent of one core: 128 cores */
  vcpu: { min: 0, max: 12_800 },
  io: { min: 10, max: 1_000 },
  slots: { min: 0, max: 100_000 },
  /** GB */
  storage: { min: 0, max: 100_000 },
  /** MB: 1 TB */
  ram: { min: 0, max: 1_048_576 },
  /** MB */
  swap: { min: 0, max: 1_048_576 },
  databases: { min: 0, max: 1_000 },
  backups: { min: 0, max: 1_000 },
  ports: { min: 0, max: 100 },
  creditsMonthly: { min: 0, max: 1_000_000 },
  quantity: { min: 1, max: 1_000_000 },
} as const;
export type LimitedField = keyof typeof NUMBER_LIMITS;

/** Whether a form field has a range in NUMBER_LIMITS (its `outOfRange` message names the range). */
export function isLimitedField(field: string): field is LimitedField {
  return Object.hasOwn(NUMBER_LIMITS, field);
}

/**
 * The resources a package leaves unlimited on the panel when empty or 0 (product.md "Screens and routes"),
 * in the form's order. CPU, RAM and storage unlimited need staff's explicit confirmation in the form
 * (docs/decisions/436-unlimited-resources.md); unlimited slots are only named.
 */
export const UNLIMITED_RESOURCES = ['vcpu', 'slots', 'storage', 'ram'] as const;
export const CONFIRMED_UNLIMITED: readonly (typeof UNLIMITED_RESOURCES)[number][] = [
  'vcpu',
  'storage',
  'ram',
];

/** The resources of `values` that are unlimited (empty, missing or 0), in UNLIMITED_RESOURCES order. */
export function unlimitedResources(
  values: Partial<Record<(typeof UNLIMITED_RESOURCES)[number], unknown>>,
): (typeof UNLIMITED_RESOURCES)[number][] {
  return UNLIMITED_RESOURCES.filter((key) => {
    const value = values[key];
    return value === undefined || value === null || value === '' || Number(value) === 0;
  });
}

/**
 * The image type a file's first bytes show (its magic number): PNG, JPEG or WebP as UPLOAD_MIME_TYPES
 * allows; null for anything else, whatever the file is called (a text file named fake.png).
 * @param head at least the first 12 bytes of the file
 */
export function imageTypeOfBytes(head: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}
