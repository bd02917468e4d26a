/**
 * Egg variable texts in the customer's language (issue 44 part 4, docs/decisions/438-egg-variable-texts.md):
 * per game, per egg variable (its `env_variable`) and language (English included), the label and help staff
 * wrote for customers in place of the panel's English name and description.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function eggVariableTextsMigration() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('egg_variable_texts')
        .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
        .addColumn('env_variable', 'varchar(191)', (c) => c.notNull())
        .addColumn('language', 'varchar(8)', (c) => c.notNull())
        .addColumn('label', 'varchar(64)', (c) => c.notNull())
        .addColumn('help', 'varchar(500)', (c) => c.notNull())
        .addPrimaryKeyConstraint('egg_variable_texts_pk', ['game_id', 'env_variable', 'language'])
        .execute();
    },
  };
}
