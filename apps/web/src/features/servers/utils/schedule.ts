/**
 * Schedules as the panel shows them (product.md "Customer servers", "Entities and fields", "Validation rules"
 * ("Schedule"; "Schedule")): one day's active hours (0-23) drawn as ranges, where a range shows its last hour
 * + 1 as its end.
 */
import { DAYS, type Day, SCHEDULE_HOUR_MAX } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import { HOUR_RANGE, type Schedule } from '@falkenhost/contracts/servers';

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

/**
 * Message of the contracts' `scheduleInput` -> i18n key (namespace servers), product.md "Error catalogue"
 * ("Schedule").
 */
export const SCHEDULE_INPUT_ERRORS: Readonly<Record<string, string>> = {
  [REASONS.invalidInput]: 'errors.invalidInput',
  [HOUR_RANGE]: 'errors.hourRange',
  [REASONS.invalidHours]: 'errors.invalidHours',
};

/**
 * The browser's IANA time zone, undefined if unknown. Read in an effect, never during render (the server
 * renders the same HTML); sent with a new schedule only when the customer chose it (record 221).
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
