/**
 * Mails queued by their words' key and values and rendered when sent (issue 31 part 3,
 * docs/decisions/313-mails-rendered-at-send.md): `template` names a notice kind of
 * platform/mail/templates.ts, `language` the customer's language and `template_values` its placeholders
 * as a JSON object. Rows queued before (or rendered at once) keep `template` null and their subject,
 * text and html, which are sent as they are.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export const mailTemplatesMigration = {
  async up(db: Db): Promise<void> {
    await db.schema.alterTable('mail_outbox').addColumn('template', 'varchar(64)').execute();
    await db.schema.alterTable('mail_outbox').addColumn('language', 'varchar(8)').execute();
    await db.schema.alterTable('mail_outbox').addColumn('template_values', 'text').execute();
  },
};
