/**
 * An invoice's PDF, rendered from the document stored at issue (so it is the same every time it is
 * asked for), for the mail that carries it and for the download in Settings, Billing.
 */
import type { Language } from '@falkenhost/contracts/constants';
import type { AppContext } from '../platform/context';
import type { MailAttachment } from '../platform/mail/mailer';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceDocument } from './invoices';

/**
 * @returns the file name (`invoice-2026-000123.pdf`, `credit-note-...`) and the PDF bytes
 * @throws Error when the invoice does not exist (callers check ownership first)
 */
export async function invoicePdf(
  ctx: AppContext,
  invoiceId: number,
): Promise<{ filename: string; content: Buffer }> {
  const invoice = await ctx.db
    .selectFrom('invoices')
    .select(['number', 'kind', 'language', 'document'])
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  const content = await renderInvoicePdf(invoiceDocument(invoice), invoice.language as Language);
  return { filename: `${invoice.kind}-${invoice.number}.pdf`, content };
}

/**
 * The PDF of an invoice as a mail attachment: the outbox's `invoice` renderer (platform/outbox.ts), given
 * to it through `ctx.mailAttachments` by app/server.ts.
 * @throws Error when the invoice does not exist
 */
export async function invoiceAttachment(ctx: AppContext, invoiceId: number): Promise<MailAttachment> {
  const { filename, content } = await invoicePdf(ctx, invoiceId);
  return { filename, contentType: 'application/pdf', content };
}
