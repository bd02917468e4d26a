/**
 * The steps of an overview period: days or calendar months that begin at midnight in the business time
 * zone (docs/decisions/312-staff-overview.md), as epoch ms boundaries.
 */
import { OVERVIEW_STEPS, type OverviewPeriod } from '@falkenhost/contracts/overview';

/** One formatter per zone: making one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The UTC offset of `timeZone` at `instant`, in ms (Prague: 3 600 000 in winter, 7 200 000 in summer). */
function offsetAt(timeZone: string, instant: number): number {
  const parts = formatIn(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** Midnight of the local calendar day `y-m-d` (month 1-based; out-of-range days and months roll over). */
function localMidnight(timeZone: string, y: number, m: number, d: number): number {
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetAt(timeZone, guess);
  return guess - offsetAt(timeZone, first);
}

/** The local calendar date of `instant` in `timeZone`. */
function localDate(timeZone: string, instant: number): { y: number; m: number; d: number } {
  const local = new Date(instant + offsetAt(timeZone, instant));
  return { y: local.getUTCFullYear(), m: local.getUTCMonth() + 1, d: local.getUTCDate() };
}

/**
 * The boundaries of `period`'s steps ending with the step that holds `now`: count + 1 instants (epoch ms),
 * the first the period's start, the last the end of the current day or month.
 * @param now epoch ms; @param timeZone IANA zone whose midnights begin the steps
 */
export function stepBoundaries(period: OverviewPeriod, now: number, timeZone: string): number[] {
  const { count, step } = OVERVIEW_STEPS[period];
  const today = localDate(timeZone, now);
  return Array.from({ length: count + 1 }, (_, i) => {
    const back = count - 1 - i;
    return step === 'day'
      ? localMidnight(timeZone, today.y, today.m, today.d - back)
      : localMidnight(timeZone, today.y, today.m - back, 1);
  });
}

/** The index of the step of `boundaries` that holds `instant`, or -1 when it is outside them. */
export function stepOf(boundaries: readonly number[], instant: number): number {
  for (let i = 0; i + 1 < boundaries.length; i++) {
    if (instant >= (boundaries[i] as number) && instant < (boundaries[i + 1] as number)) return i;
  }
  return -1;
}
