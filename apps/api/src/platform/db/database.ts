/**
 * Opens the product database from a URL: `sqlite:<path>` (or `sqlite::memory:`) for the embedded
 * default, `postgres://...` for production (architecture.md, "Stack").
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Dialect } from './dialect';
import type { Database } from './schema';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

/** better-sqlite3's connection behind a Kysely instance opened by `openDatabase` on SQLite. */
const sqliteOf = new WeakMap<
  Kysely<Database>,
  { sqlite: SQLite.Database; statements: SqliteDatabase; rawStatements: LRUCache<string, SQLite.Statement> }
>();

/**
 * The first row of a read-only statement run at once, in this call, on SQLite's connection: no promise,
 * no connection mutex, no result plugins, and the row's values as an array (better-sqlite3's raw mode)
 * rather than an object built property by property. Going through Kysely cost more than the query itself
 * on the session read every logged-in request makes (issue 11, part 4: GET /api/private/credits 110 → 90
 * µs of CPU per answer, interleaved A/B), and building the row object by column name was a third of what
 * was left of the read. It is safe because better-sqlite3 runs a statement to its end before it returns,
 * so between two of Kysely's statements the connection is idle, except inside a transaction: there a read
 * would see the transaction's writes before they are committed, so this answers undefined and the caller
 * goes through Kysely, which waits for the transaction to end.
 * @param sql the statement's text with `?` placeholders, e.g. a compiled Kysely query's `sql`
 * @param parameters the values of the placeholders, in order
 * @returns the first row's values in the order of the statement's columns, null when there is no row, or
 *   undefined on PostgreSQL or while a transaction is open
 */
export function firstRowNow(
  db: Kysely<Database>,
  sql: string,
  parameters: readonly unknown[],
): unknown[] | null | undefined {
  const connection = sqliteOf.get(db);
  if (!connection || connection.sqlite.inTransaction) return undefined;
  let statement = connection.rawStatements.get(sql);
  if (!statement) {
    // Its own statement: raw mode is a statement's setting, and Kysely's copy of the text answers objects.
    statement = connection.sqlite.prepare(sql).raw(true);
    connection.rawStatements.set(sql, statement);
  }
  return (statement.get(parameters) as unknown[] | undefined) ?? null;
}

// PostgreSQL bigint (int8) comes back as a string by default; every bigint here is below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

/** How many prepared SQLite statements one database keeps (the product has a few hundred distinct queries). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * better-sqlite3's database for Kysely with its prepared statements kept by SQL text: Kysely's
 * SqliteDialect prepares every query again, which cost more than running most of them (issue 11, part 4).
 * Reuse is safe because Kysely runs one query at a time on its single SQLite connection (`all` and `run`
 * finish before the next query starts; a streamed `iterate` holds the connection until it ends), and
 * SQLite prepares a statement again by itself when a migration changed the schema. No package does this
 * for Kysely and better-sqlite3 (docs/decisions/004-sqlite-prepared-statements-and-direct-read.md).
 */
export function withStatementCache(sqlite: SQLite.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max });
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

/**
 * SQLite transactions take the write lock when they begin (`BEGIN IMMEDIATE`), waiting up to the busy
 * timeout for another process's writer to finish. Kysely's plain `BEGIN` starts a deferred transaction: one
 * that reads and then writes fails at once with SQLITE_BUSY when another process (a second instance on the
 * same file, docs/operations.md "Two instances") wrote in between, and no busy timeout helps it; the billing
 * tick and orders read before they write. Within one process Kysely runs one transaction at a time anyway.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * @param url `sqlite:<file>`, `sqlite::memory:` or `postgres(ql)://user:pass@host:port/db`
 * @param options.schema PostgreSQL schema to use (tests give each run its own); created when missing
 * @throws Error for any other URL scheme
 */
export async function openDatabase(
  url: string,
  options: { schema?: string; poolSize?: number } = {},
): Promise<Db> {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const statements = withStatementCache(sqlite);
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: statements }) });
    // A few statements only (the session read): firstRowNow's callers are the hot reads.
    sqliteOf.set(db, { sqlite, statements, rawStatements: new LRUCache({ max: 32 }) });
    return { db, dialect: 'sqlite', destroy: () => db.destroy() };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    if (options.schema) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replace(/"/g, '')}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${url.split(':')[0]}:`);
}
