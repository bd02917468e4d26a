import { Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { csvHref, toCsv } from '../utils/csv';
import type { SeriesRow } from '../utils/series';

/** One series of a chart card: its key in the rows, its label, how the table and the CSV write it. */
export interface CardSeries {
  key: string;
  label: string;
  format: (value: number) => string;
  csv: (value: number) => string;
}

interface Props {
  /** names the card's test ids and its CSV file */
  id: string;
  title: string;
  description?: string;
  /** the first column's heading (day, month, node) */
  stepLabel: string;
  series: CardSeries[];
  rows: SeriesRow[];
  /** the file name of the CSV download, without `.csv` */
  fileName: string;
  chart: ReactNode;
}

/**
 * A chart with the same figures as a table (always there for screen readers; shown instead of the chart
 * by its toggle) and a CSV download of its series.
 */
export function ChartCard({ id, title, description, stepLabel, series, rows, fileName, chart }: Props) {
  const { t } = useTranslation('admin');
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const csv = toCsv(
    [stepLabel, ...series.map((s) => s.label)],
    rows.map((r) => [r.date, ...series.map((s) => s.csv(r.values[s.key] ?? 0))]),
  );
  const table = (
    <Table striped withTableBorder data-testid={`overview-${id}-table`} aria-labelledby={headingId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{stepLabel}</Table.Th>
          {series.map((s) => (
            <Table.Th key={s.key} scope="col" ta="right">
              {s.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.date}>
            <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
              {r.label}
            </Table.Th>
            {series.map((s) => (
              <Table.Td key={s.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {s.format(r.values[s.key] ?? 0)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Card padding="lg" bg="dark.7" data-testid={`overview-${id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
            <Title order={2} fz="h4" id={headingId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dark.0">
                {description}
              </Text>
            )}
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              size="xs"
              onClick={() => setAsTable((v) => !v)}
              aria-pressed={asTable}
              data-testid={`overview-${id}-toggle`}
            >
              {asTable ? t('overview.showChart') : t('overview.showTable')}
            </Button>
            <Button
              component="a"
              variant="default"
              size="xs"
              href={csvHref(csv)}
              download={`${fileName}.csv`}
              data-testid={`overview-${id}-csv`}
              aria-label={t('overview.downloadCsvOf', { title })}
            >
              {t('overview.downloadCsv')}
            </Button>
          </Group>
        </Group>
        {asTable ? (
          // Scrolled sideways on a phone: focusable, so the keyboard can scroll it too.
          <Table.ScrollContainer
            minWidth={series.length * 120 + 120}
            type="native"
            tabIndex={0}
            role="region"
            aria-labelledby={headingId}
          >
            {table}
          </Table.ScrollContainer>
        ) : (
          <>
            {/* The chart is a picture of the table below, which screen readers read instead. */}
            <div aria-hidden="true">{chart}</div>
            <VisuallyHidden>{table}</VisuallyHidden>
          </>
        )}
      </Stack>
    </Card>
  );
}
