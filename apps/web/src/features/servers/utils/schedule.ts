/**
 * Schedules as the panel shows them (spec 2 "Customer servers", 3 "Schedule", 5 "Schedule"): one day's
 * active hours (0-23) drawn as ranges, where a range shows its last hour + 1 as its end.
 */
import { DAYS, type Day, SCHEDULE_HOUR_MAX } from '@falkenhost/contracts/constants';
import type { Schedule } from '@falkenhost/contracts/servers';

/** One contiguous run of active hours of a schedule. */
export interface ScheduleRange {
  scheduleId: number;
  day: Day;
  /** first active hour, 0-23 */
  start: number;
  /** last active hour, 0-23 (the range is shown ending at end + 1) */
  end: number;
  /** every hour of the run, start to end */
  hours: number[];
}

/** Hours 0..23 of a schedule select. */
export const SCHEDULE_HOURS: readonly number[] = Array.from({ length: SCHEDULE_HOUR_MAX + 1 }, (_, h) => h);

/** An hour as a clock time: 7 -> "07:00", 24 -> "24:00" (the end of the last hour of a day). */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/**
 * Splits hours into contiguous runs: [18, 19, 20, 2, 3] -> [[2, 3], [18, 19, 20]]. Duplicates are
 * dropped and the runs come sorted.
 */
export function contiguousRuns(hours: readonly number[]): number[][] {
  const sorted = [...new Set(hours)].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const hour of sorted) {
    const run = runs.at(-1);
    if (run && run[run.length - 1] === hour - 1) run.push(hour);
    else runs.push([hour]);
  }
  return runs;
}

/**
 * The ranges of every day, Monday first, each day's ranges by start hour. A schedule whose hours are not
 * contiguous gives one range per run (each still deletes through its own schedule id).
 */
export function rangesByDay(schedules: readonly Schedule[]): { day: Day; ranges: ScheduleRange[] }[] {
  return DAYS.flatMap((day) => {
    const ranges = schedules
      .filter((schedule) => schedule.day_of_week === day)
      .flatMap((schedule) =>
        contiguousRuns(schedule.active_hours).map((hours) => ({
          scheduleId: schedule.id,
          day,
          start: hours[0] as number,
          end: hours[hours.length - 1] as number,
          hours,
        })),
      )
      .sort((a, b) => a.start - b.start);
    return ranges.length > 0 ? [{ day, ranges }] : [];
  });
}

const isHour = (value: number) => Number.isInteger(value) && value >= 0 && value <= SCHEDULE_HOUR_MAX;

/**
 * The client-side check of a new schedule before it is sent (spec 5 "Schedule", 8): day, start and end
 * present (errors.invalidInput), both hours whole hours within 0 to 23 (errors.hourRange), start not
 * after end (errors.invalidHours). Returns null when the server may be asked.
 */
export function scheduleInputErrorKey(
  day: string | null,
  startHour: number | null,
  endHour: number | null,
): string | null {
  if (!day || !(DAYS as readonly string[]).includes(day) || startHour === null || endHour === null) {
    return 'errors.invalidInput';
  }
  if (!isHour(startHour) || !isHour(endHour)) return 'errors.hourRange';
  if (startHour > endHour) return 'errors.invalidHours';
  return null;
}

/** The browser's IANA time zone (sent with a new schedule; docs/decisions/062-schedules.md), undefined if unknown. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
