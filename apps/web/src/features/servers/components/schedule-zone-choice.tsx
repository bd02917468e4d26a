import { Alert, Radio, Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

interface Props {
  /** the form's input props of `zone` (keep or switch) */
  field: GetInputPropsReturnType;
  /** the zone the schedules are stored in */
  zone: string | undefined;
  /** the browser's zone */
  browser: string | undefined;
}

/**
 * Shown when the browser is in another time zone than the stored schedules (record 221): keep the
 * stored zone for the new range, or move the customer's schedules to the browser's.
 */
export function ScheduleZoneChoice({ field, zone, browser }: Props) {
  const { t } = useTranslation('servers');
  return (
    <Alert variant="default" p="sm" data-testid="schedule-zone-choice">
      <Radio.Group
        label={t('schedule.browserZone', { zone: browser })}
        description={t('schedule.switchHint', { zone: browser })}
        // The dimmed description is too faint on the alert's grey (axe color-contrast).
        styles={{ description: { color: 'var(--mantine-color-dark-0)' } }}
        {...field}
      >
        <Stack gap={6} mt="xs">
          <Radio value="keep" label={t('schedule.keepZone', { zone })} data-testid="schedule-zone-keep" />
          <Radio
            value="switch"
            label={t('schedule.switchZone', { zone: browser })}
            data-testid="schedule-zone-switch"
          />
        </Stack>
      </Radio.Group>
    </Alert>
  );
}
