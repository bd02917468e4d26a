/**
 * Staff area contracts (issue 10; product.md "Staff screens", "Entities and fields" admin fields, 5 "Admin",
 * 7 "Admin", 8 "Admin games" .. "Users"): the store administration's tabs; the servers list, the users
 * section and the audit log are in staff-lists.ts (re-exported here). Games and packages are sent as multipart forms (they carry image files): their
 * text fields arrive as strings and are coerced here; the files are checked by the server from their bytes.
 *
 * Validation messages are the spec's error keys (`emptyFields`, `noLocations`, `noNests`, `noThumbnail`,
 * `noPackages`, `noImage`) and ours (`outOfRange`, `wholeNumber`, `eggOtherGame`, `confirmUnlimited`;
 * docs/decisions/435, 436, 437): a 400 answer carries them as `errors[].msg` with the field as `path`, which
 * the web client shows on that field.
 */

import { z } from 'zod';
import { ADDON_TYPES, type Language } from './constants';
import { eggRules, gameVariablesField, slotVariablesField } from './egg-variables';
import { jsonId } from './fields';
import {
  EMPTY,
  formFlag,
  formIdList,
  formInt,
  formNumber,
  formUnlimited,
  imageUpload,
} from './staff-form-fields';
import { CONFIRMED_UNLIMITED, unlimitedResources } from './staff-limits';

export * from './staff-form-fields';
export * from './staff-lists';

const name = z.string({ error: EMPTY }).trim().min(1, EMPTY).max(64, EMPTY);

// ---------------------------------------------------------------------------------------------- games

/** Game (product.md "Entities and fields") as the staff list shows it. */
export const adminGame = z.object({
  id: z.number().int(),
  name: z.string(),
  desktop: z.boolean(),
  console: z.boolean(),
  mobile: z.boolean(),
  priority: z.number().int(),
  active: z.boolean(),
  image_url: z.string(),
  thumbnail_url: z.string(),
  /** packages of this game; a game with packages cannot be deleted */
  packages_count: z.number().int(),
});
export type AdminGame = z.infer<typeof adminGame>;

/**
 * The text fields of POST (add) and PUT (edit, with `id`) /api/private/store/games; image and thumbnail
 * are the form's file parts (required on add, optional on edit). product.md "Validation rules": at least one
 * of desktop, console, mobile or active ticked.
 */
export const gameFields = z
  .object({
    name,
    desktop: formFlag,
    console: formFlag,
    mobile: formFlag,
    active: formFlag,
    priority: formInt('priority'),
    /** staff's egg variable values for every server of the game (issue 28); kept when absent */
    variables: gameVariablesField,
    /** staff's player-count variable per egg (issue 42): egg id -> env_variable, '' none; kept when absent */
    slot_variables: slotVariablesField,
  })
  .refine((g) => g.desktop || g.console || g.mobile || g.active, { message: EMPTY, path: ['desktop'] });
export type GameFields = z.infer<typeof gameFields>;

/**
 * The whole game form, text fields and files (`image`, `thumbnail`: required on add, optional on edit),
 * as the staff popup checks it and the server checks the multipart form (product.md "Validation rules"
 * ("Game add")).
 */
export const gameForm = (mode: 'add' | 'edit') =>
  z.intersection(
    gameFields,
    z.object({
      image: imageUpload(mode === 'add' ? 'noImage' : undefined),
      thumbnail: imageUpload(mode === 'add' ? 'noThumbnail' : undefined),
    }),
  );

/** DELETE bodies of the store administration: `{ id }` (packages also send `custom`, unused). */
export const deleteBody = z.object({ id: jsonId, custom: z.unknown().optional() });

// ---------------------------------------------------------------------------------------------- packages

/** Package (product.md "Entities and fields") as the staff list shows it. */
export const adminPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  credits_monthly: z.number(),
  game_id: z.number().int(),
  game_name: z.string(),
  game_image_url: z.string(),
  nodes: z.array(z.number().int()),
  eggs: z.array(z.number().int()),
  thumbnail_url: z.string(),
  vcpu: z.number().int(),
  io: z.number().int(),
  slots: z.number().int(),
  storage_size: z.number().int(),
  ram_size: z.number().int(),
  swap: z.number().int(),
  databases: z.number().int(),
  backups: z.number().int(),
  ports: z.number().int(),
  active: z.boolean(),
  /** the target user of a custom package, null for a public one */
  users_username: z.string().nullable(),
  /** servers that use it now (not deleted): delete is refused while above 0 */
  packages_ordered: z.number().int(),
  eur_price: z.number(),
  monthly_eur_price: z.number(),
});
export type AdminPackage = z.infer<typeof adminPackage>;

