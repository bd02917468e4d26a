/**
 * Mail written in the same transaction as the decision it tells of (a suspension, a deletion warning),
 * and sent by a job afterwards: a crash between the two loses no mail, and a mail server that is down
 * delays it (retried with backoff) rather than failing the billing run (DEVELOPERS.md "survives a crash").
 */
import type { Kysely, Transaction } from 'kysely';
import { invoicePdf } from '../billing/invoice-files';
import type { AppContext } from './context';
import type { Database } from './db/schema';
import type { MailAttachment } from './mail/mailer';
import type { RenderedMail } from './mail/templates';

/** A sending attempt holds the mail this long; another instance takes it over after. */
const LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 30 * 60_000;
const BATCH = 50;

/**
 * Queues one mail; call inside the transaction that decides it.
 * @param invoiceId the invoice whose PDF the mail carries (rendered when it is sent)
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
      const leased = await ctx.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: now + LEASE_MS, attempts: mail.attempts + 1 })
        .where('id', '=', mail.id)
        .where('next_attempt_at', '=', mail.next_attempt_at)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (Number(leased.numUpdatedRows) !== 1) continue;
      progressed = true;
      try {
        await ctx.mailer.send({
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.invoice_id !== null
            ? { attachments: [await invoiceAttachment(ctx, mail.invoice_id)] }
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
        const delay = Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** mail.attempts);
        await ctx.db
          .updateTable('mail_outbox')
          .set({ next_attempt_at: ctx.now() + delay, last_error: String(error).slice(0, 500) })
          .where('id', '=', mail.id)
          .execute();
        ctx.log.error({ err: error, mailId: mail.id }, 'sending mail failed; retried later');
      }
    }
    if (!progressed) return sent;
  }
}

/** The PDF of an invoice as a mail attachment. */
async function invoiceAttachment(ctx: AppContext, invoiceId: number): Promise<MailAttachment> {
  const { filename, content } = await invoicePdf(ctx, invoiceId);
  return { filename, contentType: 'application/pdf', content };
}
