/**
 * How invoices write dates, amounts and words, in one place for the PDF, the invoice lines and the mails
 * that carry them: the invoice language's locale (British English: day before month) and the supplier's
 * time zone, so a line's dates and the PDF's header dates read the same.
 */
import type { Language } from '@falkenhost/contracts/constants';
import { languageOf, translator } from '../platform/i18n';

/** The time zone of the invoice year and dates: the supplier's (a Czech company). */
export const INVOICE_TIME_ZONE = 'Europe/Prague';

/** The locale each language writes dates and amounts with. */
export const INVOICE_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  cs: 'cs-CZ',
  sk: 'sk-SK',
  de: 'de-DE',
  fr: 'fr-FR',
};

const dateFormats = new Map<Language, Intl.DateTimeFormat>();
const amountFormats = new Map<Language, Intl.NumberFormat>();

/**
 * A date as invoices write it in the language, in the supplier's time zone: "15 Mar 2026", "15. 3. 2026",
 * "15.03.2026", "15 mars 2026".
 * @param language one of LANGUAGES; anything else falls back to English
 * @param instant epoch milliseconds
 */
export function formatInvoiceDate(language: string, instant: number): string {
  const lng = languageOf(language);
  let format = dateFormats.get(lng);
  if (!format) {
    format = new Intl.DateTimeFormat(INVOICE_LOCALES[lng], {
      dateStyle: 'medium',
      timeZone: INVOICE_TIME_ZONE,
    });
    dateFormats.set(lng, format);
  }
  return format.format(instant);
}

/**
 * An amount in euros as the language writes it: "€12.34", "12,34 €", "-1 234,50 €".
 * @param language one of LANGUAGES; anything else falls back to English
 * @param cents integer euro cents
 */
export function formatInvoiceAmount(language: string, cents: number): string {
  const lng = languageOf(language);
  let format = amountFormats.get(lng);
  if (!format) {
    format = new Intl.NumberFormat(INVOICE_LOCALES[lng], { style: 'currency', currency: 'EUR' });
    amountFormats.set(lng, format);
  }
  return format.format(cents / 100);
}

/**
 * A label of the invoice document (the `invoice` namespace), for the PDF and for callers that need the
 * same words outside it (a test reading the PDF back). Keys as packages/locales/en/invoice.json, e.g.
 * `notVatPayer`.
 * @param language one of LANGUAGES; anything else falls back to English
 */
export function invoiceLabel(language: string, key: string, values?: Record<string, string>): string {
  return translator(language, 'invoice')(key, values);
}

/**
 * The text of an invoice line in the customer's language (`invoice:line.<key>`), e.g.
 * `invoiceText('cs', 'credits', { count: '100' })`.
 * @param language one of LANGUAGES; anything else falls back to English
 */
export function invoiceText(language: string, key: string, values: Record<string, string> = {}): string {
  return invoiceLabel(language, `line.${key}`, values);
}

/**
 * The line of one paid month of a server: "Server Lobby (Stone), 1 month: 15 Mar 2026 – 15 Apr 2026",
 * the dates written as the PDF writes its own.
 * @param period epoch ms of the month's first and last day
 */
export function serverMonthText(
  language: string,
  server: { server: string; package: string },
  period: { from: number; to: number },
): string {
  return invoiceText(language, 'server', {
    ...server,
    from: formatInvoiceDate(language, period.from),
    to: formatInvoiceDate(language, period.to),
  });
}
