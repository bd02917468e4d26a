import { Alert, Anchor, Badge, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { useInvoices } from '../api/billing';

/**
 * The customer's invoices and credit notes, newest first: number, date, description, total in EUR, kind
 * and the PDF (same-origin link: the session cookie goes along).
 */
export function InvoicesTable() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const { data, isPending, isError } = useInvoices();

  return (
    <Stack gap="sm" component="section" aria-labelledby="billing-invoices">
      <Title order={3} fz="md" id="billing-invoices">
        {t('billing.invoices.title')}
      </Title>
      {isPending ? (
        <Skeleton h={96} radius="md" aria-busy="true" aria-label={t('billing.loading')} />
      ) : isError ? (
        <Alert color="red" title={t('billing.errorTitle')}>
          {t('billing.error')}
        </Alert>
      ) : data.length === 0 ? (
        <Text c="dark.0" data-testid="invoices-empty">
          {t('billing.invoices.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="invoices-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.invoices.number')}</Table.Th>
                <Table.Th>{t('billing.invoices.date')}</Table.Th>
                <Table.Th>{t('billing.invoices.description')}</Table.Th>
                <Table.Th>{t('billing.invoices.kind')}</Table.Th>
                <Table.Th ta="right">{t('billing.invoices.total')}</Table.Th>
                <Table.Th>{t('billing.invoices.document')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((invoice) => (
                <Table.Tr key={invoice.id} data-testid="invoice-row">
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {invoice.number}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(invoice.issued_at)}</Table.Td>
                  <Table.Td>{invoice.description}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={invoice.kind === 'invoice' ? 'gray' : 'orange'}
                      tt="none"
                      style={{ overflow: 'visible' }}
                      styles={{ label: { overflow: 'visible' } }}
                    >
                      {t(`billing.invoices.kinds.${invoice.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {format.eur(invoice.total)}
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      href={invoice.pdf_url}
                      download
                      c="falken.2"
                      underline="always"
                      aria-label={t('billing.invoices.downloadAria', { number: invoice.number })}
                    >
                      {t('billing.invoices.download')}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
