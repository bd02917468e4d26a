import { centsToEur, unitsToCredits } from '@falkenhost/contracts/money';
import type { OverviewAnswer } from '@falkenhost/contracts/overview';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '@/lib/format';
import { QueueTiles } from './queue-tiles';

/** A stat tile: a label, a figure and a line under it. */
function Tile({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId: string;
}) {
  return (
    <Card padding="md" bg="dark.7" data-testid={testId}>
      <Text size="sm" c="dark.0">
        {label}
      </Text>
      <Text fz="xl" fw={700} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dark.1">
          {note}
        </Text>
      )}
    </Card>
  );
}

/**
 * The overview's tiles (issue 31 part 1): the monthly recurring revenue and its change in the period, the
 * period's net revenue, the customers' credit balance, active servers (hourly and monthly), suspended
 * servers, monthly servers in grace after a failed renewal (decision 420), new customers, then the panel queue's and the mail outbox's tiles.
 */
export function SummaryTiles({
  answer,
  f,
  language,
}: {
  answer: OverviewAnswer;
  f: Formatters;
  language: string;
}) {
  const { t } = useTranslation('admin');
  const eur = (value: number) => f.eur(value);
  const credits = (value: number) => f.decimal2(value);
  const count = (value: number) => f.whole(value);
  const sum = (pick: (s: OverviewAnswer['steps'][number]) => number) =>
    answer.steps.reduce((total, s) => total + pick(s), 0);
  const revenueTotal = sum(
    (s) => s.revenue.credits + s.revenue.first + s.revenue.renewal + s.revenue.unsuspend + s.revenue.topUp,
  );
  const mrrChange = answer.mrr.now - answer.mrr.atStart;

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <Tile
        testId="overview-mrr"
        label={t('overview.tiles.mrr')}
        value={eur(centsToEur(answer.mrr.now))}
        note={t('overview.tiles.mrrChange', {
          change: `${mrrChange > 0 ? '+' : ''}${eur(centsToEur(mrrChange))}`,
        })}
      />
      <Tile
        testId="overview-revenue-total"
        label={t('overview.tiles.revenue')}
        value={eur(centsToEur(revenueTotal))}
        note={t('overview.tiles.inPeriod')}
      />
      <Tile
        testId="overview-balance"
        label={t('overview.tiles.balance')}
        value={credits(unitsToCredits(answer.creditBalance))}
        note={t('overview.tiles.balanceNote')}
      />
      <Tile
        testId="overview-servers"
        label={t('overview.tiles.active')}
        value={count(answer.activeServers.byBillingType.hourly + answer.activeServers.byBillingType.monthly)}
        note={t('overview.tiles.activeNote', {
          hourly: count(answer.activeServers.byBillingType.hourly),
          monthly: count(answer.activeServers.byBillingType.monthly),
        })}
      />
      <Tile
        testId="overview-suspended"
        label={t('overview.tiles.suspended')}
        value={count(answer.suspendedNow)}
      />
      <Tile
        testId="overview-grace"
        label={t('overview.tiles.grace')}
        value={count(answer.graceNow)}
        note={t('overview.tiles.graceNote')}
      />
      <Tile
        testId="overview-customers"
        label={t('overview.activity.newCustomers')}
        value={count(sum((s) => s.newCustomers))}
        note={t('overview.tiles.inPeriod')}
      />
      <QueueTiles answer={answer} f={f} language={language} />
    </SimpleGrid>
  );
}
