/**
 * Business constants and limits of product.md "Business constants and limits" (and the timings the web client
 * uses). Money rates live in money.ts.
 */

/**
 * Credit order amount: whole credits from 25 to 25 000 (product.md "Validation rules",
 * "Business constants and limits").
 */
export const CREDITS_ORDER_MIN = 25;
export const CREDITS_ORDER_MAX = 25_000;
/** Store purchase widget: slider min 50, step 25, max 5 000; quick amounts (product.md "Customer store"). */
export const STORE_CREDITS_MIN = 50;
export const STORE_CREDITS_STEP = 25;
export const STORE_CREDITS_MAX = 5_000;
export const STORE_QUICK_AMOUNTS = [50, 100, 250, 350, 500, 750] as const;

/**
 * Password minimum length (product.md "Validation rules", "Business constants and limits"); the maximum
 * guards the hash function against huge inputs.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** Verification and 2FA codes: exactly 6 characters (product.md "Validation rules"). */
export const CODE_LENGTH = 6;
/** Alphabet of mailed codes: no 0/O or 1/I, so a code read from a mail is typed right. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/**
 * A mailed code may be sent again after 120 s (product.md "Validation rules",
 * "Business constants and limits").
 */
export const CODE_RESEND_SECONDS = 120;
/** A mailed code is valid for 15 minutes (docs/decisions/022-mailed-codes.md). */
export const CODE_TTL_SECONDS = 15 * 60;
/** Wrong guesses of one code before it is spent (docs/decisions/022-mailed-codes.md). */
export const CODE_MAX_ATTEMPTS = 5;
/** TOTP recovery codes: 10 characters of CODE_ALPHABET, shown as two groups of 5 (issue 9). */
export const RECOVERY_CODE_LENGTH = 10;

/**
 * Access token lifetime and the web client's refresh interval: 15 minutes (product.md
 * "States and transitions", "Business constants and limits": 900 000 ms).
 */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const SESSION_REFRESH_MS = 900_000;
/** Refresh token lifetime (docs/decisions/020-access-and-refresh-tokens.md). */
export const REFRESH_TOKEN_DAYS = 30;
/** Credits balance poll (product.md "Business constants and limits": 300 000 ms). */
export const CREDITS_POLL_MS = 300_000;
/** Order-status popup (product.md "Business constants and limits": 8 s). */
export const ORDER_POPUP_MS = 8_000;
/**
 * Toasts: 3 s on store and users pages, 5 s elsewhere and on the servers page (product.md
 * "Screens and routes", "Business constants and limits").
 */
export const TOAST_SHORT_MS = 3_000;
export const TOAST_MS = 5_000;
/** Minecraft server-type carousel interval (product.md "Business constants and limits": 6 s). */
export const CAROUSEL_MS = 6_000;
/** Discount code check debounce and submit throttle (product.md "Business constants and limits": 1 s). */
export const DISCOUNT_DEBOUNCE_MS = 1_000;
export const ACTION_THROTTLE_MS = 1_000;
/**
 * Narrow-screen breakpoint: the dashboard menu starts closed at this width and below (product.md
 * "Screens and routes").
 */
export const NARROW_SCREEN_PX = 768;

/** Minecraft server types shown in the carousel of /game/{gameId} (product.md "Screens and routes"). */
export const MINECRAFT_SERVER_TYPES = [
  'bukkit',
  'bungeecord',
  'fabric',
  'forge',
  'ftb',
  'papermc',
  'purpur',
  'spigot',
  'sponge',
] as const;

/** Roles (product.md "Roles and permissions"): any value other than admin or master is a customer. */
export const ROLES = ['customer', 'admin', 'master'] as const;
export type Role = (typeof ROLES)[number];

/** Add-on types, one per server at most (product.md "Entities and fields", "States and transitions"). */
export const ADDON_TYPES = ['storage', 'backups', 'databases'] as const;
export type AddonType = (typeof ADDON_TYPES)[number];

/** Billing types (product.md "Business constants and limits"). */
export const BILLING_TYPES = ['hourly', 'monthly'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

/**
 * Days of a schedule, Monday first (product.md "Entities and fields" ("Schedule"): day_of_week Monday to
 * Sunday).
 */
export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Day = (typeof DAYS)[number];
/**
 * Schedule hours are whole hours 0 to 23 (product.md "Validation rules", "Business constants and limits").
 */
export const SCHEDULE_HOUR_MAX = 23;
/** Time zone of schedules until the customer's browser names another (docs/decisions/062-schedules.md). */
export const DEFAULT_TIME_ZONE = 'Europe/Prague';

/** Power signals a customer may send from the dashboard (the panel's Client API power endpoint). */
export const POWER_SIGNALS = ['start', 'stop', 'restart'] as const;
export type PowerSignal = (typeof POWER_SIGNALS)[number];

/** Demo clock: hours one POST /api/dev/clock may advance (demo.md "Contracts the demo must keep"). */
export const CLOCK_ADVANCE_MAX_HOURS = 2160;

/** Dashboard sections (product.md "Dashboard shell"). */
export const DASHBOARD_SECTIONS = [
  'home',
  'customer_servers',
  'customer_store',
  'settings',
  'admin_overview',
  'admin_servers',
  'admin_store',
  'master_users',
] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

/** The five languages, English first and default (product.md "What the product does"). */
export const LANGUAGES = ['en', 'cs', 'sk', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
/**
 * Each language named in itself, as the language pickers list them (the same in every language). Fixed
 * rather than asked of Intl.DisplayNames, whose first use costs a phone tens of milliseconds.
 */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  cs: 'Čeština',
  sk: 'Slovenčina',
  de: 'Deutsch',
  fr: 'Français',
};

/** Order status values (product.md "States and transitions"). */
export const ORDER_STATUSES = [
  'completed',
  'ongoing',
  'pending',
  'pending_transaction',
  'canceled',
  'failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Upload types for game and package images (product.md "Business constants and limits"). */
export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;
