/**
 * Two-factor login by authenticator app (TOTP, RFC 6238; issue 9):
 * - `users.totp_enabled`: the flag the login and the session user read (no extra query per request).
 * - `user_totp`: one row per user who set TOTP up. The secret is kept encrypted (AES-256-GCM, key derived
 *   from CODE_SECRET), never in plain text; `pending_secret` is a set-up not confirmed yet. `last_step` is
 *   the last accepted 30-second time step, so a code is accepted once. `attempts` counts wrong guesses in
 *   the window that began at `attempts_since`.
 * - `totp_recovery_codes`: one-time recovery codes, stored as an HMAC keyed by CODE_SECRET.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function totpMigration(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('user_totp')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret', 'text')
        .addColumn('pending_secret', 'text')
        .addColumn('pending_at', big)
        .addColumn('last_step', big)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('attempts_since', big, (c) => c.notNull().defaultTo(0))
        .addColumn('enabled_at', big)
        .addColumn('updated_at', big, (c) => c.notNull())
        .execute();
      const create = db.schema.createTable('totp_recovery_codes');
      await (dialect === 'postgres'
        ? create.addColumn('id', 'serial', (c) => c.primaryKey())
        : create.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('used_at', big)
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('totp_recovery_codes_user')
        .on('totp_recovery_codes')
        .columns(['user_id', 'code_hash'])
        .execute();
    },
  };
}
