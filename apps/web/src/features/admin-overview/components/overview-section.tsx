import '@mantine/charts/styles.css';
import { centsToEur, unitsToCredits } from '@falkenhost/contracts/money';
import { OVERVIEW_PERIODS, type OverviewAnswer, type OverviewPeriod } from '@falkenhost/contracts/overview';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFailed } from '@/components/list-failed';
import { PageLoader } from '@/components/page-loader';
import { type Formatters, useFormatters } from '@/lib/format';
import { useOverview } from '../api/overview';
import { activityRows, creditRows, creditsCsv, eurCsv, revenueRows, type SeriesRow } from '../utils/series';
import { type CardSeries, ChartCard } from './chart-card';
import { QueueTiles } from './queue-tiles';

const REVENUE_COLORS = { credits: 'falken.4', first: 'teal.5', renewal: 'yellow.5', unsuspend: 'grape.4' };
const CHART_HEIGHT = 260;

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
 * The staff overview (issue 31 part 1): for 7 days, 30 days or 12 months, net revenue by source, credits
 * sold and spent, customers and servers, servers by game, node capacity and the queues, each chart with
 * its table and CSV file; money through the one euro format of lib/format.ts.
 */
export default function OverviewSection() {
  const { t, i18n } = useTranslation('admin');
  const f = useFormatters();
  const [period, setPeriod] = useState<OverviewPeriod>('30d');
  const overview = useOverview(period);
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('overview.title')}
        </Title>
        <Text c="dark.0">{t('overview.subtitle')}</Text>
      </Stack>
      <SegmentedControl
        value={period}
        onChange={(value) => setPeriod(value as OverviewPeriod)}
        data={OVERVIEW_PERIODS.map((p) => ({ value: p, label: t(`overview.periods.${p}`) }))}
        aria-label={t('overview.period')}
        data-testid="overview-period"
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      {overview.isPending ? (
        <PageLoader label={t('overview.loading')} />
      ) : overview.isError ? (
        <ListFailed
          text={t('errors.fetchError')}
          retryLabel={t('actions.retry')}
          onRetry={() => overview.refetch()}
        />
      ) : (
        <Figures answer={overview.data} f={f} language={language} />
      )}
    </Stack>
  );
}

