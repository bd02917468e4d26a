/** Table types of the database, a file per module (docs/decisions/001-database-conventions.md). */

import type { AccountChangesTable } from './accounts';
import type { CreditLedgerTable, InvoiceSequencesTable, InvoicesTable } from './billing';
import type {
  AddonPackagesTable,
  AddonsTable,
  CatalogueNamesTable,
  DiscountsTable,
  EggVariableTextsTable,
  GamesTable,
  PackageEggsTable,
  PackageNodesTable,
  PackagesTable,
} from './catalog';
import type {
  PasswordResetsTable,
  SessionsTable,
  TotpRecoveryCodesTable,
  UsedCaptchasTable,
  UsersTable,
  UserTotpTable,
  VerificationCodesTable,
} from './identity';
import type { JobRunsTable } from './jobs';
import type { AutoTopUpsTable, OrdersTable } from './orders';
import type { AllocationClaimsTable, PanelTasksTable } from './panel';
import type { AuditLogTable, MailOutboxTable, RateLimitsTable, StaffNotificationsTable } from './platform';
import type { SchedulesTable, UserPackageAddonsTable, UserPackagesTable } from './servers';
import type { OverviewHoursTable } from './staff';

export type * from './accounts';
export type * from './billing';
export type * from './catalog';
export type * from './identity';
export type * from './jobs';
export type * from './orders';
export type * from './panel';
export type * from './platform';
export type * from './servers';
export type * from './staff';

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
  catalogue_names: CatalogueNamesTable;
  egg_variable_texts: EggVariableTextsTable;
  orders: OrdersTable;
  auto_top_ups: AutoTopUpsTable;
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
  staff_notifications: StaffNotificationsTable;
  overview_hours: OverviewHoursTable;
}
