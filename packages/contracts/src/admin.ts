/**
 * Staff area contracts (issue 10; product.md "Staff screens", "Entities and fields" admin fields, 5 "Admin",
 * 7 "Admin", 8 "Admin games" .. "Users"): the servers list, the store administration's four tabs, the users
 * section and the audit log. Games and packages are sent as multipart forms (they carry image files): their
 * text fields arrive as strings and are coerced here; the files are checked by the server from their bytes.
 *
 * Validation messages are the spec's error keys (`emptyFields`, `noLocations`, `noNests`, `noThumbnail`,
 * `noPackages`, `noImage`) and ours (`outOfRange`, `wholeNumber`, `eggOtherGame`, `confirmUnlimited`;
 * docs/decisions/435, 436, 437): a 400 answer carries them as `errors[].msg` with the field as `path`, which
 * the web client shows on that field.
 */

import { z } from 'zod';
import { ADDON_TYPES, type Language, ROLES } from './constants';
import { eggRules, gameVariablesField, slotVariablesField } from './egg-variables';
import { id, jsonId } from './fields';
import { CONFIRMED_UNLIMITED, type LimitedField, NUMBER_LIMITS, unlimitedResources } from './staff-limits';

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
/** Rows per page of the staff lists (servers, users, audit log). */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_PAGE_SIZE_MAX = 200;

const EMPTY = 'emptyFields';

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

const name = z.string({ error: EMPTY }).trim().min(1, EMPTY).max(64, EMPTY);

// ---------------------------------------------------------------------------------------------- servers

/** GET /api/private/servers/all-servers?search=&page= (search: case-sensitive substring of name or uuid). */
export const allServersQuery = z.object({
  search: z.string().max(100).optional().default(''),
  page: id.optional().default(1),
  pageSize: id.optional().default(ADMIN_PAGE_SIZE).pipe(z.number().max(ADMIN_PAGE_SIZE_MAX)),
});

/**
 * Server (admin list), product.md "Entities and fields": status is the panel's power state (running, offline,
 * starting, ...).
 */
export const adminServer = z.object({
  id: z.number().int(),
  name: z.string(),
  uuid: z.string().nullable(),
  identifier: z.string().nullable(),
  /** the panel's state when known ('running' shown green, anything else red), else our billing status */
  status: z.string(),
  suspended: z.boolean(),
  owner: z.string(),
  /**
   * ISO 8601: a monthly server in grace after a failed renewal runs until then unless paid
   * (docs/decisions/420); null when not in grace
   */
  graceUntil: z.string().nullable(),
});
export type AdminServer = z.infer<typeof adminServer>;

export const allServersAnswer = z.object({
  servers: z.array(adminServer),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** the game panel's address; a server's page is `${panelUrl}/server/${identifier}` */
  panelUrl: z.string(),
});
export type AllServersAnswer = z.infer<typeof allServersAnswer>;

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

// ---------------------------------------------------------------------------------------------- users

export const ROLE_FILTERS = ['all', ...ROLES] as const;

/** GET /api/private/users/all-users?search=&role=&page= (search: username or e-mail, case-insensitive). */
export const allUsersQuery = z.object({
  search: z.string().max(100).optional().default(''),
  role: z.enum(ROLE_FILTERS).optional().default('all'),
  page: id.optional().default(1),
});

/** User (admin list), product.md "Entities and fields": credits with 2 decimals shown by the client. */
export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  credits: z.number(),
  active: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const allUsersAnswer = z.object({
  users: z.array(adminUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AllUsersAnswer = z.infer<typeof allUsersAnswer>;

/** PUT /api/private/users/active. */
export const userActiveBody = z.object({ id: jsonId, active: z.boolean() });
/** PUT /api/private/users/change-role. */
export const changeRoleBody = z.object({ id: jsonId, role: z.enum(ROLES) });

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

// ---------------------------------------------------------------------------------------------- audit log

/** `server`: repairs and refusals of the panel reconciler (actor: the first master); `location`: a panel location's names */
export const AUDIT_ENTITIES = ['game', 'package', 'addon', 'discount', 'location', 'user', 'server'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'role',
  'activate',
  'deactivate',
  // the panel reconciler's: a drift corrected, a panel action refused, a stray panel server reported
  'repair',
  'refuse',
  'report',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** GET /api/private/users/audit-log?actor=&entity=&page= (masters). */
export const auditLogQuery = z.object({
  /** username of the staff member who made the change */
  actor: z.string().trim().max(64).optional().default(''),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  page: id.optional().default(1),
});

export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO 8601 */
  at: z.string(),
  actor_id: z.number().int(),
  actor_username: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.number().int(),
  /** the record's name now (username, game, package or add-on name, discount code, server name); null if unknown */
  entity_name: z.string().nullable(),
  /** the record before and after the change (null before a create, after a delete) */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogAnswer = z.object({
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditLogAnswer = z.infer<typeof auditLogAnswer>;