function Figures({ answer, f, language }: { answer: OverviewAnswer; f: Formatters; language: string }) {
  const { t } = useTranslation('admin');
  const eur = (value: number) => f.eur(value);
  const credits = (value: number) => f.decimal2(value);
  const count = (value: number) => f.whole(value);
  const stepLabel = t(`overview.step.${answer.step}`);
  const file = (name: string) => `falkenhost-${name}-${answer.period}`;
  const sum = (pick: (s: OverviewAnswer['steps'][number]) => number) =>
    answer.steps.reduce((total, s) => total + pick(s), 0);
  const revenueTotal = sum(
    (s) => s.revenue.credits + s.revenue.first + s.revenue.renewal + s.revenue.unsuspend,
  );
  const mrrChange = answer.mrr.now - answer.mrr.atStart;

  const revenueSeries: CardSeries[] = (['credits', 'first', 'renewal', 'unsuspend'] as const).map((key) => ({
    key,
    label: t(`overview.revenue.${key}`),
    format: eur,
    csv: eurCsv,
  }));
  const creditSeries: CardSeries[] = (['sold', 'spent'] as const).map((key) => ({
    key,
    label: t(`overview.credits.${key}`),
    format: credits,
    csv: creditsCsv,
  }));
  const activitySeries: CardSeries[] = (['newCustomers', 'serversDeleted', 'failedRenewals'] as const).map(
    (key) => ({ key, label: t(`overview.activity.${key}`), format: count, csv: String }),
  );
  const gameRows: SeriesRow[] = answer.activeServers.byGame.map((g) => ({
    label: g.game,
    date: g.game,
    values: { count: g.count },
  }));
  const nodeRows: SeriesRow[] = (answer.nodes ?? []).map((n) => ({
    label: n.name,
    date: n.name,
    values: {
      memoryAllocated: n.memoryAllocated,
      memory: n.memory,
      memoryPercent: n.memory > 0 ? (n.memoryAllocated / n.memory) * 100 : 0,
      diskAllocated: n.diskAllocated,
      disk: n.disk,
      diskPercent: n.disk > 0 ? (n.diskAllocated / n.disk) * 100 : 0,
    },
  }));
  const mb = (value: number) => t('overview.nodes.mb', { value: f.whole(value) });
  const percent = (value: number) => f.percent(value, 1);
  const nodeSeries: CardSeries[] = [
    { key: 'memoryAllocated', label: t('overview.nodes.memoryAllocated'), format: mb, csv: String },
    { key: 'memory', label: t('overview.nodes.memory'), format: mb, csv: String },
    {
      key: 'memoryPercent',
      label: t('overview.nodes.memoryPercent'),
      format: percent,
      csv: (v) => v.toFixed(1),
    },
    { key: 'diskAllocated', label: t('overview.nodes.diskAllocated'), format: mb, csv: String },
    { key: 'disk', label: t('overview.nodes.disk'), format: mb, csv: String },
    { key: 'diskPercent', label: t('overview.nodes.diskPercent'), format: percent, csv: (v) => v.toFixed(1) },
  ];
  const chartData = (rows: SeriesRow[]) => rows.map((r) => ({ step: r.label, ...r.values }));

  return (
    <Stack gap="lg" data-testid="overview">
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
          value={count(
            answer.activeServers.byBillingType.hourly + answer.activeServers.byBillingType.monthly,
          )}
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
          testId="overview-customers"
          label={t('overview.activity.newCustomers')}
          value={count(sum((s) => s.newCustomers))}
          note={t('overview.tiles.inPeriod')}
        />
        <QueueTiles answer={answer} f={f} language={language} />
      </SimpleGrid>

      <ChartCard
        id="revenue"
        title={t('overview.revenue.title')}
        description={t('overview.revenue.description')}
        stepLabel={stepLabel}
        series={revenueSeries}
        rows={revenueRows(answer, language)}
        fileName={file('revenue')}
        chart={
          <BarChart
            h={CHART_HEIGHT}
            data={chartData(revenueRows(answer, language))}
            dataKey="step"
            accessibilityLayer={false}
            type="stacked"
            series={revenueSeries.map((s) => ({
              name: s.key,
              label: s.label,
              color: REVENUE_COLORS[s.key as keyof typeof REVENUE_COLORS],
            }))}
            valueFormatter={eur}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            yAxisProps={{ width: 80 }}
          />
        }
      />
      <ChartCard
        id="credits"
        title={t('overview.credits.title')}
        description={t('overview.credits.description')}
        stepLabel={stepLabel}
        series={creditSeries}
        rows={creditRows(answer, language)}
        fileName={file('credits')}
        chart={
          <BarChart
            h={CHART_HEIGHT}
            data={chartData(creditRows(answer, language))}
            dataKey="step"
            accessibilityLayer={false}
            series={[
              { name: 'sold', label: creditSeries[0]?.label, color: 'falken.4' },
              { name: 'spent', label: creditSeries[1]?.label, color: 'orange.5' },
            ]}
            valueFormatter={credits}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            yAxisProps={{ width: 80 }}
          />
        }
      />
      <ChartCard
        id="activity"
        title={t('overview.activity.title')}
        stepLabel={stepLabel}
        series={activitySeries}
        rows={activityRows(answer, language)}
        fileName={file('customers-servers')}
        chart={
          <LineChart
            h={CHART_HEIGHT}
            data={chartData(activityRows(answer, language))}
            dataKey="step"
            accessibilityLayer={false}
            series={[
              { name: 'newCustomers', label: activitySeries[0]?.label, color: 'teal.5' },
              { name: 'serversDeleted', label: activitySeries[1]?.label, color: 'red.5' },
              { name: 'failedRenewals', label: activitySeries[2]?.label, color: 'yellow.5' },
            ]}
            valueFormatter={count}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            curveType="linear"
            yAxisProps={{ allowDecimals: false }}
          />
        }
      />
      <ChartCard
        id="games"
        title={t('overview.games.title')}
        description={t('overview.games.description')}
        stepLabel={t('overview.games.game')}
        series={[{ key: 'count', label: t('overview.games.count'), format: count, csv: String }]}
        rows={gameRows}
        fileName={file('servers-by-game')}
        chart={
          <BarChart
            h={Math.max(120, gameRows.length * 44)}
            data={chartData(gameRows)}
            dataKey="step"
            accessibilityLayer={false}
            orientation="vertical"
            series={[{ name: 'count', label: t('overview.games.count'), color: 'falken.4' }]}
            valueFormatter={count}
            yAxisProps={{ width: 110 }}
            xAxisProps={{ allowDecimals: false }}
          />
        }
      />
      {answer.nodes === null ? (
        <Card padding="lg" bg="dark.7" data-testid="overview-nodes-unread">
          <Title order={2} fz="h4">
            {t('overview.nodes.title')}
          </Title>
          <Text c="dark.0">{t('overview.nodes.unread')}</Text>
        </Card>
      ) : (
        <ChartCard
          id="nodes"
          title={t('overview.nodes.title')}
          description={
            answer.nodesReadAt
              ? t('overview.nodes.readAt', { at: f.dateTime(answer.nodesReadAt) })
              : undefined
          }
          stepLabel={t('overview.nodes.node')}
          series={nodeSeries}
          rows={nodeRows}
          fileName={file('node-capacity')}
          chart={
            <BarChart
              h={Math.max(140, nodeRows.length * 64)}
              data={chartData(nodeRows)}
              dataKey="step"
              accessibilityLayer={false}
              orientation="vertical"
              series={[
                { name: 'memoryPercent', label: t('overview.nodes.memoryPercent'), color: 'falken.4' },
                { name: 'diskPercent', label: t('overview.nodes.diskPercent'), color: 'teal.5' },
              ]}
              valueFormatter={percent}
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              yAxisProps={{ width: 110 }}
              xAxisProps={{ domain: [0, 100] }}
            />
          }
        />
      )}
    </Stack>
  );
}
