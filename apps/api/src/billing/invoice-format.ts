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

const regionNames = new Map<Language, Intl.DisplayNames>();

/**
 * The name of the country `code` (ISO 3166-1 alpha-2, as the order forms send it) in `language`, as the
 * forms' country list names it (Intl.DisplayNames); anything that is not such a code comes back as is.
 */
export function countryName(language: string, code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const lng = languageOf(language);
  let names = regionNames.get(lng);
  if (!names) {
    names = new Intl.DisplayNames([INVOICE_LOCALES[lng]], { type: 'region', fallback: 'code' });
    regionNames.set(lng, names);
  }
  return names.of(code) ?? code;
}

/** A label of the `invoice` namespace (keys as packages/locales/en/invoice.json), English if unknown. */
export function invoiceLabel(language: string, key: string, values?: Record<string, string>): string {
  return translator(language, 'invoice')(key, values);
}

/** The text of an invoice line (`invoice:line.<key>`) in the customer's language. */
export function invoiceText(language: string, key: string, values: Record<string, string> = {}): string {
  return invoiceLabel(language, `line.${key}`, values);
}

/** A value of a line's text: written as is, or an instant (epoch ms) written as invoices write dates. */
export type LineTextValue = string | { date: number };

/**
 * The text of an invoice line as a key of `invoice:line.*` and its values, kept beside the text written at
 * issue so the customer's Billing list can show it in the page's language (the PDF stays as issued).
 */
export interface LineText {
  key: string;
  values: Record<string, LineTextValue>;
}

/** `text` written in `language` (English if unknown), dates in the supplier's time zone. */
export function writeLineText(language: string, text: LineText): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(text.values))
    values[name] = typeof value === 'string' ? value : formatInvoiceDate(language, value.date);
  return invoiceText(language, text.key, values);
}

/** The text of one paid month of a server; `period` in epoch ms. */
export function serverMonthText(
  server: { server: string; package: string },
  period: { from: number; to: number },
): LineText {
  return { key: 'server', values: { ...server, from: { date: period.from }, to: { date: period.to } } };
}
