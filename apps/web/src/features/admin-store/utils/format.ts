/**
 * Display rules of the store administration's rows (product.md "Staff screens",
 * "Business constants and limits" ("Display")).
 */
import { DEFAULT_TIME_ZONE } from '@falkenhost/contracts/constants';

const czechDate = new Map<string, Intl.DateTimeFormat>();

/**
 * A discount's valid_until as product.md "Screens and routes" asks: the Czech date (`d. M. yyyy`, e.g. 31.
 * 12. 2026) whatever the page's language, in Prague time, where a code is valid to the end of its day.
 * @param iso an ISO 8601 instant
 * @param timeZone an IANA zone (tests); Europe/Prague by default
 */
export function formatValidUntil(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  let format = czechDate.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('cs-CZ', {
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      timeZone,
    });
    czechDate.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** A resource where 0 means unlimited (vcpu, ram, storage, slots): null for unlimited (shown as ∞). */
export function limited(value: number | null | undefined): number | null {
  return value ? value : null;
}

/** Rows whose `fields` contain `search`, ignoring case; an empty search keeps every row. */
export function filterRows<T>(rows: readonly T[], search: string, fields: (row: T) => string[]): T[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => fields(row).some((field) => field.toLocaleLowerCase().includes(needle)));
}
