/** Opens the product database from a URL: SQLite embedded by default, PostgreSQL in production. */
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

const sqliteOf = new WeakMap<
  Kysely<Database>,
  { sqlite: SQLite.Database; statements: SqliteDatabase; rawStatements: LRUCache<string, SQLite.Statement> }
>();

/**
 * The first row of a read-only statement run synchronously on SQLite, as an array, bypassing Kysely
 * (docs/decisions/004-sqlite-prepared-statements-and-direct-read.md). `sql` has `?` placeholders.
 * @returns the row's values in column order, null for no row, undefined on PostgreSQL or inside a transaction
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

const STATEMENT_CACHE_SIZE = 1000;

/** better-sqlite3 for Kysely with prepared statements kept by SQL text (decision 004). */
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

/** SQLite transactions begin IMMEDIATE (docs/decisions/003-sqlite-immediate-transactions.md). */
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
