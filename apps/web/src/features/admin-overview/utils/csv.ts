/** CSV files of the overview's series (RFC 4180: comma-separated, CRLF, quoted when needed). */

/** One CSV field: quoted when it holds a comma, quote or line break, quotes doubled. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The CSV text of a header line and rows (values as written, e.g. `12.50` for euros). */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows]
    .map((line) => line.map(field).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/** A `data:` address of `csv`, for a link with a `download` name (no script needed to save it). */
export function csvHref(csv: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
}
