/**
 * An invoice or credit note as issued: stored as JSON at issue, rendered to PDF when asked for
 * (docs/decisions/055-invoice-documents.md).
 */
import type { LineText } from './invoice-format';

export interface InvoiceDocument {
  kind: 'invoice' | 'credit-note';
  number: string;
  /** epoch ms: date of issue, of the taxable supply and of the payment */
  issuedAt: number;
  /** credit note: the number of the invoice it corrects */
  relatedNumber?: string;
  supplier: {
    name: string;
    addressLines: string[];
    companyId: string;
    email: string;
    web?: string;
    bankAccount?: string;
  };
  customer: { name: string; email: string; addressLines: string[] };
  /** cents, negative on a credit note */
  lines: Array<{
    description: string;
    /** the description as key and values (documents issued since decision 241) */
    text?: LineText;
    quantity: number;
    unitCents: number;
    totalCents: number;
  }>;
  totalCents: number;
  currency: 'EUR';
  payment: { method: string; reference: string; paidAt: number };
}

/**
 * Checks that a document can be printed: integer cents, lines that add up to the total, valid instants.
 * @throws RangeError naming the first field that is wrong
 */
export function checkDocument(doc: InvoiceDocument): void {
  const integer = (value: number, what: string) => {
    if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be an integer, got ${value}`);
  };
  for (const [i, line] of doc.lines.entries()) {
    integer(line.unitCents, `lines[${i}].unitCents`);
    integer(line.totalCents, `lines[${i}].totalCents`);
    if (!Number.isFinite(line.quantity)) throw new RangeError(`lines[${i}].quantity must be a number`);
  }
  integer(doc.totalCents, 'totalCents');
  const sum = doc.lines.reduce((s, line) => s + line.totalCents, 0);
  if (sum !== doc.totalCents)
    throw new RangeError(`totalCents ${doc.totalCents} is not the sum of the lines (${sum})`);
  for (const [value, what] of [
    [doc.issuedAt, 'issuedAt'],
    [doc.payment.paidAt, 'payment.paidAt'],
  ] as const) {
    if (!Number.isFinite(value) || Number.isNaN(new Date(value).getTime()))
      throw new RangeError(`${what} must be an instant in epoch ms, got ${value}`);
  }
}
