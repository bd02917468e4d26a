/**
 * Table types of the product database (spec section 3), shared by SQLite and PostgreSQL.
 *
 * Conventions (docs/decisions/001-database-conventions.md): ids are integers; flags are integers 0/1; times are
 * integers of milliseconds since the epoch (`*_at`); credit amounts are integers of 1/10 000 credit;
 * euro amounts integers of cents (`*_cents`); percentages integers of basis points (`*_bp`).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

type Flag = number;
type Millis = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  role: string;
  /** balance in 1/10 000 credit, never below zero */
  credits: Generated<number>;
  email_verified: Generated<Flag>;
  two_factor_auth: Generated<Flag>;
  news_subscription: Generated<Flag>;
  active: Generated<Flag>;
  language: Generated<string>;
  referrer_id: number | null;
  /** bumped on role change, deactivation and password change: ends every session at once */
  token_version: Generated<number>;
  ptero_user_id: number | null;
  mollie_customer_id: string | null;
  /** IANA time zone of the customer's schedules (docs/decisions/062-schedules.md) */
  time_zone: Generated<string>;
  /** when the low-balance warning was mailed; cleared when the balance covers a day again */
  low_balance_warned_at: Millis | null;
  /** two-factor login by authenticator app is on (migration 0008; takes precedence over two_factor_auth) */
  totp_enabled: Generated<Flag>;
  created_at: Millis;
  updated_at: Millis;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the opaque refresh token */
  token_hash: string;
  /** all rotations of one login share a family; reuse of a rotated token revokes the family */
  family: string;
  /** false until the 2FA code of this login is entered */
  mfa_passed: Flag;
  expires_at: Millis;
  rotated_at: Millis | null;
  revoked_at: Millis | null;
  created_at: Millis;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  user_id: number;
  /** verify-email | 2fa | reset-password | update-user */
  purpose: string;
  code_hash: string;
  /** JSON text for purposes that carry data (the new e-mail of update-user) */
  payload: string | null;
  attempts: Generated<number>;
  expires_at: Millis;
  sent_at: Millis;
  used_at: Millis | null;
}

export interface UsedCaptchasTable {
  /** sha256 of the solved challenge's signature: a payload is accepted once */
  challenge_hash: string;
  expires_at: Millis;
}

export interface GamesTable {
  id: Generated<number>;
  name: string;
  desktop: Flag;
  console: Flag;
  mobile: Flag;
  priority: number;
  active: Flag;
  image_url: string;
  thumbnail_url: string;
  /** soft deletion (migration 0010): hidden everywhere, kept for the servers that named it */
  deleted_at: Millis | null;
  created_at: Millis;
  /** JSON env_variable -> value: staff's egg variable values for every server of the game (migration 0011) */
  variables: Generated<string>;
}

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  game_id: number;
  credits_monthly: number;
  thumbnail_url: string;
  /** percent of one core; 0 = unlimited */
  vcpu: number;
  io: number;
  slots: number;
  /** GB; 0 = unlimited */
  storage_size: number;
  /** MB; 0 = unlimited */
  ram_size: number;
  swap: number;
  databases: number;
  backups: number;
  ports: number;
  active: Flag;
  /** the one user a custom package is for, null for a public package */
  target_user_id: number | null;
  /** soft deletion (migration 0010): hidden everywhere, kept for the servers that named it */
  deleted_at: Millis | null;
  created_at: Millis;
}

export interface PackageNodesTable {
  package_id: number;
  /** Pterodactyl node id */
  node_id: number;
}

export interface PackageEggsTable {
  package_id: number;
  nest_id: number;
  egg_id: number;
}

export interface AddonsTable {
  id: Generated<number>;
  name: string;
  credits_monthly: number;
  /** storage | backups | databases */
  type: string;
  quantity: number;
  active: Flag;
  /** soft deletion (migration 0010): hidden everywhere, kept for the servers that named it */
  deleted_at: Millis | null;
  created_at: Millis;
}

export interface AddonPackagesTable {
  addon_id: number;
  package_id: number;
}

export interface DiscountsTable {
  id: Generated<number>;
  name: string;
  code: string;
  percentage_bp: number;
  valid_until: Millis;
  created_at: Millis;
}

