/** Runs the Kysely migrations; the list is static so the bundled server carries it. */
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './database';
import { initialMigration } from './migrations/0001_initial';
import { panelSuspensionAndRateLimitsMigration } from './migrations/0002_panel_suspension_and_rate_limits';
import { serverLifecycleMigration } from './migrations/0003_server_lifecycle';
import { monthlyAndInvoicesMigration } from './migrations/0004_monthly_and_invoices';
import { orderLeaseOwnerMigration } from './migrations/0005_order_lease_owner';
import { accountChangesMigration } from './migrations/0007_account_changes';
import { totpMigration } from './migrations/0008_totp';
import { passwordResetsMigration } from './migrations/0009_password_resets';
import { staffMigration } from './migrations/0010_staff';
import { eggVariablesMigration } from './migrations/0011_egg_variables';
import { catalogueNamesMigration } from './migrations/0012_catalogue_names';
import { staffNotificationsMigration } from './migrations/0013_staff_notifications';
import { userPackagesPackageMigration } from './migrations/0014_user_packages_package';
import { staffOverviewMigration } from './migrations/0015_staff_overview';
import { mailTemplatesMigration } from './migrations/0016_mail_templates';
import { staffSearchMigration } from './migrations/0017_staff_search';
import { hourlyTickWritesMigration } from './migrations/0018_hourly_tick_writes';
import { slotVariablesMigration } from './migrations/0019_slot_variables';
import { renewalRetriesMigration } from './migrations/0020_renewal_retries';
import { autoTopUpMigration } from './migrations/0021_auto_top_up';
import { eggVariableTextsMigration } from './migrations/0022_egg_variable_texts';

function migrations(dialect: Db['dialect']): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0002_panel_suspension_and_rate_limits': panelSuspensionAndRateLimitsMigration(dialect),
    '0003_server_lifecycle': serverLifecycleMigration(dialect),
    '0004_monthly_and_invoices': monthlyAndInvoicesMigration(dialect),
    '0005_order_lease_owner': orderLeaseOwnerMigration(),
    '0007_account_changes': accountChangesMigration(dialect),
    '0008_totp': totpMigration(dialect),
    '0009_password_resets': passwordResetsMigration(dialect),
    '0010_staff': staffMigration(dialect),
    '0011_egg_variables': eggVariablesMigration(),
    '0012_catalogue_names': catalogueNamesMigration(),
    '0013_staff_notifications': staffNotificationsMigration(dialect),
    '0014_user_packages_package': userPackagesPackageMigration,
    '0015_staff_overview': staffOverviewMigration(dialect),
    '0016_mail_templates': mailTemplatesMigration,
    '0017_staff_search': staffSearchMigration(dialect),
    '0018_hourly_tick_writes': hourlyTickWritesMigration(dialect),
    '0019_slot_variables': slotVariablesMigration,
    '0020_renewal_retries': renewalRetriesMigration(dialect),
    '0021_auto_top_up': autoTopUpMigration(dialect),
    '0022_egg_variable_texts': eggVariableTextsMigration(),
  };
}

/**
 * @throws Error with the failing migration's name when a migration fails (nothing after it runs)
 */
export async function migrateToLatest({ db, dialect }: Db): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations(): Promise<Record<string, Migration>> {
      return migrations(dialect);
    },
  };
  // Kysely looks in every schema of a PostgreSQL database: name ours, or another schema's tables would
  // count as migrated already.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const { error, results } = await new Migrator({ db, provider, migrationTableSchema }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * The migrations the database has not run (for /api/ready; the read also proves the database answers).
 * @throws the database's error when it cannot be read
 */
export async function pendingMigrations({ db, dialect }: Pick<Db, 'db' | 'dialect'>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const done = new Set(rows.map((r) => r.name));
  return Object.keys(migrations(dialect)).filter((name) => !done.has(name));
}
