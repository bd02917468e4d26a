/**
 * The servers page's pure rules: the error catalogue (product.md "Error catalogue" ("Servers"), "Schedule")
 * as the English text a customer reads, the schedule ranges (product.md "Screens and routes": end hour + 1
 * shown, one badge per contiguous run), the client-side schedule check (product.md "Validation rules") and
 * which power buttons a live state offers.
 */
import { scheduleInput } from '@falkenhost/contracts/servers';

import servers from '@falkenhost/locales/en/servers.json';
import { createInstance, type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addScheduleErrorKey,
  buyAddonErrorKey,
  cancelErrorKey,
  changePackageErrorKey,
  deleteScheduleErrorKey,
  type FailedAnswer,
  powerErrorKey,
  removeAddonErrorKey,
  unsuspendErrorKey,
} from '../src/features/servers/utils/errors';
import { disabledSignals } from '../src/features/servers/utils/power';
import {
  contiguousRuns,
  hourLabel,
  rangesByDay,
  SCHEDULE_INPUT_ERRORS,
} from '../src/features/servers/utils/schedule';
import { isCancelled } from '../src/features/servers/utils/server';

/** The panel's check of a new schedule: the contracts' schema, its first issue as a servers key. */
function scheduleInputErrorKey(day: string | null, startHour: number | null, endHour: number | null) {
  const result = scheduleInput.safeParse({ day, startHour, endHour });
  return result.success ? null : (SCHEDULE_INPUT_ERRORS[result.error.issues[0]?.message ?? ''] ?? null);
}

let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ lng: 'en', resources: { en: { servers } }, interpolation: { escapeValue: false } });
});

const answer = (status: number, reason?: string): FailedAnswer => ({
  status,
  error: reason ? { reason } : undefined,
});
/** The English text of a key; fails when the key is missing (i18next would echo it). */
const text = (key: string) => {
  expect(i18n.exists(key, { ns: 'servers' }), key).toBe(true);
  return i18n.t(key, { ns: 'servers' });
};

describe('server error catalogue', () => {
  it('unsuspend: not enough credits, the payment of a monthly server not started, else unknown', () => {
    expect(text(unsuspendErrorKey(answer(400, 'credits')))).toBe(
      "You don't have enough credits to unsuspend your server",
    );
    expect(text(unsuspendErrorKey(answer(502, 'payment')))).toBe(
      'The payment could not be started. Please try again later.',
    );
    expect(text(unsuspendErrorKey(answer(500)))).toBe('An error occurred. Please try again later.');
    expect(text(unsuspendErrorKey(answer(0)))).toBe('An error occurred. Please try again later.');
  });

  it('buy add-on: credits, add-on of the type exists, anything else generic', () => {
    expect(text(buyAddonErrorKey(answer(400, 'credits')))).toBe(
      "You don't have enough credits to buy this addon",
    );
    expect(text(buyAddonErrorKey(answer(409, 'addon-exists')))).toBe(
      'You already have an addon of this type',
    );
    expect(text(buyAddonErrorKey(answer(400, 'resources')))).toBe('An error occurred');
    expect(text(buyAddonErrorKey(answer(404)))).toBe('An error occurred');
  });

  it('remove add-on and cancel: try again later', () => {
    expect(text(removeAddonErrorKey(answer(500)))).toMatch(/try again later/);
    expect(text(cancelErrorKey(answer(502), 'monthly'))).toMatch(/cancelled.*try again later/);
    expect(text(cancelErrorKey(answer(502), 'hourly'))).toMatch(/deleted.*try again later/);
    expect(text(deleteScheduleErrorKey(answer(500)))).toMatch(/try again later/);
  });

  it('change package: credits, resources, add-ons, else generic', () => {
    expect(text(changePackageErrorKey(answer(400, 'credits')))).toBe(
      "You don't have enough credits to change your package",
    );
    expect(text(changePackageErrorKey(answer(400, 'resources')))).toBe(
      'There is not enough resources available for this package',
    );
    expect(text(changePackageErrorKey(answer(409, 'addons')))).toBe(
      "You can't have any addons when changing package",
    );
    expect(text(changePackageErrorKey(answer(400, 'validation')))).toBe('An error occurred');
  });

  it('schedule: invalid input, invalid hours, overlap, else unknown', () => {
    expect(text(addScheduleErrorKey(answer(400, 'invalid-input')))).toBe('Invalid input');
    expect(text(addScheduleErrorKey(answer(400, 'invalid-hours')))).toBe('Invalid hours');
    expect(text(addScheduleErrorKey(answer(409, 'schedule-overlap')))).toBe(
      'You already have a schedule set in this range',
    );
    expect(text(addScheduleErrorKey(answer(500)))).toBe('An error occurred. Please try again later.');
  });

  it('power: installing, outside the schedule, panel away, busy', () => {
    expect(text(powerErrorKey(answer(409, 'installing')))).toMatch(/still being installed/);
    expect(text(powerErrorKey(answer(409, 'outside-schedule')))).toMatch(/scheduled hours/);
    expect(text(powerErrorKey(answer(502, 'panel')))).toMatch(/game panel/);
    expect(text(powerErrorKey(answer(409, 'busy')))).toMatch(/under way/);
    expect(text(powerErrorKey(answer(500)))).toBe('An error occurred. Please try again later.');
  });
});

