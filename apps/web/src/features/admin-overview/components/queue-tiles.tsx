import type { OverviewAnswer } from '@falkenhost/contracts/overview';
import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '@/lib/format';

/** `seconds` as the language writes a duration: seconds under a minute, else minutes, else hours. */
function duration(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 7_200
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3_600), 'hour'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

function QueueTile({
  testId,
  label,
  queue,
  drain,
  f,
}: {
  testId: string;
  label: string;
  queue: { depth: number; oldestAt: string | null };
  drain?: string;
  f: Formatters;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card padding="md" bg="dark.7" data-testid={testId}>
      <Text size="sm" c="dark.0">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {t('overview.queues.depth', { depth: f.whole(queue.depth) })}
      </Text>
      <Text size="xs" c="dark.1">
        {queue.oldestAt
          ? t('overview.queues.oldest', { at: f.dateTime(queue.oldestAt) })
          : t('overview.queues.empty')}
      </Text>
      {drain && (
        <Text size="xs" c="dark.1">
          {drain}
        </Text>
      )}
    </Card>
  );
}

/** The panel queue's and the mail outbox's tiles: waiting, the oldest, how long the panel queue takes. */
export function QueueTiles({
  answer,
  f,
  language,
}: {
  answer: OverviewAnswer;
  f: Formatters;
  language: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <QueueTile
        testId="overview-panel-queue"
        label={t('overview.queues.panel')}
        queue={answer.panelQueue}
        f={f}
        drain={
          answer.panelQueue.depth > 0
            ? t('overview.queues.drain', {
                time: duration(answer.panelQueue.drainSeconds, language),
                perMinute: f.whole(answer.panelQueue.perMinute),
              })
            : undefined
        }
      />
      <QueueTile
        testId="overview-mail-outbox"
        label={t('overview.queues.mail')}
        queue={answer.mailOutbox}
        f={f}
      />
    </>
  );
}
