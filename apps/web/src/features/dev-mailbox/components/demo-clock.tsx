import { CLOCK_ADVANCE_MAX_HOURS } from '@falkenhost/contracts/constants';
import { Alert, Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconClock } from '@/components/icons';
import { ApiError } from '@/lib/api-client';
import { advanceDevClock, devClockKey, useDevClock } from '../api/clock';

/** Quick steps: an hour, a day, a week. */
const STEPS = [
  { hours: 1, key: 'clock.plusHour' },
  { hours: 24, key: 'clock.plusDay' },
  { hours: 168, key: 'clock.plusWeek' },
] as const;

const isWholeHours = (value: number | string): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= CLOCK_ADVANCE_MAX_HOURS;

/**
 * The demo's clock with buttons to move it forward, so billing, schedules, renewals, warnings and
 * deletions can be watched in minutes. Hidden where GET /api/dev/clock does not exist (404).
 */
export function DemoClock({ onAdvanced }: { onAdvanced: () => void }) {
  const { t, i18n } = useTranslation('mailbox');
  const queryClient = useQueryClient();
  const clock = useDevClock();
  const [hours, setHours] = useState<number | string>(48);
  // `source` tells which button shows the spinner.
  const advance = useMutation({
    mutationFn: ({ hours: step }: { hours: number; source: string }) => advanceDevClock(step),
    onSuccess: (answer) => {
      if (answer.ok && answer.data) queryClient.setQueryData(devClockKey, answer.data);
      else void clock.refetch();
      onAdvanced();
    },
  });

  if (clock.error instanceof ApiError && clock.error.status === 404) return null;
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'full',
    timeStyle: 'medium',
  });
  const busy = advance.isPending;
  const failed = advance.data && !advance.data.ok;

  return (
    <Card padding="lg" bg="dark.7" mb="lg" data-testid="demo-clock" aria-busy={busy}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconClock size={20} />
          <Title order={2} fz="md">
            {t('clock.title')}
          </Title>
        </Group>
        <Text size="sm" c="dark.0">
          {t('clock.text')}
        </Text>
        <Text fw={700} fz="lg" role="status" aria-live="polite">
          {clock.data ? (
            <time dateTime={clock.data.now} data-testid="clock-now" data-now={clock.data.now}>
              {format.format(new Date(clock.data.now))}
            </time>
          ) : clock.isError ? (
            t('clock.unavailable')
          ) : (
            t('clock.loading')
          )}
        </Text>
        <Group gap="xs" wrap="wrap" align="flex-end">
          {STEPS.map((step) => (
            <Button
              key={step.hours}
              variant="light"
              data-testid={`clock-plus-${step.hours}`}
              title={t(`${step.key}Title`)}
              disabled={busy && advance.variables?.source !== `plus-${step.hours}`}
              loading={busy && advance.variables?.source === `plus-${step.hours}`}
              onClick={() => advance.mutate({ hours: step.hours, source: `plus-${step.hours}` })}
            >
              {t(step.key)}
            </Button>
          ))}
          <NumberInput
            label={t('clock.hours')}
            value={hours}
            onChange={setHours}
            min={1}
            max={CLOCK_ADVANCE_MAX_HOURS}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            w={140}
            data-testid="clock-advance-hours"
          />
          <Button
            data-testid="clock-advance"
            disabled={!isWholeHours(hours) || (busy && advance.variables?.source !== 'custom')}
            loading={busy && advance.variables?.source === 'custom'}
            onClick={() => isWholeHours(hours) && advance.mutate({ hours, source: 'custom' })}
          >
            {t('clock.advance')}
          </Button>
        </Group>
        {busy && (
          <Text size="sm" c="dark.0">
            {t('clock.advancing')}
          </Text>
        )}
        {failed && (
          <Alert color="red" title={t('clock.errorTitle')} role="alert">
            {t('clock.error')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
