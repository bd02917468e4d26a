/**
 * Staff's choice, per egg of a game, of the egg variable that holds a server's player count (issue 42
 * point 6, docs/decisions/408-slots-on-the-panel.md): a JSON object egg id -> env_variable, '' for none.
 * An egg without an entry uses the variable found by its usual name.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export const slotVariablesMigration = {
  async up(db: Db): Promise<void> {
    await db.schema
      .alterTable('games')
      .addColumn('slot_variables', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  },
};
