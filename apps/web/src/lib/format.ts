/**
 * Number, size and date formats of the page's language (product.md "Business constants and limits"
 * ("Display")): euro with 2 decimals, credits with 0 decimals in package dialogs, balances with 2 decimals,
 * sizes with the language's unit symbols (French Mo/Go) and dates the language's way
 * (docs/decisions/442-formats-by-page-language.md).
 */
import { useTranslation } from 'react-i18next';

export interface Formatters {
  /** euro amount (not cents) with 2 decimals */
  eur: (value: number) => string;
  /** whole number (credits in package dialogs and lists) */
  whole: (value: number) => string;
  /**
   * Whole credits for a plural message: `{ credits, count }`, where `credits` is the shown figure and
   * `count` the number i18next picks the plural form by (1 kredit, 2 kredity, 5 kreditů).
   */
  wholeCredits: (value: number) => { credits: string; count: number };
  /** 2 decimals (balance tiles, credit balance) */
  decimal2: (value: number) => string;
  /** any plain number */
  number: (value: number) => string;
  /**
   * percent given as a number of percent, up to `fractionDigits` decimals (default 0), in every language
   * with a non-breaking space before the sign (10 -> "10\u00a0%"), so a line never breaks inside it
   */
  percent: (value: number, fractionDigits?: number) => string;
  /** 2 decimals with a sign: +12.50, −3.00 (credit history amounts) */
  signed2: (value: number) => string;
  /**
   * a date (ISO 8601 in): 12 May 2026 (en), 12. 5. 2026 (cs), 12 mai 2026 (fr)
   * @param timeZone an IANA zone the date is read in; the browser's by default
   */
  date: (iso: string, timeZone?: string) => string;
  /** a date with 24-hour time (ISO 8601 in) in the browser's zone: 12 May 2026, 14:05 */
  dateTime: (iso: string) => string;
  /**
   * a RAM size given in MB: in GB from 1 024 MB when 1 decimal says it exactly (4096 -> "4 GB", 1536 ->
   * "1.5 GB"), otherwise in MB (3000 -> "3,000 MB"); unit symbols of the language (French "4 Go")
   */
  ramSize: (megabytes: number) => string;
  /** a storage size given in GB: "20 GB", French "20 Go"; number and unit never split across lines */
  storageSize: (gigabytes: number) => string;
}

const cache = new Map<string, Formatters>();

/** A size with a non-breaking space before its unit (Intl writes a plain one in en, cs, sk): "16 GB" never splits. */
function keepTogether(size: string): string {
  return size.replace(' ', '\u00a0');
}

/** `make()` on the first call only: a phone pays for each Intl format (tens of ms) when it is first used. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

/** The formats of `language` (an i18next language, e.g. 'cs'), made once per language. */
export function formattersFor(language: string): Formatters {
  const cached = cache.get(language);
  if (cached) return cached;
  const eur = once(
    () =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  );
  const whole = once(() => new Intl.NumberFormat(language, { maximumFractionDigits: 0 }));
  const decimal2 = once(
    () => new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  const number = once(() => new Intl.NumberFormat(language));
  const signed2 = once(
    () =>
      new Intl.NumberFormat(language, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: 'exceptZero',
      }),
  );
  const date = once(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }));
  const zonedDates = new Map<string, Intl.DateTimeFormat>();
  const zonedDate = (timeZone: string) => {
    let format = zonedDates.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone });
      zonedDates.set(timeZone, format);
    }
    return format;
  };
  // Intl's unit symbols are the language's own: GB in en, cs, sk and de, Go in French.
  const gigabytes = once(
    () => new Intl.NumberFormat(language, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 }),
  );
  const megabytes = once(() => new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte' }));
  const dateTime = once(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }),
  );
  const formatters: Formatters = {
    eur: (value) => eur().format(value),
    whole: (value) => whole().format(Math.round(value)),
    wholeCredits: (value) => ({ credits: whole().format(Math.round(value)), count: Math.round(value) }),
    decimal2: (value) => decimal2().format(value),
    number: (value) => number().format(value),
    // The product writes "5 %" in every language (its texts do); U+00A0 keeps number and sign together.
    percent: (value, fractionDigits = 0) =>
      `${new Intl.NumberFormat(language, { maximumFractionDigits: fractionDigits }).format(value)}\u00a0%`,
    signed2: (value) => signed2().format(value),
    date: (iso, timeZone) => (timeZone ? zonedDate(timeZone) : date()).format(new Date(iso)),
    dateTime: (iso) => dateTime().format(new Date(iso)),
    // GB only where it says the size exactly (1 decimal), so 3 000 MB is never shown as 2.9 GB.
    ramSize: (mb) =>
      keepTogether(
        mb >= 1024 && (mb * 10) % 1024 === 0 ? gigabytes().format(mb / 1024) : megabytes().format(mb),
      ),
    storageSize: (gb) => keepTogether(gigabytes().format(gb)),
  };
  cache.set(language, formatters);
  return formatters;
}

export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  return formattersFor(i18n.resolvedLanguage ?? i18n.language ?? 'en');
}