export interface OrdersTable {
  id: Generated<number>;
  /** uuid shown to the customer in /dashboard?order= */
  public_id: string;
  user_id: number;
  /** credits | package-credits | package-monthly | renewal | unsuspend */
  kind: string;
  /** pending | completed | canceled | failed | expired */
  status: string;
  /** credit units bought (credits orders) */
  credits_amount: number;
  amount_cents: number;
  fee_cents: number;
  discount_id: number | null;
  discount_bp: number;
  payment_method: string | null;
  mollie_payment_id: string | null;
  user_package_id: number | null;
  /** JSON: billing address and order details */
  details: string;
  created_at: Millis;
  completed_at: Millis | null;
  /** a process carrying a paid card order forward holds it until then (orders of kind package-card, unsuspend-card) */
  locked_until: Millis | null;
  /** the token of the process holding the lease (a holder past its lease neither releases nor overwrites) */
  lease_owner: string | null;
  /** provisioning attempts after payment */
  attempts: Generated<number>;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  /** signed, in 1/10 000 credit */
  amount: number;
  /** purchase | referral | server-order | server-hour | refund | addon | package-change | admin */
  kind: string;
  /** unique: a retried event cannot apply twice */
  reference: string;
  balance_after: number;
  created_at: Millis;
}

/** One rate-limit window: `count` requests under `key` until `reset_at`. */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Millis;
}

export interface UserPackagesTable {
  id: Generated<number>;
  user_id: number;
  package_id: number;
  name: string;
  /** hourly | monthly */
  billing_type: string;
  /** provisioning | paid | suspended | cancelled | deleted | failed */
  status: string;
  egg_id: number;
  nest_id: number;
  /** JSON env_variable -> value: this server's own egg variable values (migration 0011) */
  variables: Generated<string>;
  location_id: number;
  node_id: number | null;
  ptero_server_id: number | null;
  ptero_server_uuid: string | null;
  ptero_identifier: string | null;
  /** package + add-ons, 1/10 000 credit per month */
  credits_monthly: number;
  mollie_mandate_id: string | null;
  mollie_subscription_id: string | null;
  paid_until: Millis | null;
  /** start of the last clock hour charged (hourly billing) */
  billed_until: Millis | null;
  suspended_at: Millis | null;
  /** when the panel confirmed the suspension; null while it is still to be done (the panel queue retries) */
  panel_suspended_at: Millis | null;
  /** 1 when on-hours schedules decide when it runs and is billed */
  scheduled: Generated<Flag>;
  /** on | off: the power state the schedule job last asked the panel for; null when it never did */
  power_target: string | null;
  /** when a suspended server is deleted (suspended_at + SUSPEND_DAYS) */
  delete_at: Millis | null;
  /** deletion warning mails sent since the suspension: 0, 1 (3 days before), 2 (1 day before) */
  deletion_warnings: Generated<number>;
  /** an add-on or package change holds the server since then; null when none */
  changing_since: Millis | null;
  /** monthly: the paid period is `periods_paid` calendar months from `period_anchor` (= paid_until) */
  period_anchor: Millis | null;
  periods_paid: number | null;
  /** monthly: the customer cancelled; it runs to paid_until, then is suspended */
  cancelled_at: Millis | null;
  /** monthly: the last renewal failed; suspended at paid_until */
  renewal_failed_at: Millis | null;
  /** monthly: what each later month costs by card (the subscription's amount we want) */
  monthly_amount_cents: number | null;
  /** monthly: the amount Mollie's subscription was last given */
  subscription_amount_cents: number | null;
  /** monthly: the subscription's amount before its last change (a renewal at it is still accepted) */
  previous_subscription_amount_cents: number | null;
  created_at: Millis;
  deleted_at: Millis | null;
}

export interface UserPackageAddonsTable {
  user_package_id: number;
  addon_id: number;
  /** copied from the add-on: unique per server (one add-on per type, spec 4) */
  addon_type: string;
  /** 1/10 000 credit per month the add-on added to the server's price when it was bought */
  credits_monthly: Generated<number>;
  created_at: Millis;
}

export interface SchedulesTable {
  id: Generated<number>;
  user_package_id: number;
  /** 0 Monday .. 6 Sunday */
  day_of_week: number;
  /** JSON list of hours 0-23 */
  active_hours: string;
  created_at: Millis;
}

/** One panel call to make: suspend | unsuspend | power | delete (panel/panel-queue.ts). */
export interface PanelTasksTable {
  id: Generated<number>;
  user_package_id: number;
  kind: string;
  /** JSON: `{ signal }` for power */
  payload: Generated<string>;
  /** pending | done */
  status: string;
  attempts: Generated<number>;
  /** not before; also the lease of a task being run */
  next_attempt_at: Millis;
  last_error: string | null;
  created_at: Millis;
  done_at: Millis | null;
}

/** One mail to send (platform/outbox.ts). */
export interface InvoiceSequencesTable {
  year: number;
  last_number: number;
}

