import { DEFAULT_TIME_ZONE } from '@falkenhost/contracts/constants';
import { Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/admin/status-badge';
import { useFormatters } from '@/lib/format';
import { deleteDiscount, useAdminDiscounts } from '../api/discounts';
import { DiscountDialog } from './discount-dialog';
import { StoreListTab } from './store-list-tab';

/**
 * The discounts tab (product.md "Staff screens"): search by code, ignoring case; rows with the code, the
 * percentage rounded with %, valid_until as a date of the page's language in Prague time, where a code
 * is valid to the end of its day (decisions/442), and valid or expired; add, and delete (asked
 * first).
 */
export function DiscountsTab() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const discounts = useAdminDiscounts();
  const [adding, setAdding] = useState(false);

  return (
    <StoreListTab
      section="discounts"
      queries={[discounts]}
      data={discounts.data}
      searchFields={(discount) => [discount.code]}
      onAdd={() => setAdding(true)}
      minWidth={640}
      columns={[
        { label: t('discounts.columns.code') },
        { label: t('discounts.columns.percentage'), align: 'right' },
        { label: t('discounts.columns.validUntil') },
        { label: t('discounts.columns.status') },
      ]}
      rowTestId="discount-row"
      cells={(discount) => (
        <>
          <Table.Td ff="monospace" fw={600}>
            {discount.code}
          </Table.Td>
          <Table.Td ta="right">{format.percent(Math.round(discount.percentage))}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {format.date(discount.valid_until, DEFAULT_TIME_ZONE)}
          </Table.Td>
          <Table.Td>
            <StatusBadge color={discount.valid ? 'teal' : 'red'}>
              {t(discount.valid ? 'discounts.valid' : 'discounts.expired')}
            </StatusBadge>
          </Table.Td>
        </>
      )}
      rowActions={(discount) => ({ name: discount.code })}
      deleteRow={{
        request: (discount) => deleteDiscount(discount.id),
        entity: 'discount',
        values: (discount) => ({ code: discount.code }),
      }}
    >
      {adding && <DiscountDialog onClose={() => setAdding(false)} />}
    </StoreListTab>
  );
}
