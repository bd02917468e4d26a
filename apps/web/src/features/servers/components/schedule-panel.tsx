import { DAYS, type Day, TOAST_MS } from '@falkenhost/contracts/constants';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import {
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { addSchedule, deleteSchedule, scheduleKey, useSchedule } from '../api/schedule';
import { useServerAction } from '../hooks/use-server-action';
import { addScheduleErrorKey, deleteScheduleErrorKey } from '../utils/errors';
import {
  browserTimeZone,
  hourLabel,
  rangesByDay,
  SCHEDULE_HOURS,
  type ScheduleRange,
  scheduleInputErrorKey,
} from '../utils/schedule';

/**
 * On-hours of an hourly server (spec 2, 3 "Schedule", 5): pick a day, a start hour and an end hour (the
 * last hour it runs) and add them; the ranges show per day, ending at end hour + 1, and a click on one
 * deletes it. Without a schedule the server runs all the time (architecture.md "Billing").
 */
export function SchedulePanel({ server }: { server: OwnedServer }) {
  const { t } = useTranslation('servers');
  const id = server.user_package_id;
  const schedule = useSchedule(id);
  const [day, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);

  const add = useServerAction({
    request: addSchedule,
    errorKey: addScheduleErrorKey,
    invalidate: () => [scheduleKey(id)],
    onSuccess: () => notify('success', t('toast.successTitle'), t('schedule.added'), TOAST_MS),
  });
  const remove = useServerAction({
    request: deleteSchedule,
    errorKey: deleteScheduleErrorKey,
    invalidate: () => [scheduleKey(id)],
    onSuccess: () => notify('success', t('toast.successTitle'), t('schedule.deleted'), TOAST_MS),
  });

  const submit = () => {
    const startHour = start === null ? null : Number(start);
    const endHour = end === null ? null : Number(end);
    const problem = scheduleInputErrorKey(day, startHour, endHour);
    if (problem || !day || startHour === null || endHour === null) {
      notify('error', t('toast.errorTitle'), t(problem ?? 'errors.invalidInput'), TOAST_MS);
      return;
    }
    add.mutate({ user_packages_id: id, day: day as Day, startHour, endHour, timeZone: browserTimeZone() });
  };

  const dayOptions = DAYS.map((value) => ({ value, label: t(`days.${value}`) }));
  const hourOptions = SCHEDULE_HOURS.map((hour) => ({ value: String(hour), label: hourLabel(hour) }));
  const days = schedule.data ? rangesByDay(schedule.data.schedules) : [];
  const busy = add.isPending || remove.isPending;
  const isRemoving = (range: ScheduleRange) =>
    remove.isPending &&
    remove.variables?.id === range.scheduleId &&
    remove.variables.hours[0] === range.start &&
    remove.variables.day === range.day;
  const zone = schedule.data?.timeZone;
  const browser = browserTimeZone();

  return (
    <Stack gap="sm" data-testid="schedule-panel">
      <Title order={3} fz="md">
        {t('schedule.title')}
      </Title>
      <Text size="sm" c="dark.0">
        {t('schedule.text')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm" style={{ alignItems: 'end' }}>
        <Select
          label={t('schedule.day')}
          placeholder={t('schedule.dayPlaceholder')}
          data={dayOptions}
          value={day}
          onChange={setDay}
          allowDeselect={false}
          data-testid="schedule-day"
        />
        <Select
          label={t('schedule.start')}
          placeholder={t('schedule.hourPlaceholder')}
          data={hourOptions}
          value={start}
          onChange={setStart}
          allowDeselect={false}
          data-testid="schedule-start"
        />
        <Select
          label={t('schedule.end')}
          placeholder={t('schedule.hourPlaceholder')}
          data={hourOptions}
          value={end}
          onChange={setEnd}
          allowDeselect={false}
          data-testid="schedule-end"
        />
        <Button
          data-testid="schedule-add"
          onClick={submit}
          loading={add.isPending}
          disabled={remove.isPending}
        >
          {t('schedule.add')}
        </Button>
      </SimpleGrid>
      <Text size="xs" c="dark.0">
        {t('schedule.endHint')}
      </Text>
      {schedule.isPending ? (
        <Skeleton h={28} />
      ) : schedule.isError ? (
        <Text size="sm" c="red.4" role="alert">
          {t('details.listError')}
        </Text>
      ) : (
        <Stack gap="xs">
          {zone && (
            <Text size="sm" data-testid="schedule-time-zone" data-time-zone={zone}>
              {t('schedule.timeZone', { zone })}
              {browser && browser !== zone ? ` ${t('schedule.browserZone', { zone: browser })}` : ''}
            </Text>
          )}
          {days.length === 0 ? (
            <Text size="sm" c="dark.0" data-testid="schedule-empty">
              {t('schedule.empty')}
            </Text>
          ) : (
            days.map(({ day: rangeDay, ranges }) => (
              <Group key={rangeDay} gap="xs" wrap="wrap" data-testid="schedule-day-row" data-day={rangeDay}>
                <Text size="sm" fw={700} w={110}>
                  {t(`days.${rangeDay}`)}
                </Text>
                {ranges.map((range) => {
                  const text = t('schedule.range', {
                    start: hourLabel(range.start),
                    end: hourLabel(range.end + 1),
                  });
                  return (
                    <Tooltip key={`${range.scheduleId}-${range.start}`} label={t('schedule.clickToDelete')}>
                      <Badge
                        component="button"
                        type="button"
                        size="lg"
                        variant="light"
                        color={isRemoving(range) ? 'red' : 'falken'}
                        style={{ cursor: busy ? 'wait' : 'pointer', textTransform: 'none' }}
                        disabled={busy}
                        aria-label={t('schedule.deleteAria', { day: t(`days.${rangeDay}`), range: text })}
                        data-testid="schedule-range"
                        data-schedule-id={range.scheduleId}
                        data-day={range.day}
                        data-start={range.start}
                        data-end={range.end}
                        onClick={() =>
                          remove.mutate({
                            user_packages_id: id,
                            id: range.scheduleId,
                            hours: range.hours,
                            day: range.day,
                          })
                        }
                      >
                        {text}
                      </Badge>
                    </Tooltip>
                  );
                })}
              </Group>
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}