/**
 * The text fields of POST and PUT /api/private/store/packages (product.md "API calls"); `thumbnail` is the
 * file part (required on add). `target` (add only) makes a custom package for that username. Credits are
 * whole or decimal credits per month.
 */
export const packageFields = z.object({
  name,
  credits: formNumber('credits'),
  game: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z.number({ error: EMPTY }).int(EMPTY).positive(EMPTY).max(Number.MAX_SAFE_INTEGER, EMPTY),
  ),
  target: z.string().trim().max(64).optional().default(''),
  nodes: formIdList('noLocations'),
  eggs: formIdList('noNests'),
  /**
   * staff chose to offer eggs that do not belong to the game (docs/decisions/437); without it such an egg
   * is refused with `eggOtherGame`
   */
  other_eggs: formFlag,
  vcpu: formUnlimited('vcpu'),
  io: z.preprocess((v) => (v === undefined || v === '' ? 500 : v), formInt('io')),
  slots: formUnlimited('slots'),
  storage: formUnlimited('storage'),
  ram: formUnlimited('ram'),
  swap: z.preprocess((v) => (v === undefined || v === '' ? 0 : v), formInt('swap')),
  databases: formInt('databases'),
  backups: formInt('backups'),
  ports: formInt('ports'),
  active: formFlag,
});
export type PackageFields = z.infer<typeof packageFields>;

/**
 * The whole package form, text fields and the thumbnail file (required on add, optional on edit), as the
 * staff popup checks it and the server checks the multipart form (product.md "Validation rules"
 * ("Package add")).
 */
export const packageForm = (mode: 'add' | 'edit') =>
  packageFields.extend({ thumbnail: imageUpload(mode === 'add' ? 'noThumbnail' : undefined) });

/**
 * The package popup's own check: packageForm; an egg of another game only with `other_eggs`, as the API
 * checks it (docs/decisions/437); and CPU, RAM or storage left unlimited only once staff ticked
 * `confirm_unlimited` (docs/decisions/436: the API takes 0 as unlimited as it always has, product.md
 * "API calls", so this confirmation is the form's alone).
 * @param gameEggs game id -> its eggs, as packages-additional-data gives them
 */
export const packageDialogForm = (mode: 'add' | 'edit', gameEggs: Record<string, number[]>) =>
  packageForm(mode)
    .extend({ confirm_unlimited: z.boolean().optional().default(false) })
    .superRefine((values, ctx) => {
      const own = new Set(gameEggs[String(values.game)] ?? []);
      if (!values.other_eggs && !values.eggs.every((egg) => own.has(egg)))
        ctx.addIssue({ code: 'custom', message: 'eggOtherGame', path: ['eggs'] });
      const unconfirmed = unlimitedResources(values).some((key) => CONFIRMED_UNLIMITED.includes(key));
      if (unconfirmed && !values.confirm_unlimited)
        ctx.addIssue({ code: 'custom', message: 'confirmUnlimited', path: ['confirm_unlimited'] });
    });

/** GET /api/private/store/packages-additional-data for staff: games, locations with nodes, nests with eggs. */
export const adminPackagesAdditionalData = z.object({
  games: z.array(z.object({ id: z.number().int(), name: z.string() })),
  locations: z.array(
    z.object({
      id: z.number().int(),
      long: z.string(),
      nodes: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  nests: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      eggs: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  /**
   * game id -> the ids of the eggs that belong to it (docs/decisions/437): those of the panel nests (Pelican
   * tags) named as the game, and those its packages already use
   */
  game_eggs: z.record(z.string(), z.array(z.number().int())),
  /**
   * game id -> egg id -> the egg's player-count variable for that game with its rules, or null when slots
   * are not enforced for that egg (it has none, or staff chose none)
   */
  slot_variables: z.record(
    z.string(),
    z.record(z.string(), z.object({ env_variable: z.string(), rules: eggRules }).nullable()),
  ),
});
export type AdminPackagesAdditionalData = z.infer<typeof adminPackagesAdditionalData>;

// ---------------------------------------------------------------------------------------------- add-ons

/** The languages a catalogue name may be translated into: the entry's own name is the English one. */
export const TRANSLATED_LANGUAGES = ['cs', 'sk', 'de', 'fr'] as const satisfies readonly Language[];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/**
 * An add-on's name in the other languages (docs/decisions/242): a language left out, or sent empty, shows
 * the English name. Each at most 64 characters, as the name.
 */
const translatedName = z
  .string({ error: EMPTY })
  .trim()
  .max(64, EMPTY)
  .optional()
  .transform((value) => value || undefined);
export const catalogueTranslations = z.object({
  cs: translatedName,
  sk: translatedName,
  de: translatedName,
  fr: translatedName,
});
export type CatalogueTranslations = Partial<Record<TranslatedLanguage, string>>;

/** A catalogue entry's names as the staff lists answer them: only the languages it has one in. */
const translatedNames = z.partialRecord(z.enum(TRANSLATED_LANGUAGES), z.string());

/** Add-on (product.md "Entities and fields") as the staff list shows it. */
export const adminAddon = z.object({
  id: z.number().int(),
  name: z.string(),
  /** its name in the other languages it has one in (docs/decisions/242) */
  translations: translatedNames,
  credits_monthly: z.number(),
  type: z.enum(ADDON_TYPES),
  quantity: z.number().int(),
  active: z.boolean(),
  /** ids of the packages it is offered for */
  user_packages_id: z.array(z.number().int()),
  /** servers that have it now: delete is refused while above 0 */
  addons_ordered: z.number().int(),
  eur_price: z.number(),
});
export type AdminAddon = z.infer<typeof adminAddon>;

/**
 * GET addons-additional-data: the package rows the add-on popup groups by game (product.md
 * "Entities and fields").
 */
export const addonsAdditionalData = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    credits_monthly: z.number(),
    ram_size: z.number().int(),
    games_id: z.number().int(),
    game_name: z.string(),
  }),
);
export type AddonsAdditionalData = z.infer<typeof addonsAdditionalData>;