describe('schedule ranges', () => {
  it('labels hours as clock times, the end of the day as 24:00', () => {
    expect(hourLabel(0)).toBe('00:00');
    expect(hourLabel(7)).toBe('07:00');
    expect(hourLabel(24)).toBe('24:00');
  });

  it('splits hours into sorted contiguous runs', () => {
    expect(contiguousRuns([20, 18, 19, 2, 3, 3])).toEqual([
      [2, 3],
      [18, 19, 20],
    ]);
    expect(contiguousRuns([])).toEqual([]);
    expect(contiguousRuns([5])).toEqual([[5]]);
  });

  it('groups ranges per day, Monday first, one per run', () => {
    const days = rangesByDay([
      { id: 3, day_of_week: 'Sunday', active_hours: [22, 23] },
      { id: 1, day_of_week: 'Monday', active_hours: [18, 19, 20, 21, 22] },
      { id: 2, day_of_week: 'Monday', active_hours: [1, 2, 6] },
    ]);
    expect(days.map((d) => d.day)).toEqual(['Monday', 'Sunday']);
    expect(days[0]?.ranges.map((r) => [r.scheduleId, r.start, r.end])).toEqual([
      [2, 1, 2],
      [2, 6, 6],
      [1, 18, 22],
    ]);
    expect(days[0]?.ranges[2]?.hours).toEqual([18, 19, 20, 21, 22]);
    expect(days[1]?.ranges).toEqual([{ scheduleId: 3, day: 'Sunday', start: 22, end: 23, hours: [22, 23] }]);
  });

  it('checks a new schedule before sending it (product.md "Validation rules")', () => {
    expect(scheduleInputErrorKey('Monday', 18, 22)).toBeNull();
    expect(scheduleInputErrorKey('Monday', 5, 5)).toBeNull();
    expect(scheduleInputErrorKey(null, 1, 2)).toBe('errors.invalidInput');
    expect(scheduleInputErrorKey('Someday', 1, 2)).toBe('errors.invalidInput');
    expect(scheduleInputErrorKey('Monday', null, 2)).toBe('errors.invalidInput');
    expect(text(scheduleInputErrorKey('Monday', 0, 24) as string)).toBe(
      'Range of hours is invalid (min 0, max 23)',
    );
    expect(scheduleInputErrorKey('Monday', -1, 3)).toBe('errors.hourRange');
    expect(scheduleInputErrorKey('Monday', 1.5, 3)).toBe('errors.invalidInput');
    expect(text(scheduleInputErrorKey('Monday', 20, 18) as string)).toBe('Invalid hours');
  });
});

describe('server state', () => {
  it('offers the power signals that fit the live state', () => {
    expect(disabledSignals('running')).toEqual({ start: true, stop: false, restart: false });
    expect(disabledSignals('starting')).toEqual({ start: true, stop: false, restart: false });
    expect(disabledSignals('offline')).toEqual({ start: false, stop: true, restart: false });
    expect(disabledSignals('installing')).toEqual({ start: true, stop: true, restart: true });
    expect(disabledSignals(null)).toEqual({ start: false, stop: false, restart: false });
  });

  it('a monthly server is cancelled when the server says so (product.md "States and transitions"); an hourly one never', () => {
    const monthly = { billing_type: 'monthly' as const, cancelled: true };
    expect(isCancelled(monthly)).toBe(true);
    expect(isCancelled({ ...monthly, cancelled: false })).toBe(false);
    expect(isCancelled({ ...monthly, billing_type: 'hourly' })).toBe(false);
  });
});
