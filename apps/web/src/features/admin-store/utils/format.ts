/**
 * Display rules of the store administration's rows (product.md "Staff screens",
 * "Business constants and limits" ("Display")). Dates and sizes: lib/format.ts.
 */

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
