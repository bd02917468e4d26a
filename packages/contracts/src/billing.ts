/**
 * The "Billing" part of the settings section (issue 8): the customer's invoices and credit notes with a
 * PDF each, and the credit history (every ledger row).
 */
import { z } from 'zod';

/** Invoice kinds: an invoice for a paid payment, a credit note for a refund or chargeback. */
export const INVOICE_KINDS = ['invoice', 'credit-note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** One row of GET /api/private/billing/invoices, newest first. */
export const invoiceRow = z.object({
  id: z.number().int(),
  /** gap-free yearly number, e.g. 2026-000123 */
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** ISO 8601 */
  issued_at: z.string(),
  /** euro; negative for a credit note */
  total: z.number(),
  /** the first line's text, e.g. "Minecraft Starter, 1 month" */
  description: z.string(),
  /** GET this for the PDF (same-origin, needs the session) */
  pdf_url: z.string(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;
export const invoicesAnswer = z.array(invoiceRow);

/** Ledger entry kinds, as the credit history names them. */
export const LEDGER_KINDS = [
  'purchase',
  'server-order',
  'server-hour',
  'unsuspend',
  'addon',
  'package-change',
  'refund',
  'reversal',
  'referral',
  'admin',
] as const;

/** GET /api/private/billing/ledger?page=1 (1-based; 50 rows a page, newest first). */
export const LEDGER_PAGE_SIZE = 50;
export const ledgerQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export const ledgerRow = z.object({
  id: z.number().int(),
  /** ISO 8601 */
  created_at: z.string(),
  /** one of LEDGER_KINDS (an unknown kind is shown as is) */
  kind: z.string(),
  /** credits; negative when spent */
  amount: z.number(),
  /** credits after this entry */
  balance_after: z.number(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;
export const ledgerAnswer = z.object({
  rows: z.array(ledgerRow),
  page: z.number().int(),
  /** number of pages (at least 1) */
  pages: z.number().int(),
});
export type LedgerAnswer = z.infer<typeof ledgerAnswer>;
