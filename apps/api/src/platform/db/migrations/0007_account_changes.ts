/**
 * E-mail and username changes by mailed link (issue 9; product.md "Screens and routes"
 * `/update-user/{token}`, 4 "E-mail or username change takes effect only after confirmation through a link"):
 * `account_changes` holds each requested change until its link is opened. The token itself is never stored,
 * only its SHA-256; a row is bound to its user, valid until `expires_at` and spent once (`used_at`).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function accountChangesMigration(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      const create = db.schema.createTable('account_changes');
      await (dialect === 'postgres'
        ? create.addColumn('id', 'serial', (c) => c.primaryKey())
        : create.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('new_username', 'varchar(64)')
        .addColumn('new_email', 'varchar(191)')
        .addColumn('sent_to', 'varchar(191)', (c) => c.notNull())
        .addColumn('expires_at', big, (c) => c.notNull())
        .addColumn('used_at', big)
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_changes_user').on('account_changes').column('user_id').execute();
    },
  };
}
