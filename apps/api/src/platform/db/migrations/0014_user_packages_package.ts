/**
 * An index of servers by package (issue 31, staff lists at scale): the staff packages list counts each
 * package's owners, which read all 100 000 servers without it. The billing tick's hourly charges do not
 * write it (they change no column of it, decision 061); only a suspension's status change does.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export const userPackagesPackageMigration = {
  async up(db: Db): Promise<void> {
    await db.schema
      .createIndex('user_packages_package')
      .on('user_packages')
      .columns(['package_id', 'status'])
      .execute();
  },
};
