import type { OverviewAnswer } from '@falkenhost/contracts/overview';
import { BarChart } from '@mantine/charts';
import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '@/lib/format';
import { chartData, csvFileName, type SeriesRow } from '../utils/series';
import { type CardSeries, ChartCard } from './chart-card';

interface Props {
  answer: OverviewAnswer;
  f: Formatters;
}

/** The active servers by game now, one bar per game. */
export function GamesCard({ answer, f }: Props) {
  const { t } = useTranslation('admin');
  const count = (value: number) => f.whole(value);
  const rows: SeriesRow[] = answer.activeServers.byGame.map((g) => ({
    label: g.game,
    date: g.game,
    values: { count: g.count },
  }));
  return (
    <ChartCard
      id="games"
      title={t('overview.games.title')}
      description={t('overview.games.description')}
      stepLabel={t('overview.games.game')}
      series={[{ key: 'count', label: t('overview.games.count'), format: count, csv: String }]}
      rows={rows}
      fileName={csvFileName('servers-by-game', answer)}
      chart={
        <BarChart
          h={Math.max(120, rows.length * 44)}
          data={chartData(rows)}
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
  );
}

/**
 * The panel nodes' memory and disk allocated against their size (bars of the percentages; the table and
 * CSV also in MB), as last read from the panel; a note instead when the panel could not be read.
 */
export function NodesCard({ answer, f }: Props) {
  const { t } = useTranslation('admin');
  const rows: SeriesRow[] = (answer.nodes ?? []).map((n) => ({
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
  const series: CardSeries[] = [
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

  if (answer.nodes === null)
    return (
      <Card padding="lg" bg="dark.7" data-testid="overview-nodes-unread">
        <Title order={2} fz="h4">
          {t('overview.nodes.title')}
        </Title>
        <Text c="dark.0">{t('overview.nodes.unread')}</Text>
      </Card>
    );
  return (
    <ChartCard
      id="nodes"
      title={t('overview.nodes.title')}
      description={
        answer.nodesReadAt ? t('overview.nodes.readAt', { at: f.dateTime(answer.nodesReadAt) }) : undefined
      }
      stepLabel={t('overview.nodes.node')}
      series={series}
      rows={rows}
      fileName={csvFileName('node-capacity', answer)}
      chart={
        <BarChart
          h={Math.max(140, rows.length * 64)}
          data={chartData(rows)}
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
  );
}
