/** Conversions between Mollie's decimal amount strings and integer cents (all amounts have 2 decimals). */

/**
 * Cents of a Mollie amount value.
 * @param value a decimal string as Mollie writes it, e.g. `"10.00"`, `"9.5"` (validated elsewhere)
 * @returns integer cents, e.g. 1000
 */
export function amountCents(value: string): number {
  const [whole = '0', fraction = '00'] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/**
 * A Mollie amount value for integer cents.
 * @param cents e.g. 250 or -250
 * @returns e.g. `"2.50"` or `"-2.50"`
 */
export function centsValue(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
