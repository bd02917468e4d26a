/**
 * Invoices for every paid payment and credit notes for every refund or chargeback, numbered from one
 * gap-free sequence a year (docs/decisions/054-invoice-numbers-and-credit-notes.md).
 */
import type { BillingAddress } from '@falkenhost/contracts/store';
import type { Transaction } from 'kysely';
import type { AppContext } from '../platform/context';
import type { Database, Invoice } from '../platform/db/schema';
import { languageOf } from '../platform/i18n';
import { renderNoticeMail } from '../platform/mail/templates';
import { queueMail } from '../platform/outbox';
import type { InvoiceDocument } from './invoice-document';
import {
  countryName,
  formatInvoiceAmount,
  INVOICE_TIME_ZONE,
  invoiceText,
  type LineText,
  writeLineText,
} from './invoice-format';

/** One line of an invoice, in cents (negative on a credit note). */
export interface InvoiceLine {
  description: string;
  /** the description as a key and values, to write it again in another language */
  text?: LineText;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

/** The calendar year of `instant` (epoch ms) in the supplier's time zone. */
export function invoiceYear(instant: number): number {
  return Number(
    new Intl.DateTimeFormat('en', { timeZone: INVOICE_TIME_ZONE, year: 'numeric' }).format(instant),
  );
}

/**
 * Takes the next number of `year`'s sequence inside `trx`, given back if `trx` rolls back.
 * @returns `{ seq, number }`, number as `YYYY-NNNNNN`
 */
export async function nextInvoiceNumber(
  trx: Transaction<Database>,
  year: number,
): Promise<{ seq: number; number: string }> {
  await trx
    .insertInto('invoice_sequences')
    .values({ year, last_number: 0 })
    .onConflict((oc) => oc.column('year').doNothing())
    .execute();
  const row = await trx
    .updateTable('invoice_sequences')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('year', '=', year)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  const seq = Number(row.last_number);
  return { seq, number: `${year}-${String(seq).padStart(6, '0')}` };
}

export interface IssueInput {
  userId: number;
  orderId: number | null;
  /** what the document is for, once: `order:<id>` or `takeback:order:<id>:<cents>` */
  sourceKey: string;
  kind: 'invoice' | 'credit-note';
  relatedInvoiceId?: number | null;
  lines: InvoiceLine[];
  payment: { method: string; reference: string; paidAt: number };
  billingAddress: Partial<BillingAddress> | null;
  issuedAt: number;
  /** queue the mail that carries the PDF */
  mail: boolean;
}

/**
 * Issues an invoice or credit note inside `trx` and, when asked, queues its mail with the PDF; a second
 * call for the same `sourceKey` issues nothing and answers the first's id.
 */
export async function issueInvoice(
  ctx: AppContext,
  trx: Transaction<Database>,
  input: IssueInput,
): Promise<number> {
  const existing = await trx
    .selectFrom('invoices')
    .select('id')
    .where('source_key', '=', input.sourceKey)
    .executeTakeFirst();
  if (existing) return existing.id;
  const user = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username', 'email', 'language'])
    .where('id', '=', input.userId)
    .executeTakeFirstOrThrow();
  const related = input.relatedInvoiceId
    ? await trx
        .selectFrom('invoices')
        .select('number')
        .where('id', '=', input.relatedInvoiceId)
        .executeTakeFirst()
    : undefined;
  const year = invoiceYear(input.issuedAt);
  const { seq, number } = await nextInvoiceNumber(trx, year);
  const totalCents = input.lines.reduce((sum, line) => sum + line.totalCents, 0);
  const language = languageOf(user.language);
  const document: InvoiceDocument = {
    kind: input.kind,
    number,
    issuedAt: input.issuedAt,
    ...(related ? { relatedNumber: related.number } : {}),
    supplier: ctx.config.supplier,
    customer: {
      name: `${user.first_name} ${user.last_name}`.trim() || user.username,
      email: user.email,
      addressLines: addressLines(input.billingAddress, language),
    },
    lines: input.lines,
    totalCents,
    currency: 'EUR',
    payment: input.payment,
  };
  const row = await trx
    .insertInto('invoices')
    .values({
      number,
      year,
      seq,
      kind: input.kind,
      user_id: input.userId,
      order_id: input.orderId,
      related_invoice_id: input.relatedInvoiceId ?? null,
      source_key: input.sourceKey,
      total_cents: totalCents,
      description: (input.lines[0]?.description ?? number).slice(0, 255),
      language,
      document: JSON.stringify(document),
      issued_at: input.issuedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.mail) {
    const amount = formatInvoiceAmount(language, Math.abs(totalCents));
    const mail = renderNoticeMail(input.kind === 'invoice' ? 'receipt' : 'creditNote', language, {
      username: user.username,
      firstName: user.first_name,
      number,
      amount,
    });
    await queueMail(trx, user.email, mail, input.issuedAt, row.id);
  }
  return row.id;
}

/** The stored document of an invoice, as issued. */
export function invoiceDocument(invoice: Pick<Invoice, 'document'>): InvoiceDocument {
  return JSON.parse(invoice.document) as InvoiceDocument;
}

/** The address as printed: the country named in the invoice's language ("CZ" reads "Česko" in Czech). */
function addressLines(address: Partial<BillingAddress> | null, language: string): string[] {
  if (!address) return [];
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(' ');
  const country = address.country ? countryName(language, address.country) : undefined;
  return [address.addressLine1, address.addressLine2, cityLine, address.state, country].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
}

/**
 * The lines of a payment's price in product.md "Business constants and limits"'s order (base, monthly
 * reduction, discount, fee), in cents; they add up to `price.total`.
 */
export function priceLines(
  language: string,
  base: LineText,
  price: { base: number; monthlyDiscount: number; discount: number; fee: number; total: number },
  extra: { monthlyPercent?: number; discountCode?: string; discountPercent?: number; method: string },
): InvoiceLine[] {
  const line = (description: string, cents: number): InvoiceLine => ({
    description,
    quantity: 1,
    unitCents: cents,
    totalCents: cents,
  });
  const lines = [textLine(language, base, price.base)];
  if (price.monthlyDiscount > 0)
    lines.push(
      line(
        invoiceText(language, 'monthlyDiscount', { percent: String(extra.monthlyPercent ?? 5) }),
        -price.monthlyDiscount,
      ),
    );
  if (price.discount > 0)
    lines.push(
      line(
        invoiceText(language, 'discount', {
          code: extra.discountCode ?? '',
          percent: String(extra.discountPercent ?? 0),
        }),
        -price.discount,
      ),
    );
  if (price.fee !== 0)
    lines.push(
      line(
        invoiceText(language, 'fee', { method: invoiceText(language, `method.${extra.method}`) }),
        price.fee,
      ),
    );
  return lines;
}

/** One line of `cents` (quantity 1) whose description is `text` written in `language`. */
export function textLine(language: string, text: LineText, cents: number): InvoiceLine {
  return {
    description: writeLineText(language, text),
    text,
    quantity: 1,
    unitCents: cents,
    totalCents: cents,
  };
}

/**
 * The customer's invoices and credit notes, newest first; totals in cents. `description` is the first
 * line written in `language` (the page's), or as issued for a document from before lines kept their key.
 */
export async function listInvoices(ctx: AppContext, userId: number, language: string) {
  const rows = await ctx.db
    .selectFrom('invoices')
    .select(['id', 'number', 'kind', 'issued_at', 'total_cents', 'description', 'document'])
    .where('user_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
  return rows.map(({ document, ...row }) => {
    const text = invoiceDocument({ document }).lines[0]?.text;
    return { ...row, description: text ? writeLineText(language, text) : row.description };
  });
}
