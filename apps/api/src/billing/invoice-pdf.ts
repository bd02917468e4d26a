/** Invoices and credit notes as A4 PDF with an embedded font (docs/decisions/055-invoice-documents.md). */

import type { Language } from '@falkenhost/contracts/constants';
import type { TFunction } from 'i18next';
import PDFDocument from 'pdfkit';
import { languageOf, translator } from '../platform/i18n';
import { checkDocument, type InvoiceDocument } from './invoice-document';
import { countryName, formatInvoiceAmount, formatInvoiceDate, INVOICE_LOCALES } from './invoice-format';
import {
  BOLD,
  COLOR,
  COLUMN,
  facts,
  fonts,
  footers,
  labelled,
  MARGIN,
  type Pdf,
  party,
  REGULAR,
} from './invoice-pdf-parts';

/**
 * Renders an invoice or credit note as PDF bytes; the same document gives the same bytes (the PDF's dates
 * are `issuedAt`, not the time of rendering).
 * @param doc amounts in integer cents, instants in epoch ms
 * @param language the customer's; anything else falls back to English
 * @throws RangeError when `checkDocument` rejects the document; Error when the font package is missing
 */
export async function renderInvoicePdf(doc: InvoiceDocument, language: Language): Promise<Buffer> {
  checkDocument(doc);
  const lng = languageOf(language);
  const t = translator(lng, 'invoice');
  const title = t(`title.${kindKey(doc)}`, { number: doc.number });
  const font = fonts();
  const issued = new Date(doc.issuedAt);
  const pdf = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    font: font.regular,
    bufferPages: true,
    lang: INVOICE_LOCALES[lng],
    displayTitle: true,
    info: {
      Title: title,
      Author: doc.supplier.name,
      Subject: `${title}, ${doc.customer.name}`,
      Creator: doc.supplier.name,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  pdf.registerFont(REGULAR, font.regular);
  pdf.registerFont(BOLD, font.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  draw(pdf, doc, t, lng, title);
  pdf.end();
  return done;
}

/** The translation keys' name of the document's kind. */
function kindKey(doc: InvoiceDocument): 'invoice' | 'creditNote' {
  return doc.kind === 'invoice' ? 'invoice' : 'creditNote';
}

/**
 * What every block of the page draws with: the document, its translations and language, its title, and the
 * text area in points (`left` to `right`, `width` apart, down to `bottom`).
 */
interface Page {
  pdf: Pdf;
  doc: InvoiceDocument;
  t: TFunction;
  lng: Language;
  title: string;
  left: number;
  right: number;
  width: number;
  bottom: number;
}

/** Points between the two columns of the parties and of the facts. */
const GAP = 28;

/** The total and note below the table, kept on the page with the last line. */
const CLOSING = 8 + 22 + 12 + 28;

function draw(pdf: Pdf, doc: InvoiceDocument, t: TFunction, lng: Language, title: string): void {
  const left = MARGIN.left;
  const width = pdf.page.width - MARGIN.left - MARGIN.right;
  const right = left + width;
  const bottom = pdf.page.height - MARGIN.bottom;
  const page: Page = { pdf, doc, t, lng, title, left, right, width, bottom };

  let y = drawTitle(page);
  y = drawParties(page, y);
  y = drawFacts(page, y);
  y = drawLines(page, y);
  drawTotal(page, y);

  footers(pdf, doc, t);
}

/** A rule across the page at `y`. */
function rule(page: Page, y: number, color = COLOR.rule, lineWidth = 0.75): void {
  page.pdf.moveTo(page.left, y).lineTo(page.right, y).lineWidth(lineWidth).strokeColor(color).stroke();
}

/** Starts the next page with the title small at its top. @returns the y below it */
function newPage(page: Page): number {
  const { pdf, title, left, width } = page;
  pdf.addPage();
  const y = MARGIN.top;
  pdf.font(REGULAR).fontSize(9).fillColor(COLOR.muted).text(title, left, y, { width, lineBreak: false });
  return y + 22;
}

/** The title, the number of the invoice a credit note corrects, and the accent rule. @returns the y below */
function drawTitle(page: Page): number {
  const { pdf, doc, t, title, left, width } = page;
  let y = MARGIN.top;
  pdf.font(BOLD).fontSize(20).fillColor(COLOR.text).text(title, left, y, { width });
  y = pdf.y + 2;
  if (doc.kind === 'credit-note' && doc.relatedNumber) {
    pdf
      .font(REGULAR)
      .fontSize(10)
      .fillColor(COLOR.muted)
      .text(t('corrects', { number: doc.relatedNumber }), left, y, { width });
    y = pdf.y;
  }
  y += 10;
  rule(page, y, COLOR.accent, 1.5);
  return y + 12;
}

/** The supplier and the customer side by side, from `y`, and a rule. @returns the y below */
function drawParties(page: Page, y: number): number {
  const { pdf, doc, t, lng, left, width } = page;
  const column = (width - GAP) / 2;
  const supplier = doc.supplier;
  const supplierLines = [
    ...supplier.addressLines,
    labelled(t, 'companyId', supplier.companyId),
    t('notVatPayer'),
    labelled(t, 'email', supplier.email),
    ...(supplier.web ? [labelled(t, 'web', supplier.web)] : []),
    ...(supplier.bankAccount ? [labelled(t, 'bankAccount', supplier.bankAccount)] : []),
  ];
  // Documents issued before the country was named at issue end their address with its code ("CZ").
  const address = doc.customer.addressLines;
  const customerLines = [
    ...address.slice(0, -1),
    ...address.slice(-1).map((line) => countryName(lng, line)),
    doc.customer.email,
  ];
  const partiesEnd = Math.max(
    party(pdf, left, y, column, t('supplier').toLocaleUpperCase(lng), supplier.name, supplierLines),
    party(
      pdf,
      left + column + GAP,
      y,
      column,
      t('customer').toLocaleUpperCase(lng),
      doc.customer.name,
      customerLines,
    ),
  );
  y = partiesEnd + 10;
  rule(page, y);
  return y + 9;
}

/** The dates on the left and the payment on the right, from `y`, and a rule. @returns the y below */
function drawFacts(page: Page, y: number): number {
  const { pdf, doc, t, lng, left, width } = page;
  const column = (width - GAP) / 2;
  const date = (instant: number) => formatInvoiceDate(lng, instant);
  const factsEnd = Math.max(
    facts(pdf, left, y, column, [
      [t('issuedAt'), date(doc.issuedAt)],
      [t('taxableSupplyAt'), date(doc.issuedAt)],
      [t(`paidAt.${kindKey(doc)}`), date(doc.payment.paidAt)],
    ]),
    facts(pdf, left + column + GAP, y, column, [
      [t('paymentMethod'), doc.payment.method],
      [t('paymentReference'), doc.payment.reference],
    ]),
  );
  y = factsEnd + 5;
  rule(page, y);
  return y + 14;
}

/** A column of the table: its left edge and width in points. */
interface Column {
  x: number;
  width: number;
}
type Columns = Record<'description' | 'quantity' | 'unit' | 'amount', Column>;

/** The table's columns: the description takes what the others leave. */
function tableColumns(page: Page): Columns {
  const { left, right, width } = page;
  const pad = COLUMN.padding;
  const descriptionWidth = width - COLUMN.quantity - COLUMN.unit - COLUMN.amount - 2 * pad;
  return {
    description: { x: left + pad, width: descriptionWidth },
    quantity: { x: left + pad + descriptionWidth, width: COLUMN.quantity - pad },
    unit: { x: left + pad + descriptionWidth + COLUMN.quantity, width: COLUMN.unit - pad },
    amount: { x: right - COLUMN.amount, width: COLUMN.amount - pad },
  };
}

/** The table's shaded header row at `y`. @returns the y below it */
function tableHeader(page: Page, columns: Columns, y: number): number {
  const { pdf, t, left, width } = page;
  const height = 20;
  pdf.rect(left, y, width, height).fill(COLOR.fill);
  pdf.font(BOLD).fontSize(8.5).fillColor(COLOR.muted);
  const textY = y + 6;
  const cell = (text: string, c: Column, align: 'left' | 'right') =>
    pdf.text(text, c.x, textY, { width: c.width, align, lineBreak: false, ellipsis: true });
  cell(t('description'), columns.description, 'left');
  cell(t('quantity'), columns.quantity, 'right');
  cell(t('unitPrice'), columns.unit, 'right');
  cell(t('amount'), columns.amount, 'right');
  return y + height;
}

/**
 * The table of the document's lines from `y`, going on to new pages (each with the header again); the
 * last line stays on the page with the total. @returns the y below the last line
 */
function drawLines(page: Page, y: number): number {
  const { pdf, doc, lng, bottom } = page;
  const amount = (cents: number) => formatInvoiceAmount(lng, cents);
  const quantity = new Intl.NumberFormat(INVOICE_LOCALES[lng], { maximumFractionDigits: 3 });
  const columns = tableColumns(page);
  y = tableHeader(page, columns, y);
  for (const [i, line] of doc.lines.entries()) {
    pdf.font(REGULAR).fontSize(9);
    const textHeight = pdf.heightOfString(line.description, { width: columns.description.width });
    const height = textHeight + 8;
    const last = i === doc.lines.length - 1;
    if (y + height + (last ? CLOSING : 0) > bottom) {
      y = tableHeader(page, columns, newPage(page));
      pdf.font(REGULAR).fontSize(9);
    }
    const textY = y + 4.5;
    pdf.fillColor(COLOR.text);
    pdf.text(line.description, columns.description.x, textY, { width: columns.description.width });
    const cell = (text: string, c: Column) =>
      pdf.text(text, c.x, textY, { width: c.width, align: 'right', lineBreak: false });
    cell(quantity.format(line.quantity), columns.quantity);
    cell(amount(line.unitCents), columns.unit);
    cell(amount(line.totalCents), columns.amount);
    y += height;
    rule(page, y);
  }
  return y;
}

/** The total with its currency, a rule, and the note that the document is settled, from `y`. */
function drawTotal(page: Page, y: number): void {
  const { pdf, doc, t, lng, left, right, width, bottom } = page;
  const pad = COLUMN.padding;
  // On a page of their own only when there are no lines.
  if (y + CLOSING > bottom) y = newPage(page);
  y += 8;
  const totalWidth = 170;
  pdf
    .font(BOLD)
    .fontSize(13)
    .fillColor(COLOR.text)
    .text(formatInvoiceAmount(lng, doc.totalCents), right - totalWidth, y, {
      width: totalWidth - pad,
      align: 'right',
    });
  pdf
    .font(BOLD)
    .fontSize(10.5)
    .fillColor(COLOR.text)
    .text(`${t('total')} (${doc.currency})`, left, y + 3, {
      width: width - totalWidth - pad,
      align: 'right',
    });
  y += 22;
  rule(page, y, COLOR.text, 1);
  y += 12;
  const noteHeight = 28;
  pdf.rect(left, y, width, noteHeight).fill(COLOR.settledFill);
  pdf.rect(left, y, 3, noteHeight).fill(COLOR.settled);
  pdf
    .font(BOLD)
    .fontSize(10.5)
    .fillColor(COLOR.settled)
    .text(t(`settled.${kindKey(doc)}`), left + 14, y + 8.5, {
      width: width - 24,
      lineBreak: false,
      ellipsis: true,
    });
}
