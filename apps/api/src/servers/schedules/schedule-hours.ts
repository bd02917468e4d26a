/** Schedule hours in the customer's time zone, by Intl's rules (docs/decisions/062-schedules.md). */
import { DEFAULT_TIME_ZONE } from '@falkenhost/contracts/constants';

const WEEKDAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** True when `timeZone` is an IANA zone the runtime knows, e.g. `Europe/Prague`. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The day (0 Monday .. 6 Sunday) and hour of epoch-ms `instant` in `timeZone` (unknown: Europe/Prague). */
export function localDayHour(timeZone: string, instant: number): { day: number; hour: number } {
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const parts = formatFor(zone).formatToParts(instant);
  const weekday = parts.find((p) => p.type === 'weekday')?.value ?? 'Mon';
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  return { day: WEEKDAYS[weekday] ?? 0, hour };
}

/** A schedule row as stored: `active_hours` is a JSON list of hours. */
export interface StoredSchedule {
  day_of_week: number;
  active_hours: string;
}

/** The hours of a stored schedule (an unreadable value counts as none). */
export function hoursOf(schedule: Pick<StoredSchedule, 'active_hours'>): number[] {
  try {
    const hours: unknown = JSON.parse(schedule.active_hours);
    return Array.isArray(hours) ? hours.filter((h): h is number => Number.isInteger(h)) : [];
  } catch {
    return [];
  }
}

/** True when the clock hour that contains `instant` is one of the schedules' active hours in `timeZone`. */
export function isActiveHour(schedules: StoredSchedule[], timeZone: string, instant: number): boolean {
  const { day, hour } = localDayHour(timeZone, instant);
  return schedules.some((s) => s.day_of_week === day && hoursOf(s).includes(hour));
}

/** The active hours of a week across `schedules` (one day's hours counted once each), 0-168. */
export function scheduledHoursPerWeek(schedules: StoredSchedule[]): number {
  const hours = new Set<number>();
  for (const s of schedules)
    for (const hour of hoursOf(s)) if (hour >= 0 && hour < 24) hours.add(s.day_of_week * 24 + hour);
  return hours.size;
}

const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;

/**
 * When a scheduled server next starts: the beginning of the first active hour after `now` in `timeZone`
 * (docs/decisions/445-schedule-next-start-and-monthly-estimate.md); null while the hour of `now` is
 * active (it runs) or when no hour is. Whole UTC hours first, then the quarter hours before the one
 * found, as a zone's hours may begin at :30 or :45 UTC. At most a week and a day of hours are read.
 * @param now epoch ms
 * @returns epoch ms, or null
 */
export function nextScheduledStart(
  schedules: StoredSchedule[],
  timeZone: string,
  now: number,
): number | null {
  if (scheduledHoursPerWeek(schedules) === 0 || isActiveHour(schedules, timeZone, now)) return null;
  const first = Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;
  for (let t = first; t <= now + 8 * 24 * HOUR_MS; t += HOUR_MS) {
    if (!isActiveHour(schedules, timeZone, t)) continue;
    let start = t;
    while (start - QUARTER_MS > now && isActiveHour(schedules, timeZone, start - QUARTER_MS))
      start -= QUARTER_MS;
    return start;
  }
  return null;
}