/** An invoice or credit note as issued (architecture.md "Billing"; issue 8). */
export interface InvoicesTable {
  id: Generated<number>;
  /** `<year>-<seq, 6 digits>`, gap-free per year */
  number: string;
  year: number;
  seq: number;
  /** invoice | credit-note */
  kind: string;
  user_id: number;
  order_id: number | null;
  related_invoice_id: number | null;
  /** unique: what the document is for (`order:<id>`, `takeback:order:<id>:<cents>`) */
  source_key: string;
  /** cents; negative for a credit note */
  total_cents: number;
  description: string;
  language: string;
  /** JSON of the InvoiceDocument as issued */
  document: string;
  issued_at: Millis;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  attempts: Generated<number>;
  next_attempt_at: Millis;
  last_error: string | null;
  created_at: Millis;
  sent_at: Millis | null;
  /** the receipt carries this invoice's PDF */
  invoice_id: number | null;
}

/**
 * An allocation held by an order, with the node room it needs (MB). Counted as taken while the order is
 * in flight and, once done, until the panel's node figures read after `done_at` include its server.
 */
export interface AllocationClaimsTable {
  allocation_id: number;
  node_id: number;
  user_package_id: number;
  memory: number;
  disk: number;
  created_at: Millis;
  /** when the panel made the server; null while in flight */
  done_at: Millis | null;
}

/** The last clock hour (start, epoch ms) a once-an-hour job ran for. */
export interface JobRunsTable {
  name: string;
  last_hour: Millis;
}

/** A password reset request (migration 0009): by address, with a token only for an active account. */
export interface PasswordResetsTable {
  id: Generated<number>;
  /** the address asked for, lower case */
  email: string;
  /** the account of that address, null when there is none (nothing is mailed) */
  user_id: number | null;
  /** sha256 of the mailed token; null when nothing was mailed */
  token_hash: string | null;
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
}

/**
 * A requested e-mail or username change, applied when its mailed link is opened (issue 9; migration 0007).
 * Only the SHA-256 of the link's token is kept.
 */
export interface AccountChangesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** null: the username stays */
  new_username: string | null;
  /** lowercased; null: the e-mail stays */
  new_email: string | null;
  /** where the link went: the new e-mail, or the current one for a username-only change */
  sent_to: string;
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
}

/** TOTP set-up of a user (migration 0008). Secrets are AES-256-GCM ciphertexts (auth/totp.ts), never plain. */
export interface UserTotpTable {
  user_id: number;
  /** the confirmed secret; null until the first code is entered */
  secret: string | null;
  /** a set-up waiting for its first code */
  pending_secret: string | null;
  pending_at: Millis | null;
  /** the last accepted 30-second time step (wall clock): a code is accepted once */
  last_step: number | null;
  /** wrong guesses in the window that began at `attempts_since` */
  attempts: Generated<number>;
  attempts_since: Generated<Millis>;
  enabled_at: Millis | null;
  updated_at: Millis;
}

/** One-time recovery codes of TOTP (migration 0008), as an HMAC keyed by CODE_SECRET. */
export interface TotpRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Millis | null;
  created_at: Millis;
}

/** One staff change (migration 0010; platform/audit.ts): who, when, what, the record before and after. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number;
  /** create | update | delete | role | activate | deactivate */
  action: string;
  /** game | package | addon | discount | user */
  entity: string;
  entity_id: number;
  /** JSON of the record before the change; null for a create */
  before: string | null;
  /** JSON of the record after the change; null for a delete */
  after: string | null;
  created_at: Millis;
}

export interface Database {
  users: UsersTable;
  rate_limits: RateLimitsTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  used_captchas: UsedCaptchasTable;
  games: GamesTable;
  packages: PackagesTable;
  package_nodes: PackageNodesTable;
  package_eggs: PackageEggsTable;
  addons: AddonsTable;
  addon_packages: AddonPackagesTable;
  discounts: DiscountsTable;
  orders: OrdersTable;
  credit_ledger: CreditLedgerTable;
  user_packages: UserPackagesTable;
  user_package_addons: UserPackageAddonsTable;
  schedules: SchedulesTable;
  panel_tasks: PanelTasksTable;
  mail_outbox: MailOutboxTable;
  invoices: InvoicesTable;
  invoice_sequences: InvoiceSequencesTable;
  allocation_claims: AllocationClaimsTable;
  job_runs: JobRunsTable;
  account_changes: AccountChangesTable;
  user_totp: UserTotpTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Game = Selectable<GamesTable>;
export type Package = Selectable<PackagesTable>;
export type Addon = Selectable<AddonsTable>;
export type Order = Selectable<OrdersTable>;
export type UserPackage = Selectable<UserPackagesTable>;
export type Invoice = Selectable<InvoicesTable>;
