/** One way of writing invoice dates, amounts and words, so the PDF, the lines and the mails read the same. */
import type { Language } from '@falkenhost/contracts/constants';
import { languageOf, translator } from '../platform/i18n';

/** The time zone of the invoice year and dates: the supplier's (a Czech company). */
export const INVOICE_TIME_ZONE = 'Europe/Prague';

export const INVOICE_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  cs: 'cs-CZ',
  sk: 'sk-SK',
  de: 'de-DE',
  fr: 'fr-FR',
};

const dateFormats = new Map<Language, Intl.DateTimeFormat>();
const amountFormats = new Map<Language, Intl.NumberFormat>();

/** A date as invoices write it (English if the language is unknown), supplier's time zone; `instant` ms. */
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

/** An amount of integer euro `cents` as the language writes it (English if unknown). */
export function formatInvoiceAmount(language: string, cents: number): string {
  const lng = languageOf(language);
  let format = amountFormats.get(lng);
  if (!format) {
    format = new Intl.NumberFormat(INVOICE_LOCALES[lng], { style: 'currency', currency: 'EUR' });
    amountFormats.set(lng, format);
  }
  return format.format(cents / 100);
}

/** A label of the `invoice` namespace (keys as packages/locales/en/invoice.json), English if unknown. */
export function invoiceLabel(language: string, key: string, values?: Record<string, string>): string {
  return translator(language, 'invoice')(key, values);
}

/** The text of an invoice line (`invoice:line.<key>`) in the customer's language. */
export function invoiceText(language: string, key: string, values: Record<string, string> = {}): string {
  return invoiceLabel(language, `line.${key}`, values);
}

/** The line of one paid month of a server; `period` in epoch ms, dates written as the PDF writes its own. */
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
