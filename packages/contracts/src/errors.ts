/**
 * Error reasons the API sends as `{ reason }` with a 4xx status, and the web client maps to messages
 * (product.md "Error catalogue"). One constant per reason so both sides spell it the same way.
 */
export const REASONS = {
  /** no node of the package in the location can fit the server (400) */
  resources: 'resources',
  /** balance too low (400) */
  credits: 'credits',
  /** the referrer is the user (400) */
  referrerSelf: 'referrer-self',
  /** a referrer is already set (400) */
  referrerExists: 'referrer-exists',
  /** the referrer does not exist (404) */
  referrerNotFound: 'referrer-not-found',
  /** discount code unknown or expired (400) */
  discount: 'discount',
  /** captcha missing or not valid (400) */
  captcha: 'captcha',
  /** wrong e-mail or password (401) */
  invalidCredentials: 'invalid-credentials',
  /** e-mail already registered (400) */
  email: 'email',
  /** username taken (409) or not allowed (400) */
  username: 'username',
  /** e-mail format (400) */
  emailFormat: 'email_format',
  /** wrong or expired mailed code (400) */
  invalidCode: 'invalid-code',
  /** a code was sent less than 120 s ago (429) */
  tooSoon: 'too-soon',
  /** the request body failed validation (400, with `errors: [{ msg, path }]`) */
  validation: 'validation',
  /** package, egg, location or add-on not offered (400) */
  unknown: 'unknown',
  /**
   * an egg variable's value is missing or fails the egg's rules, may not be set by the customer, or has
   * no value from anyone (400, with `errors: [{ path: env_variable, msg: rule[:param] }]`; issue 28)
   */
  variable: 'variable',
  /** server name has characters outside letters, digits, underscore, dot, hyphen and space (400) */
  serverName: 'server-name',
  /** not logged in or session expired (401) */
  unauthenticated: 'unauthenticated',
  /** e-mail not verified or 2FA pending (403) */
  unverified: 'unverified',
  /** role does not allow this (403) */
  forbidden: 'forbidden',
  /** resource not found (404) */
  notFound: 'not-found',
  /** too many requests (429) */
  rateLimited: 'rate-limited',
  /** the payment provider could not be reached or refused (502) */
  payment: 'payment',
  /** the game panel failed; nothing was charged (502) */
  panel: 'panel',
  /** the server is still being installed on the panel: no websocket yet (409) */
  installing: 'installing',
  /** the server already has an add-on of this type (409, product.md "Error catalogue" ("Servers")) */
  addonExists: 'addon-exists',
  /**
   * a package change on a server that has add-ons (409, product.md "States and transitions",
   * "Error catalogue")
   */
  hasAddons: 'addons',
  /**
   * schedule: day, start or end missing or not a day and hour (400, product.md "Validation rules",
   * "Error catalogue" ("Invalid input"))
   */
  invalidInput: 'invalid-input',
  /**
   * schedule: start after end, or an hour outside 0-23 (400, product.md "Validation rules", "Error catalogue"
   * ("Invalid hours"))
   */
  invalidHours: 'invalid-hours',
  /**
   * schedule: the range overlaps an existing schedule of that day (409, product.md "Validation rules",
   * "Error catalogue")
   */
  scheduleOverlap: 'schedule-overlap',
  /** another change of this server is under way (409); try again in a moment */
  busy: 'busy',
  /** the server is not in a state that allows this (409), e.g. unsuspending a running server */
  serverState: 'server-state',
  /** a start or restart outside the server's scheduled hours (409) */
  outsideSchedule: 'outside-schedule',
  /** settings: the current password given is wrong (401, product.md "Error catalogue" ("Settings")) */
  invalidPassword: 'invalid-password',
  /**
   * settings: neither username nor e-mail given or changed (400, product.md "Error catalogue" 'Fill in at
   * least one field')
   */
  emptyFields: 'empty-fields',
  /** a mailed link's token is unknown, malformed, used, expired or not this account's (400) */
  invalidToken: 'invalid-token',
  /**
   * resend-reset-password without an unexpired request for that address (404, product.md "Error catalogue"
   * ("Resend reset"))
   */
  noToken: 'no-token',
  /** TOTP set-up asked for while TOTP is already on (409); turn it off first */
  totpEnabled: 'totp-enabled',
  /** a TOTP call that needs TOTP on (disable, new recovery codes) while it is off (409) */
  totpDisabled: 'totp-disabled',
  /**
   * staff: a game, package or add-on name, or a discount code, already used (409, product.md
   * "Error catalogue" ("Admin"))
   */
  exists: 'exists',
  /** staff: an uploaded file above the size limit (413, product.md "Error catalogue" 'File is too large') */
  fileTooLarge: 'file-too-large',
  /** staff: an uploaded file that is not a png, jpeg or webp image, whatever its name (400) */
  fileType: 'file-type',
  /** staff: deleting a package or add-on someone owns, or a game that has packages (409) */
  owned: 'owned',
  /** master: the change would leave no active master (409) */
  lastMaster: 'last-master',
  /** master: demoting or deactivating oneself (409) */
  self: 'self',
  /** login with the right password to a deactivated account (401; docs/decisions/202-deactivated-login.md) */
  accountDeactivated: 'account-deactivated',
} as const;
export type Reason = (typeof REASONS)[keyof typeof REASONS];
