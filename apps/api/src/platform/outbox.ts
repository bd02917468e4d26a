/** Mail queued in the transaction that decides it and sent by a job (docs/decisions/013-mail-outbox.md). */
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from './context';
import type { Database } from './db/schema';
import type { RenderedMail } from './mail/templates';
import { leaseRow, type RetryPolicy, type RowCondition, retryDelay, retryLater } from './queue';

const RETRY: RetryPolicy = { leaseMs: 60_000, firstRetryMs: 60_000, maxRetryMs: 30 * 60_000 };
const unsent: RowCondition<'mail_outbox'> = (eb) => eb('sent_at', 'is', null);
const BATCH = 50;

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
 * Queues many mails inside the deciding transaction, a few hundred rows per statement (the billing tick
 * suspends thousands of servers at once, and a statement per mail was most of its cost).
 * @param mails each with its address, rendered mail and optional invoice whose PDF is attached
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

/** Sends the due mail, oldest first, leasing each row. @returns how many mails were sent */
export async function sendQueuedMail(ctx: AppContext): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = ctx.now();
    const due = await ctx.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'text', 'html', 'attempts', 'next_attempt_at', 'invoice_id'])
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (due.length === 0) return sent;
    let progressed = false;
    for (const mail of due) {
      if (!(await leaseRow(ctx.db, 'mail_outbox', mail, now + RETRY.leaseMs, unsent))) continue;
      progressed = true;
      try {
        await ctx.mailer.send({
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.invoice_id !== null
            ? { attachments: [await ctx.mailAttachments.invoice(ctx, mail.invoice_id)] }
            : {}),
        });
        await ctx.db
          .updateTable('mail_outbox')
          .set({ sent_at: ctx.now() })
          .where('id', '=', mail.id)
          .execute();
        sent += 1;
        ctx.metrics?.mails.inc({ outcome: 'sent' });
      } catch (error) {
        ctx.metrics?.mails.inc({ outcome: 'failed' });
        const delay = retryDelay(RETRY, mail.attempts + 1);
        await retryLater(ctx.db, 'mail_outbox', mail.id, ctx.now() + delay, error);
        ctx.log.error({ err: error, mailId: mail.id }, 'sending mail failed; retried later');
      }
    }
    if (!progressed) return sent;
  }
}
