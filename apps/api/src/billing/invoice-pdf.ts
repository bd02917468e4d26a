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
  const kind = doc.kind === 'invoice' ? 'invoice' : 'creditNote';
  const title = t(`title.${kind}`, { number: doc.number });
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

function draw(pdf: Pdf, doc: InvoiceDocument, t: TFunction, lng: Language, title: string): void {
  const left = MARGIN.left;
  const width = pdf.page.width - MARGIN.left - MARGIN.right;
  const right = left + width;
  const bottom = pdf.page.height - MARGIN.bottom;
  const kind = doc.kind === 'invoice' ? 'invoice' : 'creditNote';
  const amount = (cents: number) => formatInvoiceAmount(lng, cents);
  const date = (instant: number) => formatInvoiceDate(lng, instant);
  const quantity = new Intl.NumberFormat(INVOICE_LOCALES[lng], { maximumFractionDigits: 3 });

  const rule = (y: number, color = COLOR.rule, lineWidth = 0.75) => {
    pdf.moveTo(left, y).lineTo(right, y).lineWidth(lineWidth).strokeColor(color).stroke();
  };

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
  rule(y, COLOR.accent, 1.5);
  y += 12;

  const gap = 28;
  const column = (width - gap) / 2;
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
      left + column + gap,
      y,
      column,
      t('customer').toLocaleUpperCase(lng),
      doc.customer.name,
      customerLines,
    ),
  );
  y = partiesEnd + 10;
  rule(y);
  y += 9;

  const factsEnd = Math.max(
    facts(pdf, left, y, column, [
      [t('issuedAt'), date(doc.issuedAt)],
      [t('taxableSupplyAt'), date(doc.issuedAt)],
      [t(`paidAt.${kind}`), date(doc.payment.paidAt)],
    ]),
    facts(pdf, left + column + gap, y, column, [
      [t('paymentMethod'), doc.payment.method],
      [t('paymentReference'), doc.payment.reference],
    ]),
  );
  y = factsEnd + 5;
  rule(y);
  y += 14;

  const pad = COLUMN.padding;
  const descriptionWidth = width - COLUMN.quantity - COLUMN.unit - COLUMN.amount - 2 * pad;
  const columns = {
    description: { x: left + pad, width: descriptionWidth },
    quantity: { x: left + pad + descriptionWidth, width: COLUMN.quantity - pad },
    unit: { x: left + pad + descriptionWidth + COLUMN.quantity, width: COLUMN.unit - pad },
    amount: { x: right - COLUMN.amount, width: COLUMN.amount - pad },
  };
  const header = () => {
    const height = 20;
    pdf.rect(left, y, width, height).fill(COLOR.fill);
    pdf.font(BOLD).fontSize(8.5).fillColor(COLOR.muted);
    const textY = y + 6;
    const cell = (text: string, c: { x: number; width: number }, align: 'left' | 'right') =>
      pdf.text(text, c.x, textY, { width: c.width, align, lineBreak: false, ellipsis: true });
    cell(t('description'), columns.description, 'left');
    cell(t('quantity'), columns.quantity, 'right');
    cell(t('unitPrice'), columns.unit, 'right');
    cell(t('amount'), columns.amount, 'right');
    y += height;
  };
  const newPage = () => {
    pdf.addPage();
    y = MARGIN.top;
    pdf.font(REGULAR).fontSize(9).fillColor(COLOR.muted).text(title, left, y, { width, lineBreak: false });
    y += 22;
  };

  // The total and note below the table, kept on the page with the last line.
  const closing = 8 + 22 + 12 + 28;
  header();
  for (const [i, line] of doc.lines.entries()) {
    pdf.font(REGULAR).fontSize(9);
    const textHeight = pdf.heightOfString(line.description, { width: columns.description.width });
    const height = textHeight + 8;
    const last = i === doc.lines.length - 1;
    if (y + height + (last ? closing : 0) > bottom) {
      newPage();
      header();
      pdf.font(REGULAR).fontSize(9);
    }
    const textY = y + 4.5;
    pdf.fillColor(COLOR.text);
    pdf.text(line.description, columns.description.x, textY, { width: columns.description.width });
    const cell = (text: string, c: { x: number; width: number }) =>
      pdf.text(text, c.x, textY, { width: c.width, align: 'right', lineBreak: false });
    cell(quantity.format(line.quantity), columns.quantity);
    cell(amount(line.unitCents), columns.unit);
    cell(amount(line.totalCents), columns.amount);
    y += height;
    rule(y);
  }

  // On a page of their own only when there are no lines.
  if (y + closing > bottom) newPage();
  y += 8;
  const totalWidth = 170;
  pdf
    .font(BOLD)
    .fontSize(13)
    .fillColor(COLOR.text)
    .text(amount(doc.totalCents), right - totalWidth, y, { width: totalWidth - pad, align: 'right' });
  pdf
    .font(BOLD)
    .fontSize(10.5)
    .fillColor(COLOR.text)
    .text(`${t('total')} (${doc.currency})`, left, y + 3, {
      width: width - totalWidth - pad,
      align: 'right',
    });
  y += 22;
  rule(y, COLOR.text, 1);
  y += 12;
  const noteHeight = 28;
  pdf.rect(left, y, width, noteHeight).fill(COLOR.settledFill);
  pdf.rect(left, y, 3, noteHeight).fill(COLOR.settled);
  pdf
    .font(BOLD)
    .fontSize(10.5)
    .fillColor(COLOR.settled)
    .text(t(`settled.${kind}`), left + 14, y + 8.5, { width: width - 24, lineBreak: false, ellipsis: true });

  footers(pdf, doc, t);
}
