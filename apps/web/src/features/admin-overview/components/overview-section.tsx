import '@mantine/charts/styles.css';
import { OVERVIEW_PERIODS, type OverviewAnswer, type OverviewPeriod } from '@falkenhost/contracts/overview';
import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFailed } from '@/components/list-failed';
import { PageLoader } from '@/components/page-loader';
import { type Formatters, useFormatters } from '@/lib/format';
import { useOverview } from '../api/overview';
import { GamesCard, NodesCard } from './capacity-charts';
import { ActivityCard, CreditsCard, RevenueCard } from './period-charts';
import { SummaryTiles } from './summary-tiles';

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

/** The overview's figures of one period: the tiles, then a chart card per series. */
function Figures({ answer, f, language }: { answer: OverviewAnswer; f: Formatters; language: string }) {
  const { t } = useTranslation('admin');
  const stepLabel = t(`overview.step.${answer.step}`);
  return (
    <Stack gap="lg" data-testid="overview">
      <SummaryTiles answer={answer} f={f} language={language} />
      <RevenueCard answer={answer} f={f} language={language} stepLabel={stepLabel} />
      <CreditsCard answer={answer} f={f} language={language} stepLabel={stepLabel} />
      <ActivityCard answer={answer} f={f} language={language} stepLabel={stepLabel} />
      <GamesCard answer={answer} f={f} />
      <NodesCard answer={answer} f={f} />
    </Stack>
  );
}
