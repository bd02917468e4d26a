import { LEDGER_KINDS } from '@falkenhost/contracts/billing';
import { Alert, Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { useLedger } from '../api/billing';

const KNOWN_KINDS: ReadonlySet<string> = new Set(LEDGER_KINDS);

/**
 * The credit history: every change of the credit balance (the ledger), newest first, a page at a time:
 * date with 24-hour time, kind, amount with its sign and the balance after it (credits, 2 decimals).
 */
export function CreditHistory() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData } = useLedger(page);

  // An unknown kind (a newer server) is shown as sent.
  const kindText = (kind: string) => (KNOWN_KINDS.has(kind) ? t(`billing.ledger.kinds.${kind}`) : kind);

  return (
    <Stack gap="sm" component="section" aria-labelledby="billing-ledger">
      <Title order={3} fz="md" id="billing-ledger">
        {t('billing.ledger.title')}
      </Title>
      {isPending ? (
        <Skeleton h={160} radius="md" aria-busy="true" aria-label={t('billing.loading')} />
      ) : isError ? (
        <Alert color="red" title={t('billing.errorTitle')}>
          {t('billing.error')}
        </Alert>
      ) : data.rows.length === 0 ? (
        <Text c="dark.0" data-testid="ledger-empty">
          {t('billing.ledger.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={520}>
            <Table
              striped
              highlightOnHover
              verticalSpacing="xs"
              data-testid="ledger-table"
              aria-busy={isPlaceholderData}
              style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('billing.ledger.date')}</Table.Th>
                  <Table.Th>{t('billing.ledger.kind')}</Table.Th>
                  <Table.Th ta="right">{t('billing.ledger.amount')}</Table.Th>
                  <Table.Th ta="right">{t('billing.ledger.balance')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="ledger-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(row.created_at)}</Table.Td>
                    <Table.Td>{kindText(row.kind)}</Table.Td>
                    <Table.Td
                      ta="right"
                      c={row.amount > 0 ? 'teal.3' : row.amount < 0 ? 'red.3' : undefined}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {format.signed2(row.amount)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {format.decimal2(row.balance_after)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.pages > 1 && (
            <Group justify="center" component="nav" aria-label={t('billing.ledger.pages')}>
              <Pagination
                total={data.pages}
                value={data.page}
                onChange={setPage}
                getItemProps={(item) => ({ 'aria-label': t('billing.ledger.page', { page: item }) })}
                getControlProps={(control) => ({ 'aria-label': t(`billing.ledger.controls.${control}`) })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
