/**
 * Formats epoch milliseconds the way the panel serialises timestamps: ISO-8601 with an offset and no
 * fraction, e.g. `2024-10-24T12:04:30+00:00`.
 */
export function panelTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}
