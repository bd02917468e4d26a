/** Mail queued in the transaction that decides it and sent by a job (docs/decisions/013-mail-outbox.md). */
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from './context';
import type { Database } from './db/schema';
import { isNoticeMailKind, type NoticeMail, type RenderedMail, renderNoticeMail } from './mail/templates';
import { type RetryPolicy, type RowCondition, sendDueRows } from './queue';

const RETRY: RetryPolicy = { leaseMs: 60_000, firstRetryMs: 60_000, maxRetryMs: 30 * 60_000 };
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

/** Rows per insert: 12 columns each stays far below SQLite's 32 766 parameters of a statement. */
const INSERT_ROWS = 500;

/** A mail to queue: rendered now, or a notice rendered when it is sent (decision 313). */
export type QueuedMail =
  | { to: string; mail: RenderedMail; invoiceId?: number | null }
  | { to: string; notice: NoticeMail };

/**
 * Queues many mails inside the deciding transaction, a few hundred rows per statement (the billing tick
 * suspends thousands of servers at once, and a statement per mail was most of its cost). A notice is
 * stored as its kind, language and values and rendered when sent: rendering 10 000 of them in the tick
 * took seconds (docs/decisions/313-mails-rendered-at-send.md).
 * @param mails each with its address and either its rendered mail (and an optional invoice whose PDF is
 *   attached) or a notice
 * @param now epoch ms: when the mail is due and was queued
 */
export async function queueMails(
  db: Kysely<Database> | Transaction<Database>,
  mails: readonly QueuedMail[],
  now: number,
): Promise<void> {
  for (let i = 0; i < mails.length; i += INSERT_ROWS) {
    await db
      .insertInto('mail_outbox')
      .values(
        mails.slice(i, i + INSERT_ROWS).map((mail) => ({ ...outboxColumns(mail), to_address: mail.to })),
      )
      .execute();
  }
  function outboxColumns(mail: QueuedMail) {
    const common = { next_attempt_at: now, last_error: null, created_at: now, sent_at: null };
    if ('notice' in mail) {
      const { kind, language, values } = mail.notice;
      return {
        ...common,
        subject: '',
        text: '',
        html: '',
        invoice_id: null,
        template: kind,
        language,
        template_values: JSON.stringify(values),
      };
    }
    return {
      ...common,
      ...mail.mail,
      invoice_id: mail.invoiceId ?? null,
      template: null,
      language: null,
      template_values: null,
    };
  }
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
