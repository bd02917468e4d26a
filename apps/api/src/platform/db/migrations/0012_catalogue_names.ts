/**
 * Per-language names of catalogue entries (issue 30, docs/decisions/242-catalogue-name-translations.md):
 * `subject` is `addon:<id>` or `location:<panel short code>`, `language` one of the product's languages
 * other than English (the entry's own name is the English one).
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function catalogueNamesMigration() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('catalogue_names')
        .addColumn('subject', 'varchar(80)', (c) => c.notNull())
        .addColumn('language', 'varchar(8)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addPrimaryKeyConstraint('catalogue_names_pk', ['subject', 'language'])
        .execute();
    },
  };
}
