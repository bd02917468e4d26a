/** An invoice's PDF, rendered from the document stored at issue (docs/decisions/055-invoice-documents.md). */
import type { Language } from '@falkenhost/contracts/constants';
import type { AppContext } from '../platform/context';
import type { MailAttachment } from '../platform/mail/mailer';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceDocument } from './invoices';

/** The file name and PDF bytes of an invoice. @throws Error when it does not exist (check ownership first) */
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
 * The PDF of an invoice as a mail attachment, for the outbox's `invoice` renderer.
 * @throws Error when the invoice does not exist
 */
export async function invoiceAttachment(ctx: AppContext, invoiceId: number): Promise<MailAttachment> {
  const { filename, content } = await invoicePdf(ctx, invoiceId);
  return { filename, contentType: 'application/pdf', content };
}
