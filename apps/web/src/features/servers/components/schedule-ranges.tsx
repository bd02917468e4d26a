import type { Day } from '@falkenhost/contracts/constants';
import { Badge, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hourLabel, type ScheduleRange } from '../utils/schedule';

interface Props {
  /** the schedule is loading: a placeholder line */
  pending: boolean;
  /** it could not be loaded: the list error */
  failed: boolean;
  /** the ranges of every day that has some (rangesByDay) */
  days: { day: Day; ranges: ScheduleRange[] }[];
  /** an add or a delete runs: the ranges wait */
  busy: boolean;
  /** the range is being deleted */
  isRemoving: (range: ScheduleRange) => boolean;
  /** deletes the range */
  onRemove: (range: ScheduleRange) => void;
}

/**
 * The schedule's ranges per day (product.md "Customer servers"), each ending at its last hour + 1 and deleted
 * by a click; a note when there are none.
 */
export function ScheduleRanges({ pending, failed, days, busy, isRemoving, onRemove }: Props) {
  const { t } = useTranslation('servers');
  if (pending) return <Skeleton h={28} />;
  if (failed)
    return (
      <Text size="sm" c="red.4" role="alert">
        {t('details.listError')}
      </Text>
    );
  return (
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
                    onClick={() => onRemove(range)}
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
  );
}