/** POST (add) and PUT (edit, with `id`) /api/private/store/addons, JSON (product.md "API calls"). */
export const addonBody = z.object({
  name,
  creditsMonthly: formNumber('creditsMonthly'),
  type: z.enum(ADDON_TYPES, { error: EMPTY }),
  quantity: formInt('quantity'),
  packages: formIdList('noPackages'),
  active: z.boolean().optional().default(true),
  /**
   * Its names in the other languages, replacing the ones it had. Left out of an edit, they are kept, or
   * dropped when the English name changes: they would name the old add-on (docs/decisions/242).
   */
  translations: catalogueTranslations.optional(),
});
export type AddonBody = z.infer<typeof addonBody>;
export const addonEditBody = addonBody.extend({ id: jsonId });

// ---------------------------------------------------------------------------------------------- discounts

/**
 * Discount (product.md "Entities and fields"); percentage in percent; valid_until ISO 8601; valid while it is
 * in the future.
 */
export const adminDiscount = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  percentage: z.number(),
  valid_until: z.string(),
  valid: z.boolean(),
});
export type AdminDiscount = z.infer<typeof adminDiscount>;

/** POST /api/private/store/discounts: code (letters, digits, - and _), 0 < percentage <= 100, a date. */
export const discountBody = z.object({
  code: z
    .string({ error: EMPTY })
    .trim()
    .min(1, EMPTY)
    .max(64, EMPTY)
    .regex(/^[A-Za-z0-9_-]+$/, 'invalidCode'),
  percentage: z.number({ error: EMPTY }).gt(0, 'invalidPercentage').max(100, 'invalidPercentage'),
  /** a date (YYYY-MM-DD, valid to the end of that day in Prague) or an ISO 8601 time */
  validUntil: z.string({ error: EMPTY }).trim().min(1, EMPTY).max(40, EMPTY),
});
export type DiscountBody = z.infer<typeof discountBody>;

// ---------------------------------------------------------------------------------------------- locations

/**
 * GET /api/private/store/locations: the panel's locations (Pterodactyl's `short` code and `long` name, the
 * English one customers see) with their names in the other languages (docs/decisions/242).
 */
export const adminLocation = z.object({
  /** the panel's location id */
  id: z.number().int(),
  /** the panel's short code, what the order dialog shows beside the name */
  code: z.string(),
  /** the English name customers see: staff's when set, else the panel's */
  name: z.string(),
  /** the panel's long name (its short code when it has none: a Pelican node tag has no other name) */
  panel_name: z.string(),
  /** staff's English name, '' when the panel's is used */
  english_name: z.string(),
  translations: translatedNames,
});
export type AdminLocation = z.infer<typeof adminLocation>;

/**
 * PUT /api/private/store/locations: a panel location's names, by its panel id, replacing the ones it had:
 * `name` in English (left out or empty: the panel's name; a Pelican tag has no name besides itself) and
 * `translations` in the other languages (a language left out or empty shows the English name there).
 */
export const locationNamesBody = z.object({
  id: jsonId,
  name: translatedName,
  translations: catalogueTranslations,
});
export type LocationNamesBody = z.infer<typeof locationNamesBody>;
