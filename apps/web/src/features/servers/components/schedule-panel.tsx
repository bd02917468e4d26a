import { DAYS } from '@falkenhost/contracts/constants';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useScheduleForm } from '../hooks/use-schedule-form';
import { hourLabel, rangesByDay, SCHEDULE_HOURS, type ScheduleRange } from '../utils/schedule';
import { ScheduleRanges } from './schedule-ranges';
import { ScheduleZoneChoice } from './schedule-zone-choice';

/**
 * On-hours of an hourly server (product.md "Screens and routes", "Entities and fields", "Validation rules"
 * ("Schedule")): pick a day, a start hour and an end hour (the last hour it runs) and add them; the ranges
 * show per day, ending at end hour + 1, and a click on one deletes it. Without a schedule the server runs all
 * the time (money-and-billing.md "Billing").
 */
export function SchedulePanel({ server }: { server: OwnedServer }) {
  const { t } = useTranslation('servers');
  const id = server.user_package_id;
  const { schedule, form, browser, zone, zonesDiffer, add, remove, submit, fieldError, hourSelect } =
    useScheduleForm(id);

  const dayOptions = DAYS.map((value) => ({ value, label: t(`days.${value}`) }));
  const hourOptions = SCHEDULE_HOURS.map((hour) => ({ value: String(hour), label: hourLabel(hour) }));
  const days = schedule.data ? rangesByDay(schedule.data.schedules) : [];
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
            <ScheduleZoneChoice field={form.getInputProps('zone')} zone={zone} browser={browser} />
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
      <ScheduleRanges
        pending={schedule.isPending}
        failed={schedule.isError}
        days={days}
        busy={add.isPending || remove.isPending}
        isRemoving={isRemoving}
        onRemove={(range) =>
          remove.mutate({ user_packages_id: id, id: range.scheduleId, hours: range.hours, day: range.day })
        }
      />
    </Stack>
  );
}
