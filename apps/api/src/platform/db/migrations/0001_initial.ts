/**
 * The initial schema: every entity of product.md "Entities and fields", the same on SQLite and PostgreSQL.
 * See schema.ts for the units of each column.
 */
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function initialMigration(dialect: Dialect) {
  const id = <T extends string>(t: CreateTableBuilder<T>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  // Millisecond times and 1/10 000 credit amounts need 64 bits: SQLite integers are, PostgreSQL needs bigint.
  const big = dialect === 'postgres' ? 'bigint' : 'integer';

  return {
    async up(db: Db): Promise<void> {
      await id(db.schema.createTable('users'))
        .addColumn('username', 'varchar(64)', (c) => c.notNull())
        .addColumn('email', 'varchar(191)', (c) => c.notNull())
        .addColumn('first_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('last_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('customer'))
        .addColumn('credits', big, (c) => c.notNull().defaultTo(0).check(sql`credits >= 0`))
        .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('two_factor_auth', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('news_subscription', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
        .addColumn('referrer_id', 'integer', (c) => c.references('users.id'))
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ptero_user_id', 'integer')
        .addColumn('mollie_customer_id', 'varchar(64)')
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('updated_at', big, (c) => c.notNull())
        .execute();
      // Case-insensitive uniqueness: usernames and e-mails are stored as typed but compared lowercased.
      await db.schema
        .createIndex('users_username_lower')
        .on('users')
        .unique()
        .expression(sql`lower(username)`)
        .execute();
      await db.schema.createIndex('users_email_unique').on('users').unique().column('email').execute();

      await id(db.schema.createTable('sessions'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('family', 'varchar(64)', (c) => c.notNull())
        .addColumn('mfa_passed', 'integer', (c) => c.notNull())
        .addColumn('expires_at', big, (c) => c.notNull())
        .addColumn('rotated_at', big)
        .addColumn('revoked_at', big)
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_family').on('sessions').column('family').execute();

      await id(db.schema.createTable('verification_codes'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('payload', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', big, (c) => c.notNull())
        .addColumn('sent_at', big, (c) => c.notNull())
        .addColumn('used_at', big)
        .execute();
      await db.schema
        .createIndex('verification_codes_user_purpose')
        .on('verification_codes')
        .columns(['user_id', 'purpose'])
        .execute();

      await db.schema
        .createTable('used_captchas')
        .addColumn('challenge_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('expires_at', big, (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('games'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('desktop', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('console', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mobile', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('image_url', 'varchar(255)', (c) => c.notNull())
        .addColumn('thumbnail_url', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('packages'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
        .addColumn('credits_monthly', big, (c) => c.notNull().check(sql`credits_monthly >= 0`))
        .addColumn('thumbnail_url', 'varchar(255)', (c) => c.notNull())
        .addColumn('vcpu', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('io', 'integer', (c) => c.notNull().defaultTo(500))
        .addColumn('slots', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('storage_size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ram_size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('swap', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('databases', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('backups', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ports', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('target_user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('package_nodes')
        .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
        .addColumn('node_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('package_nodes_pk', ['package_id', 'node_id'])
        .execute();
      await db.schema
        .createTable('package_eggs')
        .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
        .addColumn('nest_id', 'integer', (c) => c.notNull())
        .addColumn('egg_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('package_eggs_pk', ['package_id', 'egg_id'])
        .execute();

      await id(db.schema.createTable('addons'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('credits_monthly', big, (c) => c.notNull().check(sql`credits_monthly >= 0`))
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('addon_packages')
        .addColumn('addon_id', 'integer', (c) => c.notNull().references('addons.id').onDelete('cascade'))
        .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('addon_packages_pk', ['addon_id', 'package_id'])
        .execute();

      await id(db.schema.createTable('discounts'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('code', 'varchar(64)', (c) => c.notNull())
        .addColumn('percentage_bp', 'integer', (c) => c.notNull())
        .addColumn('valid_until', big, (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('discounts_code_lower')
        .on('discounts')
        .unique()
        .expression(sql`lower(code)`)
        .execute();

      await id(db.schema.createTable('user_packages'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('billing_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('egg_id', 'integer', (c) => c.notNull())
        .addColumn('nest_id', 'integer', (c) => c.notNull())
        .addColumn('location_id', 'integer', (c) => c.notNull())
        .addColumn('node_id', 'integer')
        .addColumn('ptero_server_id', 'integer')
        .addColumn('ptero_server_uuid', 'varchar(64)')
        .addColumn('ptero_identifier', 'varchar(16)')
        .addColumn('credits_monthly', big, (c) => c.notNull())
        .addColumn('mollie_mandate_id', 'varchar(64)')
        .addColumn('mollie_subscription_id', 'varchar(64)')
        .addColumn('paid_until', big)
        .addColumn('billed_until', big)
        .addColumn('suspended_at', big)
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('deleted_at', big)
        .execute();
      await db.schema.createIndex('user_packages_user').on('user_packages').column('user_id').execute();

      await db.schema
        .createTable('user_package_addons')
        .addColumn('user_package_id', 'integer', (c) =>
          c.notNull().references('user_packages.id').onDelete('cascade'),
        )
        .addColumn('addon_id', 'integer', (c) => c.notNull().references('addons.id'))
        .addColumn('addon_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('user_package_addons_pk', ['user_package_id', 'addon_type'])
        .execute();

      await id(db.schema.createTable('schedules'))
        .addColumn('user_package_id', 'integer', (c) =>
          c.notNull().references('user_packages.id').onDelete('cascade'),
        )
        .addColumn('day_of_week', 'integer', (c) => c.notNull())
        .addColumn('active_hours', 'text', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('orders'))
        .addColumn('public_id', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('status', 'varchar(32)', (c) => c.notNull())
        .addColumn('credits_amount', big, (c) => c.notNull().defaultTo(0))
        .addColumn('amount_cents', big, (c) => c.notNull().defaultTo(0))
        .addColumn('fee_cents', big, (c) => c.notNull().defaultTo(0))
        .addColumn('discount_id', 'integer', (c) => c.references('discounts.id').onDelete('set null'))
        .addColumn('discount_bp', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('payment_method', 'varchar(32)')
        .addColumn('mollie_payment_id', 'varchar(64)', (c) => c.unique())
        .addColumn('user_package_id', 'integer', (c) => c.references('user_packages.id'))
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('completed_at', big)
        .execute();
      await db.schema.createIndex('orders_user').on('orders').column('user_id').execute();

      await id(db.schema.createTable('credit_ledger'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('amount', big, (c) => c.notNull())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('reference', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('balance_after', big, (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('credit_ledger_user').on('credit_ledger').column('user_id').execute();
    },
  };
}
