/**
 * One invoice date and amount format: the text of an invoice line and the dates in the PDF's header of
 * the same invoice are written alike (an English line once read "Mar 15, 2026" beside "15 Mar 2026").
 */
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../src/billing/invoice-document';
import {
  formatInvoiceAmount,
  formatInvoiceDate,
  invoiceLabel,
  serverMonthText,
  writeLineText,
} from '../../src/billing/invoice-format';
import { renderInvoicePdf } from '../../src/billing/invoice-pdf';
import { plain, readPdf } from './pdf-text';

const PAID = Date.UTC(2026, 2, 15, 10, 30);
const MONTH_END = Date.UTC(2026, 3, 15, 10, 30);

function monthInvoice(line: string): InvoiceDocument {
  return {
    kind: 'invoice',
    number: '2026-000123',
    issuedAt: PAID,
    supplier: {
      name: 'Falkenhost s.r.o.',
      addressLines: ['Vodičkova 681/14', '110 00 Praha 1'],
      companyId: '12345678',
      email: 'billing@falkenhost.example',
    },
    customer: { name: 'Jürgen Groß', email: 'juergen@example.de', addressLines: [] },
    lines: [{ description: line, quantity: 1, unitCents: 1234, totalCents: 1234 }],
    totalCents: 1234,
    currency: 'EUR',
    payment: { method: 'Credit card', reference: 'tr_WDqYK6vllg', paidAt: PAID },
  };
}

describe('invoice format', () => {
  it.each([
    ['en', '15 Mar 2026', '15 Apr 2026', '€12.34'],
    ['de', '15.03.2026', '15.04.2026', '12,34\u00a0€'],
  ] as const)(
    'writes the line and the PDF header of one invoice with the same date in %s',
    async (language, paid, end, amount) => {
      expect(formatInvoiceDate(language, PAID)).toBe(paid);
      expect(formatInvoiceAmount(language, 1234)).toBe(amount);

      const line = writeLineText(
        language,
        serverMonthText({ server: 'Lobby', package: 'Stone' }, { from: PAID, to: MONTH_END }),
      );
      expect(line).toContain(`${paid} – ${end}`);

      const { pages } = await readPdf(await renderInvoicePdf(monthInvoice(line), language));
      const text = pages.join(' ');
      // The header (dates of issue, supply and payment) stands above the table's column titles.
      const [header = '', table = ''] = text.split(invoiceLabel(language, 'description'));
      expect(header).toContain(`${invoiceLabel(language, 'issuedAt')} ${paid}`);
      expect(table).toContain(plain(line));
      expect(table).toContain(plain(amount));
    },
  );
});
