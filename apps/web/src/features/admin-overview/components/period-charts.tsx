import type { OverviewAnswer } from '@falkenhost/contracts/overview';
import { BarChart, LineChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '@/lib/format';
import {
  activityRows,
  chartData,
  creditRows,
  creditsCsv,
  csvFileName,
  eurCsv,
  revenueRows,
} from '../utils/series';
import { type CardSeries, ChartCard } from './chart-card';

const REVENUE_COLORS = {
  credits: 'falken.4',
  first: 'teal.5',
  renewal: 'yellow.5',
  unsuspend: 'grape.4',
  topUp: 'orange.5',
};
const CHART_HEIGHT = 260;

interface Props {
  answer: OverviewAnswer;
  f: Formatters;
  language: string;
  /** the first column's heading: day or month */
  stepLabel: string;
}

/**
 * Net revenue by source (credits, first payments, renewals, unsuspensions, auto top-ups) per step, stacked,
 * in euros.
 */
export function RevenueCard({ answer, f, language, stepLabel }: Props) {
  const { t } = useTranslation('admin');
  const eur = (value: number) => f.eur(value);
  const series: CardSeries[] = (['credits', 'first', 'renewal', 'unsuspend', 'topUp'] as const).map(
    (key) => ({
      key,
      label: t(`overview.revenue.${key}`),
      format: eur,
      csv: eurCsv,
    }),
  );
  return (
    <ChartCard
      id="revenue"
      title={t('overview.revenue.title')}
      description={t('overview.revenue.description')}
      stepLabel={stepLabel}
      series={series}
      rows={revenueRows(answer, language)}
      fileName={csvFileName('revenue', answer)}
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={chartData(revenueRows(answer, language))}
          dataKey="step"
          accessibilityLayer={false}
          type="stacked"
          series={series.map((s) => ({
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
  );
}

/** Credits sold and spent on servers per step. */
export function CreditsCard({ answer, f, language, stepLabel }: Props) {
  const { t } = useTranslation('admin');
  const credits = (value: number) => f.decimal2(value);
  const series: CardSeries[] = (['sold', 'spent'] as const).map((key) => ({
    key,
    label: t(`overview.credits.${key}`),
    format: credits,
    csv: creditsCsv,
  }));
  return (
    <ChartCard
      id="credits"
      title={t('overview.credits.title')}
      description={t('overview.credits.description')}
      stepLabel={stepLabel}
      series={series}
      rows={creditRows(answer, language)}
      fileName={csvFileName('credits', answer)}
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={chartData(creditRows(answer, language))}
          dataKey="step"
          accessibilityLayer={false}
          series={[
            { name: 'sold', label: series[0]?.label, color: 'falken.4' },
            { name: 'spent', label: series[1]?.label, color: 'orange.5' },
          ]}
          valueFormatter={credits}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          yAxisProps={{ width: 80 }}
        />
      }
    />
  );
}

/** New customers, servers deleted and failed renewals per step, as lines. */
export function ActivityCard({ answer, f, language, stepLabel }: Props) {
  const { t } = useTranslation('admin');
  const count = (value: number) => f.whole(value);
  const series: CardSeries[] = (['newCustomers', 'serversDeleted', 'failedRenewals'] as const).map((key) => ({
    key,
    label: t(`overview.activity.${key}`),
    format: count,
    csv: String,
  }));
  return (
    <ChartCard
      id="activity"
      title={t('overview.activity.title')}
      stepLabel={stepLabel}
      series={series}
      rows={activityRows(answer, language)}
      fileName={csvFileName('customers-servers', answer)}
      chart={
        <LineChart
          h={CHART_HEIGHT}
          data={chartData(activityRows(answer, language))}
          dataKey="step"
          accessibilityLayer={false}
          series={[
            { name: 'newCustomers', label: series[0]?.label, color: 'teal.5' },
            { name: 'serversDeleted', label: series[1]?.label, color: 'red.5' },
            { name: 'failedRenewals', label: series[2]?.label, color: 'yellow.5' },
          ]}
          valueFormatter={count}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          curveType="linear"
          yAxisProps={{ allowDecimals: false }}
        />
      }
    />
  );
}
