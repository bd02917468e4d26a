import { TOAST_MS } from '@falkenhost/contracts/constants';
import { scheduleInput } from '@falkenhost/contracts/servers';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { notify } from '@/lib/notify';
import { addSchedule, deleteSchedule, scheduleKey, useSchedule } from '../api/schedule';
import { addScheduleErrorKey, deleteScheduleErrorKey } from '../utils/errors';
import { firstErrorOnly } from '../utils/form-errors';
import { browserTimeZone, SCHEDULE_INPUT_ERRORS } from '../utils/schedule';
import { useServerAction } from './use-server-action';

/** The new range's form: a day, its first and last hour, and the zone choice. */
export interface ScheduleFormValues {
  day: string | null;
  startHour: number | null;
  endHour: number | null;
  /** keep the stored zone, or move the customer's schedules to the browser's (record 221) */
  zone: 'keep' | 'switch';
}

const resolveSchedule = schemaResolver(scheduleInput, { sync: true });

/**
 * The schedule of hourly server `id` (product.md "Entities and fields", "Validation rules", "Error catalogue"
 * ("Schedule")): its ranges and time zone, the form of a new range checked by the contracts' `scheduleInput`,
 * adding one (at most once a second; with the browser's zone when the customer chose to switch to it, record
 * 221) and deleting one.
 * @returns the `schedule` query, the `form`, the `browser`'s zone (read after mounting) and the stored
 *   `zone`, whether they differ, the `add` and `remove` mutations, `submit`, and the selects' props:
 *   `fieldError(field)` and `hourSelect(field)`
 */
export function useScheduleForm(id: number) {
  const { t } = useTranslation('servers');
  const schedule = useSchedule(id);
  const form = useForm<ScheduleFormValues>({
    initialValues: { day: null, startHour: null, endHour: null, zone: 'keep' },
    validate: (values) => firstErrorOnly(resolveSchedule(values)),
  });
  // The browser's zone is read after the first render: the server renders the same HTML without it.
  const [browser, setBrowser] = useState<string | undefined>(undefined);
  useEffect(() => setBrowser(browserTimeZone()), []);

  const add = useServerAction({
    request: addSchedule,
    errorKey: addScheduleErrorKey,
    invalidate: () => [scheduleKey(id)],
    onSuccess: () => {
      form.setFieldValue('zone', 'keep');
      notify('success', t('toast.successTitle'), t('schedule.added'), TOAST_MS);
    },
  });
  const remove = useServerAction({
    request: deleteSchedule,
    errorKey: deleteScheduleErrorKey,
    invalidate: () => [scheduleKey(id)],
    onSuccess: () => notify('success', t('toast.successTitle'), t('schedule.deleted'), TOAST_MS),
  });

  const zone = schedule.data?.timeZone;
  const zonesDiffer = !!zone && !!browser && browser !== zone;
  const { run: submit } = useThrottledAction(async (values: ScheduleFormValues) => {
    const input = scheduleInput.parse(values);
    await add.mutateAsync({
      user_packages_id: id,
      day: input.day,
      startHour: input.startHour,
      endHour: input.endHour,
      ...(zonesDiffer && values.zone === 'switch' ? { timeZone: browser } : {}),
    });
  });
  const fieldError = (field: 'day' | 'startHour' | 'endHour') => {
    const message = form.errors[field];
    return typeof message === 'string'
      ? t(SCHEDULE_INPUT_ERRORS[message] ?? 'errors.invalidInput')
      : undefined;
  };
  const hourSelect = (field: 'startHour' | 'endHour') => ({
    value: form.values[field] === null ? null : String(form.values[field]),
    onChange: (value: string | null) => form.setFieldValue(field, value === null ? null : Number(value)),
    error: fieldError(field),
  });

  return { schedule, form, browser, zone, zonesDiffer, add, remove, submit, fieldError, hourSelect };
}
