/** What the customer's Billing settings read: their own invoices' PDFs and credit history. */
import { LEDGER_PAGE_SIZE, type LedgerAnswer } from '@falkenhost/contracts/billing';
import { REASONS } from '@falkenhost/contracts/errors';
import { unitsToCredits } from '@falkenhost/contracts/money';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { invoicePdf } from './invoice-files';

/**
 * GET billing/invoices/:id/pdf: file name and PDF bytes of this user's invoice or credit note.
 * @throws AppError 404 not-found when the invoice does not exist or is another user's
 */
export async function ownInvoicePdf(
  ctx: AppContext,
  userId: number,
  invoiceId: number,
): Promise<{ filename: string; content: Buffer }> {
  const invoice = await ctx.db
    .selectFrom('invoices')
    .select('id')
    .where('id', '=', invoiceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!invoice) throw new AppError(404, REASONS.notFound);
  return invoicePdf(ctx, invoice.id);
}

/** GET billing/ledger: one 1-based page of the user's credit history, newest first (past the end: last). */
export async function ledgerPage(ctx: AppContext, userId: number, page: number): Promise<LedgerAnswer> {
  const { count } = await ctx.db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(count) / LEDGER_PAGE_SIZE));
  const shown = Math.min(page, pages);
  const rows = await ctx.db
    .selectFrom('credit_ledger')
    .select(['id', 'created_at', 'kind', 'amount', 'balance_after'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LEDGER_PAGE_SIZE)
    .offset((shown - 1) * LEDGER_PAGE_SIZE)
    .execute();
  return {
    page: shown,
    pages,
    rows: rows.map((r) => ({
      id: r.id,
      created_at: new Date(r.created_at).toISOString(),
      kind: r.kind,
      amount: unitsToCredits(Number(r.amount)),
      balance_after: unitsToCredits(Number(r.balance_after)),
    })),
  };
}
