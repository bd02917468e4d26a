/**
 * "Member since" as product.md "Settings" asks: Czech day/month/year with 24-hour time (`d. M. yyyy HH:mm`,
 * e.g. 5. 3. 2026 14:05) in the browser's time zone, whatever the page's language.
 */
const OPTIONS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const czech = new Intl.DateTimeFormat('cs-CZ', OPTIONS);

/**
 * @param iso an ISO 8601 instant (GET me `created_at`)
 * @param timeZone an IANA zone (tests); the browser's own by default
 */
export function memberSince(iso: string, timeZone?: string): string {
  const format = timeZone ? new Intl.DateTimeFormat('cs-CZ', { ...OPTIONS, timeZone }) : czech;
  return format.format(new Date(iso));
}
