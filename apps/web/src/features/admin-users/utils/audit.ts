/** How the audit log shows one change: the fields whose values differ, before and after. */

export interface FieldChange {
  field: string;
  /** undefined when the field did not exist before (a create) */
  before: unknown;
  /** undefined when the field does not exist after (a delete) */
  after: unknown;
}

/** The record's own id is its own column; it is not listed as a change. */
const SKIPPED = new Set(['id']);

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of a change whose values differ, in the order of the record after the change, then those
 * only present before (null `before` for a create, null `after` for a delete).
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return fields
    .filter((field) => !SKIPPED.has(field) && !same(before?.[field], after?.[field]))
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }));
}

/** Longest value shown in the compact list; longer ones end in an ellipsis. */
export const VALUE_MAX_CHARS = 60;

/** An ISO 8601 time as the API writes them (a discount's valid_until, for example). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * One value of the compact list: — for none, a time by `dateTime` (the page's language, lib/format.ts),
 * other text as is, anything else as JSON; at most VALUE_MAX_CHARS.
 */
export function auditValue(value: unknown, dateTime: (iso: string) => string): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string' && ISO_TIME.test(value)) return dateTime(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_MAX_CHARS ? `${text.slice(0, VALUE_MAX_CHARS - 1)}…` : text;
}
