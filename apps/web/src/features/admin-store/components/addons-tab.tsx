import type { AdminAddon } from '@falkenhost/contracts/admin';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { openConfirm } from '@/lib/confirm';
import { useFormatters } from '@/lib/format';
import { deleteAddon, useAddonsAdditionalData, useAdminAddons } from '../api/addons';
import { useStoreChange } from '../hooks/use-store-change';
import { deleteErrorKey } from '../utils/errors';
import { filterRows } from '../utils/format';
import { AddonDialog } from './addon-dialog';
import { ListState } from './list-state';
import { RowActions } from './row-actions';
import { TabToolbar } from './tab-toolbar';

/**
 * The add-ons tab (spec 2 "Add-ons"): search by name; rows with name, type, quantity, monthly credits,
 * packages and owners count (addons_ordered); add, edit, and delete (asked first; not offered while a
 * server has it).
 */
export function AddonsTab() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const addons = useAdminAddons();
  const packages = useAddonsAdditionalData();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminAddon | null | undefined>(undefined);
  const change = useStoreChange();
  const remove = useThrottledAction(async (addon: AdminAddon) => {
    await change(deleteAddon(addon.id), (answer) => deleteErrorKey(answer, 'addon'), 'addons.toast.deleted');
  });

  const rows = filterRows(addons.data ?? [], search, (addon) => [addon.name]);

  const askDelete = (addon: AdminAddon) =>
    openConfirm({
      title: t('addons.deleteTitle', { name: addon.name }),
      children: <Text size="sm">{t('addons.deleteText', { name: addon.name })}</Text>,
      labels: { confirm: t('actions.delete'), cancel: t('actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove.run(addon),
    });

  return (
    <Stack gap="md">
      <TabToolbar
        searchLabel={t('addons.search')}
        searchHint={t('addons.searchHint')}
        search={search}
        onSearch={setSearch}
        addLabel={t('addons.add')}
        onAdd={() => setEditing(null)}
        testId="addons"
      />
      <ListState
        queries={[addons, packages]}
        count={rows.length}
        loadingLabel={t('addons.loading')}
        emptyLabel={t('addons.empty')}
        testId="addons"
      >
        <Table.ScrollContainer minWidth={820}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('addons.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('addons.columns.name')}</Table.Th>
                <Table.Th>{t('addons.columns.type')}</Table.Th>
                <Table.Th ta="right">{t('addons.columns.quantity')}</Table.Th>
                <Table.Th ta="right">{t('addons.columns.creditsMonthly')}</Table.Th>
                <Table.Th ta="right">{t('addons.columns.packages')}</Table.Th>
                <Table.Th ta="right">{t('addons.columns.owners')}</Table.Th>
                <Table.Th>{t('addons.columns.active')}</Table.Th>
                <Table.Th ta="right">{t('columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((addon) => (
                <Table.Tr key={addon.id} data-testid="addon-row">
                  <Table.Td fw={600}>{addon.name}</Table.Td>
                  <Table.Td>{t(`addons.types.${addon.type}`)}</Table.Td>
                  <Table.Td ta="right">{format.number(addon.quantity)}</Table.Td>
                  <Table.Td ta="right">{format.number(addon.credits_monthly)}</Table.Td>
                  <Table.Td ta="right">{addon.user_packages_id.length}</Table.Td>
                  <Table.Td ta="right" data-testid="addon-owners-count">
                    {addon.addons_ordered}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={addon.active ? 'teal' : 'gray'} tt="none">
                      {t(addon.active ? 'status.active' : 'status.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      name={addon.name}
                      onEdit={() => setEditing(addon)}
                      onDelete={() => askDelete(addon)}
                      deleteBlocked={addon.addons_ordered > 0 ? t('errors.owned') : undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>
      {editing !== undefined && packages.data && (
        <AddonDialog
          key={editing?.id ?? 'new'}
          addon={editing}
          packages={packages.data}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Stack>
  );
}
