/**
 * The "Billing" part of the settings section (issue 8): the customer's invoices and credit notes with a
 * PDF each, and the credit history (every ledger row).
 */
import { z } from 'zod';
import { CREDITS_ORDER_MAX, CREDITS_ORDER_MIN } from './constants';
import { topUpPrice } from './money';

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

/**
 * Auto top-up (issue 43, money-and-billing.md "Auto top-up"): below `threshold` credits the product buys
 * `amount` credits on the customer's card mandate, at most `monthlyCap` euros a calendar month.
 */
export const AUTO_TOP_UP_THRESHOLD_MIN = 1;
export const AUTO_TOP_UP_THRESHOLD_MAX = 25_000;
/** the credit order's range (product.md "Business constants and limits") */
export const AUTO_TOP_UP_AMOUNT_MIN = CREDITS_ORDER_MIN;
export const AUTO_TOP_UP_AMOUNT_MAX = CREDITS_ORDER_MAX;
/** whole euros */
export const AUTO_TOP_UP_CAP_MIN = 1;
export const AUTO_TOP_UP_CAP_MAX = 10_000;

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * PUT /api/private/billing/auto-top-up: JSON integers, no coercions. Messages name the field; the cap must
 * pay at least one top-up (`monthly-cap-below-price`), since no top-up could ever start under it.
 */
export const autoTopUpBody = z
  .object({
    enabled: z.boolean({ error: 'enabled' }),
    /** whole credits: a top-up starts when the balance falls below this */
    threshold: wholeNumber('threshold', AUTO_TOP_UP_THRESHOLD_MIN, AUTO_TOP_UP_THRESHOLD_MAX),
    /** whole credits bought by each top-up */
    amount: wholeNumber('amount', AUTO_TOP_UP_AMOUNT_MIN, AUTO_TOP_UP_AMOUNT_MAX),
    /** whole euros: what top-ups may cost in a calendar month, fees included */
    monthlyCap: wholeNumber('monthly-cap', AUTO_TOP_UP_CAP_MIN, AUTO_TOP_UP_CAP_MAX),
  })
  .superRefine((body, ctx) => {
    if (body.monthlyCap * 100 < topUpPrice(body.amount).total)
      ctx.addIssue({ code: 'custom', message: 'monthly-cap-below-price', path: ['monthlyCap'] });
  });
export type AutoTopUpBody = z.infer<typeof autoTopUpBody>;

/** off; on (top-ups start on the mandate); waiting for the first payment that makes the mandate */
export const AUTO_TOP_UP_STATUSES = ['off', 'on', 'awaiting-payment'] as const;

/** GET and PUT /api/private/billing/auto-top-up. */
export const autoTopUpAnswer = z.object({
  /** true once top-ups start by themselves (status `on`) */
  enabled: z.boolean(),
  status: z.enum(AUTO_TOP_UP_STATUSES),
  threshold: z.number().int(),
  amount: z.number().int(),
  /** euros */
  monthlyCap: z.number().int(),
  /** euros, fee included: what one top-up costs */
  topUpPrice: z.number(),
  /** euros spent by top-ups this calendar month (Europe/Prague), fees included */
  spentThisMonth: z.number(),
  /** ISO 8601: when the last top-up failed and turned auto top-up off; null when none did since */
  failedAt: z.string().nullable(),
  /** PUT without a card mandate: the checkout of the first payment, which buys `amount` credits */
  checkoutUrl: z.string().optional(),
});
export type AutoTopUpAnswer = z.infer<typeof autoTopUpAnswer>;
