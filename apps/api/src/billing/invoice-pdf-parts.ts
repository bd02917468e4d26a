/** The building blocks of the invoice PDF: embedded font, colours, margins, columns and the blocks drawn. */
import { createRequire } from 'node:module';
import type { TFunction } from 'i18next';
import type { InvoiceDocument } from './invoice-document';

interface FontFiles {
  regular: string;
  bold: string;
}

let fontFiles: FontFiles | undefined;

/** The DejaVu Sans TTF files, resolved as this module's dependency so source and bundle both find them. */
export function fonts(): FontFiles {
  if (!fontFiles) {
    const requireFrom = createRequire(import.meta.url);
    fontFiles = {
      regular: requireFrom.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
      bold: requireFrom.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
    };
  }
  return fontFiles;
}

export const REGULAR = 'regular';
export const BOLD = 'bold';

export const COLOR = {
  text: '#1a1b1e',
  muted: '#6b7280',
  accent: '#1c7ed6',
  rule: '#dee2e6',
  fill: '#f1f3f5',
  settled: '#2b8a3e',
  settledFill: '#ebfbee',
};

/** Page margins in points; the footer sits in the bottom margin. */
export const MARGIN = { top: 44, bottom: 52, left: 48, right: 48 };

/** Table columns (points): the description takes what the others leave. */
export const COLUMN = { quantity: 62, unit: 96, amount: 96, padding: 6 };

export type Pdf = PDFKit.PDFDocument;

/** "Label: value", the value kept on one line so an IBAN's groups are not split. */
export function labelled(t: TFunction, key: string, value: string): string {
  return t('labelValue', { label: t(key), value: value.replace(/ /g, '\u00a0') });
}

/** A party's block: a small label, the name in bold, then the lines. @returns the y below it */
export function party(
  pdf: Pdf,
  x: number,
  y: number,
  width: number,
  label: string,
  name: string,
  lines: string[],
): number {
  pdf
    .font(BOLD)
    .fontSize(8)
    .fillColor(COLOR.accent)
    .text(label, x, y, { width, characterSpacing: 0.6, lineBreak: false });
  pdf
    .font(BOLD)
    .fontSize(11.5)
    .fillColor(COLOR.text)
    .text(name, x, y + 14, { width });
  pdf
    .font(REGULAR)
    .fontSize(9.5)
    .fillColor(COLOR.text)
    .text(lines.join('\n'), x, pdf.y + 3, { width, lineGap: 1.5 });
  return pdf.y;
}

/** Label and value pairs, the labels in a column as wide as the widest. @returns the y below them */
export function facts(pdf: Pdf, x: number, y: number, width: number, rows: Array<[string, string]>): number {
  pdf.font(REGULAR).fontSize(9);
  const labelWidth = Math.min(width * 0.6, Math.max(...rows.map(([label]) => pdf.widthOfString(label))) + 12);
  const valueWidth = width - labelWidth;
  for (const [label, value] of rows) {
    pdf.font(REGULAR).fontSize(9);
    const labelHeight = pdf.heightOfString(label, { width: labelWidth - 8 });
    pdf.fillColor(COLOR.muted).text(label, x, y, { width: labelWidth - 8 });
    pdf.font(BOLD).fontSize(9);
    const valueHeight = pdf.heightOfString(value, { width: valueWidth });
    pdf.fillColor(COLOR.text).text(value, x + labelWidth, y, { width: valueWidth });
    y += Math.max(labelHeight, valueHeight) + 4;
  }
  return y;
}

const FOOTER_SEPARATOR = '  ·  ';

/** The supplier line and the page number at the foot of every page. */
export function footers(pdf: Pdf, doc: InvoiceDocument, t: TFunction): void {
  const range = pdf.bufferedPageRange();
  const left = MARGIN.left;
  const width = pdf.page.width - MARGIN.left - MARGIN.right;
  const parts = [
    doc.supplier.name,
    labelled(t, 'companyId', doc.supplier.companyId),
    t('notVatPayer'),
  ].concat(doc.supplier.web ? [doc.supplier.web] : []);
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const page = pdf.page;
    const y = page.height - MARGIN.bottom + 20;
    // Text in the bottom margin would make pdfkit start a new page.
    const marginBottom = page.margins.bottom;
    page.margins.bottom = 0;
    pdf
      .moveTo(left, y - 8)
      .lineTo(left + width, y - 8)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    const pageLabel = t('page', { page: String(i - range.start + 1), pages: String(range.count) });
    pdf.font(REGULAR).fontSize(7.5).fillColor(COLOR.muted);
    const pageWidth = pdf.widthOfString(pageLabel) + 4;
    // One line: the parts that fit, from the first.
    const room = width - pageWidth - 12;
    let supplier = parts.join(FOOTER_SEPARATOR);
    for (let n = parts.length - 1; n > 0 && pdf.widthOfString(supplier) > room; n--)
      supplier = parts.slice(0, n).join(FOOTER_SEPARATOR);
    pdf.text(supplier, left, y, { width: room, height: 10, lineBreak: false, ellipsis: true });
    pdf.text(pageLabel, left + width - pageWidth, y, { width: pageWidth, align: 'right', lineBreak: false });
    page.margins.bottom = marginBottom;
  }
}
