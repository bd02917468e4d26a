/** The tables of billing (the credit ledger and invoices), written only by apps/api/src/billing. */
import type { Generated, Selectable } from 'kysely';
import type { Millis } from './columns';

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  /** signed, in 1/10 000 credit */
  amount: number;
  /** purchase | referral | server-order | server-hour | refund | addon | package-change | admin */
  kind: string;
  /** unique: a retried event cannot apply twice */
  reference: string;
  balance_after: number;
  created_at: Millis;
}

export interface InvoiceSequencesTable {
  year: number;
  last_number: number;
}

/** An invoice or credit note as issued (docs/decisions/054-invoice-numbers-and-credit-notes.md). */
export interface InvoicesTable {
  id: Generated<number>;
  /** `<year>-<seq, 6 digits>`, gap-free per year */
  number: string;
  year: number;
  seq: number;
  kind: string;
  user_id: number;
  order_id: number | null;
  related_invoice_id: number | null;
  /** unique: what the document is for (`order:<id>`, `takeback:order:<id>:<cents>`) */
  source_key: string;
  /** cents; negative for a credit note */
  total_cents: number;
  description: string;
  language: string;
  /** JSON of the InvoiceDocument as issued */
  document: string;
  issued_at: Millis;
}

export type Invoice = Selectable<InvoicesTable>;
