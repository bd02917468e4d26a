import type { AdminAddon } from '@falkenhost/contracts/admin';
import { Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/admin/status-badge';
import { useFormatters } from '@/lib/format';
import { deleteAddon, useAddonsAdditionalData, useAdminAddons } from '../api/addons';
import { AddonDialog } from './addon-dialog';
import { StoreListTab } from './store-list-tab';

/**
 * The add-ons tab (product.md "Staff screens"): search by name; rows with name, type, quantity, monthly
 * credits, packages and owners count (addons_ordered); add, edit, and delete (asked first; not offered while
 * a server has it).
 */
export function AddonsTab() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const addons = useAdminAddons();
  const packages = useAddonsAdditionalData();
  const [editing, setEditing] = useState<AdminAddon | null | undefined>(undefined);

  return (
    <StoreListTab
      section="addons"
      queries={[addons, packages]}
      data={addons.data}
      searchFields={(addon) => [addon.name]}
      onAdd={() => setEditing(null)}
      minWidth={820}
      columns={[
        { label: t('addons.columns.name') },
        { label: t('addons.columns.type') },
        { label: t('addons.columns.quantity'), align: 'right' },
        { label: t('addons.columns.creditsMonthly'), align: 'right' },
        { label: t('addons.columns.packages'), align: 'right' },
        { label: t('addons.columns.owners'), align: 'right' },
        { label: t('addons.columns.active') },
      ]}
      rowTestId="addon-row"
      cells={(addon) => (
        <>
          <Table.Td fw={600}>{addon.name}</Table.Td>
          <Table.Td>{t(`addons.types.${addon.type}`)}</Table.Td>
          <Table.Td ta="right">{format.number(addon.quantity)}</Table.Td>
          <Table.Td ta="right">{format.number(addon.credits_monthly)}</Table.Td>
          <Table.Td ta="right">{addon.user_packages_id.length}</Table.Td>
          <Table.Td ta="right" data-testid="addon-owners-count">
            {addon.addons_ordered}
          </Table.Td>
          <Table.Td>
            <StatusBadge color={addon.active ? 'teal' : 'gray'}>
              {t(addon.active ? 'status.active' : 'status.inactive')}
            </StatusBadge>
          </Table.Td>
        </>
      )}
      rowActions={(addon) => ({
        name: addon.name,
        onEdit: () => setEditing(addon),
        deleteBlocked: addon.addons_ordered > 0 ? t('errors.owned') : undefined,
      })}
      deleteRow={{
        request: (addon) => deleteAddon(addon.id),
        entity: 'addon',
        values: (addon) => ({ name: addon.name }),
      }}
    >
      {editing !== undefined && packages.data && (
        <AddonDialog
          key={editing?.id ?? 'new'}
          addon={editing}
          packages={packages.data}
          onClose={() => setEditing(undefined)}
        />
      )}
    </StoreListTab>
  );
}
