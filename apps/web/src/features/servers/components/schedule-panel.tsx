import { DAYS, TOAST_MS } from '@falkenhost/contracts/constants';
import { type OwnedServer, scheduleInput } from '@falkenhost/contracts/servers';
import {
  Alert,
  Badge,
  Button,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { notify } from '@/lib/notify';
import { addSchedule, deleteSchedule, scheduleKey, useSchedule } from '../api/schedule';
import { useServerAction } from '../hooks/use-server-action';
import { addScheduleErrorKey, deleteScheduleErrorKey } from '../utils/errors';
import { firstErrorOnly } from '../utils/form-errors';
import {
  browserTimeZone,
  hourLabel,
  rangesByDay,
  SCHEDULE_HOURS,
  SCHEDULE_INPUT_ERRORS,
  type ScheduleRange,
} from '../utils/schedule';

interface ScheduleFormValues {
  day: string | null;
  startHour: number | null;
  endHour: number | null;
  /** keep the stored zone, or move the customer's schedules to the browser's (record 221) */
  zone: 'keep' | 'switch';
}

const resolveSchedule = schemaResolver(scheduleInput, { sync: true });

/**
 * On-hours of an hourly server (spec 2, 3 "Schedule", 5): pick a day, a start hour and an end hour (the
 * last hour it runs) and add them; the ranges show per day, ending at end hour + 1, and a click on one
 * deletes it. Without a schedule the server runs all the time (architecture.md "Billing").
 */
export function SchedulePanel({ server }: { server: OwnedServer }) {
  const { t } = useTranslation('servers');
  const id = server.user_package_id;
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

  const dayOptions = DAYS.map((value) => ({ value, label: t(`days.${value}`) }));
  const hourOptions = SCHEDULE_HOURS.map((hour) => ({ value: String(hour), label: hourLabel(hour) }));
  const days = schedule.data ? rangesByDay(schedule.data.schedules) : [];
  const busy = add.isPending || remove.isPending;
  const isRemoving = (range: ScheduleRange) =>
    remove.isPending &&
    remove.variables?.id === range.scheduleId &&
    remove.variables.hours[0] === range.start &&
    remove.variables.day === range.day;
  return (
    <Stack gap="sm" data-testid="schedule-panel">
      <Title order={3} fz="md">
        {t('schedule.title')}
      </Title>
      <Text size="sm" c="dark.0">
        {t('schedule.text')}
      </Text>
      {zone && (
        <Text size="sm" data-testid="schedule-time-zone" data-time-zone={zone}>
          {t('schedule.timeZone', { zone })}
        </Text>
      )}
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="sm">
          {zonesDiffer && (
            <Alert variant="default" p="sm" data-testid="schedule-zone-choice">
              <Radio.Group
                label={t('schedule.browserZone', { zone: browser })}
                description={t('schedule.switchHint', { zone: browser })}
                // The dimmed description is too faint on the alert's grey (axe color-contrast).
                styles={{ description: { color: 'var(--mantine-color-dark-0)' } }}
                {...form.getInputProps('zone')}
              >
                <Stack gap={6} mt="xs">
                  <Radio
                    value="keep"
                    label={t('schedule.keepZone', { zone })}
                    data-testid="schedule-zone-keep"
                  />
                  <Radio
                    value="switch"
                    label={t('schedule.switchZone', { zone: browser })}
                    data-testid="schedule-zone-switch"
                  />
                </Stack>
              </Radio.Group>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm" style={{ alignItems: 'start' }}>
            <Select
              label={t('schedule.day')}
              placeholder={t('schedule.dayPlaceholder')}
              data={dayOptions}
              value={form.values.day}
              onChange={(value) => form.setFieldValue('day', value)}
              error={fieldError('day')}
              allowDeselect={false}
              data-testid="schedule-day"
            />
            <Select
              label={t('schedule.start')}
              placeholder={t('schedule.hourPlaceholder')}
              data={hourOptions}
              {...hourSelect('startHour')}
              allowDeselect={false}
              data-testid="schedule-start"
            />
            <Select
              label={t('schedule.end')}
              placeholder={t('schedule.hourPlaceholder')}
              data={hourOptions}
              {...hourSelect('endHour')}
              allowDeselect={false}
              data-testid="schedule-end"
            />
            <Button
              type="submit"
              data-testid="schedule-add"
              mt={{ base: 0, xs: 25 }}
              loading={add.isPending}
              disabled={remove.isPending}
            >
              {t('schedule.add')}
            </Button>
          </SimpleGrid>
        </Stack>
      </form>
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
