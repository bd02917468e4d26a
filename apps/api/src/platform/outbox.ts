/** Mail queued in the transaction that decides it and sent by a job (docs/decisions/013-mail-outbox.md). */
import { type Kysely, sql, type Transaction } from 'kysely';
import { MINUTE_MS } from './clock';
import type { AppContext } from './context';
import type { Dialect } from './db/dialect';
import type { Database } from './db/schema';
import { isNoticeMailKind, type NoticeMail, type RenderedMail, renderNoticeMail } from './mail/templates';
import { type RetryPolicy, type RowCondition, sendDueRows } from './queue';

const RETRY: RetryPolicy = { leaseMs: MINUTE_MS, firstRetryMs: MINUTE_MS, maxRetryMs: 30 * MINUTE_MS };
const unsent: RowCondition<'mail_outbox'> = (eb) => eb('sent_at', 'is', null);

/** Queues one mail inside the deciding transaction; `invoiceId`'s PDF is attached when sent. */
export async function queueMail(
  db: Kysely<Database> | Transaction<Database>,
  to: string,
  mail: RenderedMail,
  now: number,
  invoiceId: number | null = null,
): Promise<void> {
  await queueMails(db, [{ to, mail, invoiceId }], now);
}

/** Rows per insert: 9 columns each stays far below SQLite's 32 766 parameters of a statement. */
const INSERT_ROWS = 500;

/**
 * Queues many rendered mails inside the deciding transaction, a few hundred rows per statement.
 * @param mails each with its address, rendered mail and optional invoice whose PDF is attached
 * @param now epoch ms: when the mail is due and was queued
 */
export async function queueMails(
  db: Kysely<Database> | Transaction<Database>,
  mails: readonly { to: string; mail: RenderedMail; invoiceId?: number | null }[],
  now: number,
): Promise<void> {
  for (let i = 0; i < mails.length; i += INSERT_ROWS) {
    await db
      .insertInto('mail_outbox')
      .values(
        mails.slice(i, i + INSERT_ROWS).map(({ to, mail, invoiceId }) => ({
          to_address: to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          next_attempt_at: now,
          last_error: null,
          created_at: now,
          sent_at: null,
          invoice_id: invoiceId ?? null,
        })),
      )
      .execute();
  }
}

/** A notice mail to queue for the address `to`. */
export interface QueuedNotice {
  to: string;
  notice: NoticeMail;
}

/**
 * Queues notice mails inside the deciding transaction, unrendered: each as its kind, language and
 * values, rendered when it is sent (docs/decisions/313-mails-rendered-at-send.md; rendering 10 000 in
 * the billing tick took seconds). All rows go in one statement that reads them from one JSON parameter
 * (SQLite's json_each, PostgreSQL's json_to_recordset): building a statement of thousands of values cost
 * more than inserting them.
 * @param now epoch ms: when the mails are due and were queued
 */
export async function queueNoticeMails(
  db: Kysely<Database> | Transaction<Database>,
  dialect: Dialect,
  mails: readonly QueuedNotice[],
  now: number,
): Promise<void> {
  if (mails.length === 0) return;
  const rows = JSON.stringify(
    mails.map(({ to, notice }) => ({
      to,
      kind: notice.kind,
      language: notice.language,
      values: JSON.stringify(notice.values),
    })),
  );
  const columns = sql`insert into mail_outbox (to_address, subject, text, html, next_attempt_at, created_at,
    template, language, template_values)`;
  await (dialect === 'postgres'
    ? sql`${columns} select r.to, '', '', '', ${now}::bigint, ${now}::bigint, r.kind, r.language, r.values
          from json_to_recordset(${rows}::json) as r("to" text, kind text, language text, "values" text)`
    : sql`${columns} select value ->> '$.to', '', '', '', ${now}, ${now}, value ->> '$.kind',
          value ->> '$.language', value ->> '$.values' from json_each(${rows})`
  ).execute(db);
}

interface OutboxRow {
  subject: string;
  text: string;
  html: string;
  template: string | null;
  language: string | null;
  template_values: string | null;
}

/**
 * The mail a row sends: a notice rendered now in its language, else the subject, text and html stored.
 * @throws Error when the row names a template this version does not know (retried, never dropped)
 */
function mailOf(row: OutboxRow): RenderedMail {
  if (row.template === null) return { subject: row.subject, text: row.text, html: row.html };
  if (!isNoticeMailKind(row.template)) throw new Error(`unknown mail template ${row.template}`);
  return renderNoticeMail(row.template, row.language ?? 'en', JSON.parse(row.template_values ?? '{}'));
}

/** Sends the due mail, oldest first, leasing each row. @returns how many mails were sent */
export async function sendQueuedMail(ctx: AppContext): Promise<number> {
  return sendDueRows(ctx.db, () => ctx.now(), {
    table: 'mail_outbox',
    policy: RETRY,
    open: unsent,
    due: (now, limit) =>
      ctx.db
        .selectFrom('mail_outbox')
        .select([
          'id',
          'to_address',
          'subject',
          'text',
          'html',
          'template',
          'language',
          'template_values',
          'attempts',
          'next_attempt_at',
          'invoice_id',
        ])
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('id')
        .limit(limit)
        .execute(),
    async deliver(mail) {
      await ctx.mailer.send({
        to: mail.to_address,
        ...mailOf(mail),
        ...(mail.invoice_id !== null
          ? { attachments: [await ctx.mailAttachments.invoice(ctx, mail.invoice_id)] }
          : {}),
      });
      await ctx.db.updateTable('mail_outbox').set({ sent_at: ctx.now() }).where('id', '=', mail.id).execute();
      ctx.metrics?.mails.inc({ outcome: 'sent' });
    },
    failed(mail, error) {
      ctx.metrics?.mails.inc({ outcome: 'failed' });
      ctx.log.error({ err: error, mailId: mail.id }, 'sending mail failed; retried later');
    },
  });
}
