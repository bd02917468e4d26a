/**
 * Password reset by mailed link (issue 9; product.md "Screens and routes" `/password`,
 * `/reset-password/{token}`, 4 "Password reset", 7 reset calls). `password_resets` holds every reset request
 * by the address asked for, with or without an account behind it, so `resend-reset-password` answers the same
 * for both (too soon, no request) and tells nobody whether an address has an account. Only requests for an
 * active account carry a token, stored as its SHA-256; each is valid until `expires_at` and spent once
 * (`used_at`). Rows past
 * `expires_at` matter for nothing and are deleted at the next request.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function passwordResetsMigration(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      const create = db.schema.createTable('password_resets');
      await (dialect === 'postgres'
        ? create.addColumn('id', 'serial', (c) => c.primaryKey())
        : create.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('email', 'varchar(191)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
        .addColumn('expires_at', big, (c) => c.notNull())
        .addColumn('used_at', big)
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('password_resets_email')
        .on('password_resets')
        .columns(['email', 'created_at'])
        .execute();
      // Expired requests are deleted at the next request (auth/password-resets.ts).
      await db.schema
        .createIndex('password_resets_expires')
        .on('password_resets')
        .column('expires_at')
        .execute();
    },
  };
}
