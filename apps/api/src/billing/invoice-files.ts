/**
 * An invoice's PDF, rendered from the document stored at issue (so it is the same every time it is
 * asked for), for the mail that carries it and for the download in Settings, Billing.
 */
import type { Language } from '@falkenhost/contracts/constants';
import type { AppContext } from '../platform/context';
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
