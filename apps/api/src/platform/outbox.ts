/**
 * Mail written in the same transaction as the decision it tells of (a suspension, a deletion warning),
 * and sent by a job afterwards: a crash between the two loses no mail, and a mail server that is down
 * delays it (retried with backoff) rather than failing the billing run (DEVELOPERS.md "survives a crash").
 */
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from './context';
import type { Database } from './db/schema';
import type { RenderedMail } from './mail/templates';
import { leaseRow, type RetryPolicy, type RowCondition, retryDelay, retryLater } from './queue';

/** A try holds the mail a minute (then another instance may take it); retries after 1, 2, 4 ... 30 min. */
const RETRY: RetryPolicy = { leaseMs: 60_000, firstRetryMs: 60_000, maxRetryMs: 30 * 60_000 };
/** A mail not sent yet. */
const unsent: RowCondition<'mail_outbox'> = (eb) => eb('sent_at', 'is', null);
const BATCH = 50;

/**
 * Queues one mail; call inside the transaction that decides it.
 * @param invoiceId the invoice whose PDF the mail carries (rendered when it is sent, by
 *   `ctx.mailAttachments.invoice`)
 */
export async function queueMail(
  db: Kysely<Database> | Transaction<Database>,
  to: string,
  mail: RenderedMail,
  now: number,
  invoiceId: number | null = null,
): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      next_attempt_at: now,
      last_error: null,
      created_at: now,
      sent_at: null,
      invoice_id: invoiceId,
    })
    .execute();
}

/**
 * Sends the queued mail that is due, oldest first, `BATCH` at a time until none is left. A failed send is
 * retried after 1, 2, 4 ... minutes (at most 30). Safe when several instances run it: each mail is leased
 * by a conditional update before it is sent.
 * @returns how many mails were sent
 */
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
