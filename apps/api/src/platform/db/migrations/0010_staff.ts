/**
 * The staff area (issue 10): the audit log of every staff change, soft deletion of games, packages and
 * add-ons (servers long deleted still name their package, so the row stays, hidden and inactive), and
 * names unique regardless of case (product.md "Validation rules"
 * ("Names and discount codes must be unique")).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function staffMigration(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      for (const table of ['games', 'packages', 'addons']) {
        await db.schema.alterTable(table).addColumn('deleted_at', big).execute();
        await db.schema
          .createIndex(`${table}_name_lower`)
          .on(table)
          .unique()
          .expression(sql`lower(name)`)
          .execute();
      }
      const create = db.schema.createTable('audit_log');
      await (dialect === 'postgres'
        ? create.addColumn('id', 'serial', (c) => c.primaryKey())
        : create.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('entity', 'varchar(16)', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'id']).execute();
      await db.schema
        .createIndex('audit_log_entity')
        .on('audit_log')
        .columns(['entity', 'entity_id'])
        .execute();
    },
  };
}
