import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../src/billing/invoice-document';
import { formatInvoiceAmount, formatInvoiceDate, invoiceLabel } from '../../src/billing/invoice-format';
import { renderInvoicePdf } from '../../src/billing/invoice-pdf';
import { plain, readPdf } from './pdf-text';

type Language = 'en' | 'cs' | 'sk' | 'de' | 'fr';

/** A customer per language, with the letters that need the embedded font. */
const CUSTOMERS: Record<Language, { name: string; addressLines: string[]; email: string }> = {
  en: {
    name: 'Jiří Dvořák',
    addressLines: ['Žižkova 12', '602 00 Brno', 'Czechia'],
    email: 'jiri@example.cz',
  },
  cs: {
    name: 'Jiří Dvořák',
    addressLines: ['Žižkova 12', '602 00 Brno', 'Česká republika'],
    email: 'jiri@example.cz',
  },
  sk: {
    name: 'Ľubomír Kôstka',
    addressLines: ['Štúrova 4', '811 02 Bratislava', 'Slovensko'],
    email: 'lubo@example.sk',
  },
  de: {
    name: 'Jürgen Groß',
    addressLines: ['Straße des 17. Juni 3', '10623 Berlin', 'Deutschland'],
    email: 'juergen@example.de',
  },
  fr: {
    name: 'Françoise Lefèvre',
    addressLines: ['12 rue de l’Église', '75004 Paris', 'France'],
    email: 'francoise@example.fr',
  },
};

const ISSUED = Date.UTC(2026, 2, 15, 10, 30);

function invoice(language: Language, kind: InvoiceDocument['kind'], lineCount = 2): InvoiceDocument {
  const sign = kind === 'invoice' ? 1 : -1;
  const lines = Array.from({ length: lineCount }, (_, i) => ({
    description:
      i === 0 ? 'Minecraft server „Žluťoučký kůň“ – 4 GB RAM, 1 month' : `Credit top-up ${i} (Übernahme)`,
    quantity: i + 1,
    unitCents: sign * 499,
    totalCents: sign * 499 * (i + 1),
  }));
  return {
    kind,
    number: kind === 'invoice' ? '2026-000123' : '2026-000124',
    issuedAt: ISSUED,
    ...(kind === 'credit-note' ? { relatedNumber: '2026-000123' } : {}),
    supplier: {
      name: 'Falkenhost s.r.o.',
      addressLines: ['Vodičkova 681/14', '110 00 Praha 1', 'Česká republika'],
      companyId: '12345678',
      email: 'billing@falkenhost.example',
      web: 'falkenhost.example',
      bankAccount: 'CZ65 0800 0000 1920 0014 5399',
    },
    customer: CUSTOMERS[language],
    lines,
    totalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
    currency: 'EUR',
    payment: { method: 'Credit card', reference: 'tr_WDqYK6vllg', paidAt: ISSUED },
  };
}

const LANGUAGES: Language[] = ['en', 'cs', 'sk', 'de', 'fr'];

describe('renderInvoicePdf', () => {
  for (const language of LANGUAGES) {
    for (const kind of ['invoice', 'credit-note'] as const) {
      it(`renders a ${kind} in ${language} on one page with the number, total, customer and VAT status`, async () => {
        const doc = invoice(language, kind);
        const pdf = await renderInvoicePdf(doc, language);
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const { pages, title, author } = await readPdf(pdf);
        expect(pages).toHaveLength(1);
        const text = pages[0]!;
        expect(text).toContain(doc.number);
        expect(text).toContain(plain(formatInvoiceAmount(language, doc.totalCents)));
        expect(text).toContain(CUSTOMERS[language].name);
        expect(text).toContain(CUSTOMERS[language].addressLines[0]);
        expect(text).toContain(doc.lines[0]!.description);
        expect(text).toContain(plain(invoiceLabel(language, 'notVatPayer')));
        expect(text).toContain(formatInvoiceDate(language, ISSUED));
        expect(text).toContain('tr_WDqYK6vllg');
        expect(text).not.toMatch(/VAT \d|DPH \d|\d ?%/);
        const settled = invoiceLabel(language, kind === 'invoice' ? 'settled.invoice' : 'settled.creditNote');
        expect(text).toContain(settled);
        if (kind === 'credit-note')
          expect(text).toContain(invoiceLabel(language, 'corrects', { number: '2026-000123' }));
        const titleKey = kind === 'invoice' ? 'title.invoice' : 'title.creditNote';
        expect(title).toBe(invoiceLabel(language, titleKey, { number: doc.number }));
        expect(author).toBe('Falkenhost s.r.o.');
      });
    }
  }

  it('says what the brief asks in Czech and English', async () => {
    const cs = (await readPdf(await renderInvoicePdf(invoice('cs', 'invoice'), 'cs'))).pages[0]!;
    for (const words of ['Faktura č. 2026-000123', 'Dodavatel', 'Odběratel', 'IČO: 12345678', 'Neplátce DPH'])
      expect(cs.toLowerCase()).toContain(words.toLowerCase());
    expect(cs).toContain('Datum uskutečnění plnění');
    expect(cs).toContain('15. 3. 2026');
    expect(cs).toContain('Jiří Dvořák');
    expect(cs).toContain('Žižkova 12');
    expect(cs).toContain('14,97 €');
    const en = (await readPdf(await renderInvoicePdf(invoice('en', 'credit-note'), 'en'))).pages[0]!;
    expect(en).toContain('Credit note 2026-000124');
    expect(en).toContain('Corrects invoice 2026-000123');
    expect(en).toContain('Not a VAT payer');
    expect(en).toContain('-€14.97');
  });

  it('renders the same bytes for the same document', async () => {
    const doc = invoice('sk', 'invoice');
    const first = await renderInvoicePdf(doc, 'sk');
    const second = await renderInvoicePdf(structuredClone(doc), 'sk');
    expect(first.equals(second)).toBe(true);
    const other = await renderInvoicePdf({ ...doc, issuedAt: doc.issuedAt + 1000 }, 'sk');
    expect(first.equals(other)).toBe(false);
  });

  it('fits 20 lines on one page and continues longer documents on further pages', async () => {
    const twenty = await readPdf(await renderInvoicePdf(invoice('cs', 'credit-note', 20), 'cs'));
    expect(twenty.pages).toHaveLength(1);
    const long = invoice('de', 'invoice', 60);
    const { pages } = await readPdf(await renderInvoicePdf(long, 'de'));
    expect(pages.length).toBeGreaterThan(1);
    const last = pages.at(-1)!;
    expect(last).toContain(plain(formatInvoiceAmount('de', long.totalCents)));
    expect(last).toContain('Beschreibung');
    expect(last).toContain(`Seite ${pages.length} von ${pages.length}`);
    expect(pages.join('\n')).toContain('Credit top-up 59 (Übernahme)');
  });

  it('refuses a document whose lines do not add up to the total', async () => {
    const doc = invoice('en', 'invoice');
    await expect(renderInvoicePdf({ ...doc, totalCents: doc.totalCents + 1 }, 'en')).rejects.toThrow(
      RangeError,
    );
    await expect(
      renderInvoicePdf({ ...doc, lines: [{ ...doc.lines[0]!, totalCents: 1.5 }], totalCents: 1.5 }, 'en'),
    ).rejects.toThrow(/integer/);
  });
});
