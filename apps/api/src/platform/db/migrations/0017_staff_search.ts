/**
 * Staff searches at 100 000 rows (issue 31 part 2, docs/decisions/311-staff-lists-at-scale.md):
 * - `users.username_lower`, `users.email_lower`: generated lowercase copies (stored on PostgreSQL, virtual
 *   on SQLite), so PostgreSQL matches a case-insensitive search with a plain LIKE instead of ILIKE, which
 *   lowered every character of every row on each search.
 * - PostgreSQL: trigram GIN indexes on both (pg_trgm, trusted since PostgreSQL 13) for a search that
 *   matches few users. The extension goes to schema `public` (shared by every schema of the database, so
 *   dropping one schema does not drop it), else to ours; when neither may create it, the indexes are
 *   left out and the search reads the table (decision 311 says what that costs).
 * A covering index for the servers search on SQLite was tried and left out: the scan's cost is the
 * substring test of every row, not reading it (docs/performance.md "Staff lists").
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function staffSearchMigration(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      for (const [column, source] of [
        ['username_lower', 'username'],
        ['email_lower', 'email'],
      ] as const) {
        await db.schema
          .alterTable('users')
          .addColumn(column, 'varchar(191)', (c) => {
            const generated = c.generatedAlwaysAs(sql`lower(${sql.ref(source)})`);
            return dialect === 'postgres' ? generated.stored() : generated;
          })
          .execute();
      }
      if (dialect === 'sqlite') return;
      const schema = await trigramSchema(db);
      if (schema === null) return;
      for (const column of ['username_lower', 'email_lower']) {
        const name = `users_${column.replace('_lower', '')}_trgm`;
        await sql`create index ${sql.id(name)} on users using gin (${sql.id(column)} ${sql.id(schema)}.gin_trgm_ops)`.execute(
          db,
        );
      }
    },
  };
}

/**
 * The schema holding pg_trgm, creating it when it is missing and we may (in the migration's transaction,
 * each try behind a savepoint so a refusal does not abort the migration). @returns null without it
 */
async function trigramSchema(db: Db): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const found = await installed();
  if (found !== null) return found;
  for (const into of [sql`with schema public`, sql``]) {
    await sql`savepoint pg_trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm ${into}`.execute(db);
      await sql`release savepoint pg_trgm`.execute(db);
      break;
    } catch {
      // Not available or not allowed here (no CREATE on the database or on public): try the next place.
      await sql`rollback to savepoint pg_trgm`.execute(db);
    }
  }
  return installed();
}
