import type { AdminDiscount } from '@falkenhost/contracts/admin';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { openConfirm } from '@/lib/confirm';
import { useFormatters } from '@/lib/format';
import { deleteDiscount, useAdminDiscounts } from '../api/discounts';
import { useStoreChange } from '../hooks/use-store-change';
import { deleteErrorKey } from '../utils/errors';
import { filterRows, formatValidUntil } from '../utils/format';
import { DiscountDialog } from './discount-dialog';
import { ListState } from './list-state';
import { RowActions } from './row-actions';
import { TabToolbar } from './tab-toolbar';

/**
 * The discounts tab (spec 2 "Discounts"): search by code, ignoring case; rows with the code, the
 * percentage rounded with %, valid_until as a Czech date and valid or expired; add, and delete (asked
 * first).
 */
export function DiscountsTab() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const discounts = useAdminDiscounts();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const change = useStoreChange();
  const remove = useThrottledAction(async (discount: AdminDiscount) => {
    await change(
      deleteDiscount(discount.id),
      (answer) => deleteErrorKey(answer, 'discount'),
      'discounts.toast.deleted',
    );
  });

  const rows = filterRows(discounts.data ?? [], search, (discount) => [discount.code]);

  const askDelete = (discount: AdminDiscount) =>
    openConfirm({
      title: t('discounts.deleteTitle', { code: discount.code }),
      children: <Text size="sm">{t('discounts.deleteText', { code: discount.code })}</Text>,
      labels: { confirm: t('actions.delete'), cancel: t('actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove.run(discount),
    });

  return (
    <Stack gap="md">
      <TabToolbar
        searchLabel={t('discounts.search')}
        searchHint={t('discounts.searchHint')}
        search={search}
        onSearch={setSearch}
        addLabel={t('discounts.add')}
        onAdd={() => setAdding(true)}
        testId="discounts"
      />
      <ListState
        queries={[discounts]}
        count={rows.length}
        loadingLabel={t('discounts.loading')}
        emptyLabel={t('discounts.empty')}
        testId="discounts"
      >
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('discounts.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('discounts.columns.code')}</Table.Th>
                <Table.Th ta="right">{t('discounts.columns.percentage')}</Table.Th>
                <Table.Th>{t('discounts.columns.validUntil')}</Table.Th>
                <Table.Th>{t('discounts.columns.status')}</Table.Th>
                <Table.Th ta="right">{t('columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((discount) => (
                <Table.Tr key={discount.id} data-testid="discount-row">
                  <Table.Td ff="monospace" fw={600}>
                    {discount.code}
                  </Table.Td>
                  <Table.Td ta="right">{format.percent(Math.round(discount.percentage))}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatValidUntil(discount.valid_until)}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={discount.valid ? 'teal' : 'red'} tt="none">
                      {t(discount.valid ? 'discounts.valid' : 'discounts.expired')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <RowActions name={discount.code} onDelete={() => askDelete(discount)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>
      {adding && <DiscountDialog onClose={() => setAdding(false)} />}
    </Stack>
  );
}
