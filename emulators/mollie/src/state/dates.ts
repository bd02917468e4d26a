/**
 * Renders epoch milliseconds the way Mollie writes timestamps: ISO 8601 in UTC with `+00:00`,
 * e.g. `2024-03-20T09:13:37+00:00`.
 */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** The UTC calendar day of epoch milliseconds as `YYYY-MM-DD`. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const INTERVAL = /^(\d+) (day|days|week|weeks|month|months)$/;

/** True when `interval` is a Mollie subscription interval such as `1 month`, `14 days`, `2 weeks`. */
export function isInterval(interval: string): boolean {
  const match = INTERVAL.exec(interval);
  return match !== null && Number(match[1]) > 0;
}

/**
 * Adds a Mollie interval `times` times to a calendar day, in one step from `date`: month ends clamp
 * against the day of `date`, so 2024-01-31 + 1 month = 2024-02-29 and + 2 months (`times` 2) =
 * 2024-03-31, as Mollie anchors subscription dates on the start date. Chaining single steps instead
 * would drift (02-29 + 1 month = 03-29).
 * @param date `YYYY-MM-DD`
 * @param interval e.g. `1 month`, `14 days`, `2 weeks`
 * @param times how many intervals (integer >= 0); default 1, 0 gives `date`
 * @returns `YYYY-MM-DD`
 * @throws Error when the interval is not valid (check with {@link isInterval} first).
 */
export function addInterval(date: string, interval: string, times = 1): string {
  const match = INTERVAL.exec(interval);
  if (!match) throw new Error(`Invalid interval: ${interval}`);
  const count = Number(match[1]) * times;
  const unit = match[2]!;
  const d = new Date(`${date}T00:00:00Z`);
  if (unit.startsWith('day')) d.setUTCDate(d.getUTCDate() + count);
  else if (unit.startsWith('week')) d.setUTCDate(d.getUTCDate() + 7 * count);
  else {
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + count);
    const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, lastDay));
  }
  return d.toISOString().slice(0, 10);
}

/** True when `date` is a real calendar day written `YYYY-MM-DD`. */
export function isIsoDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}
