/**
 * Egg variables a server needs a value for (issue 28 point 3): staff values for all servers of a game,
 * and each server's own values (given by the customer in the order dialog or later in server details),
 * both as JSON objects env_variable -> value.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function eggVariablesMigration() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .alterTable('games')
        .addColumn('variables', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema
        .alterTable('user_packages')
        .addColumn('variables', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
    },
  };
}
