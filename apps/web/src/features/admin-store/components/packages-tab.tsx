import type { AdminPackage } from '@falkenhost/contracts/admin';
import { Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { openConfirm } from '@/lib/confirm';
import { useFormatters } from '@/lib/format';
import { deletePackage, useAdminPackages, usePackagesAdditionalData } from '../api/packages';
import { useStoreChange } from '../hooks/use-store-change';
import { deleteErrorKey } from '../utils/errors';
import { filterRows, limited } from '../utils/format';
import { ListState } from './list-state';
import { PackageDialog } from './package-dialog';
import { RowActions } from './row-actions';
import { TabToolbar } from './tab-toolbar';

/**
 * The packages tab (spec 2 "Packages"): search by name or game name, ignoring case; rows with name, game,
 * vCPU % (∞ when unlimited), RAM MB, storage GB, the word custom for a package of one target user, and
 * the owners count; add, edit, and delete (asked first; not offered while someone owns it).
 */
export function PackagesTab() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const packages = useAdminPackages();
  const choices = usePackagesAdditionalData();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminPackage | null | undefined>(undefined);
  const change = useStoreChange();
  const remove = useThrottledAction(async (pkg: AdminPackage) => {
    await change(deletePackage(pkg), (answer) => deleteErrorKey(answer, 'package'), 'packages.toast.deleted');
  });

  const rows = filterRows(packages.data ?? [], search, (pkg) => [pkg.name, pkg.game_name]);
  // 0 is unlimited: ∞ on screen, the word for a screen reader.
  const resource = (value: number, shown: (value: number) => string) => {
    const amount = limited(value);
    if (amount !== null) return shown(amount);
    return (
      <span title={t('packages.unlimited')}>
        <span aria-hidden="true">∞</span>
        <VisuallyHidden>{t('packages.unlimited')}</VisuallyHidden>
      </span>
    );
  };

  const askDelete = (pkg: AdminPackage) =>
    openConfirm({
      title: t('packages.deleteTitle', { name: pkg.name }),
      children: <Text size="sm">{t('packages.deleteText', { name: pkg.name })}</Text>,
      labels: { confirm: t('actions.delete'), cancel: t('actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove.run(pkg),
    });

  return (
    <Stack gap="md">
      <TabToolbar
        searchLabel={t('packages.search')}
        searchHint={t('packages.searchHint')}
        search={search}
        onSearch={setSearch}
        addLabel={t('packages.add')}
        onAdd={() => setEditing(null)}
        testId="packages"
      />
      <ListState
        queries={[packages, choices]}
        count={rows.length}
        loadingLabel={t('packages.loading')}
        emptyLabel={t('packages.empty')}
        testId="packages"
      >
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('packages.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('packages.columns.name')}</Table.Th>
                <Table.Th>{t('packages.columns.game')}</Table.Th>
                <Table.Th ta="right">{t('packages.columns.credits')}</Table.Th>
                <Table.Th ta="right">{t('packages.columns.vcpu')}</Table.Th>
                <Table.Th ta="right">{t('packages.columns.ram')}</Table.Th>
                <Table.Th ta="right">{t('packages.columns.storage')}</Table.Th>
                <Table.Th>{t('packages.columns.custom')}</Table.Th>
                <Table.Th ta="right">{t('packages.columns.owners')}</Table.Th>
                <Table.Th>{t('packages.columns.active')}</Table.Th>
                <Table.Th ta="right">{t('columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((pkg) => (
                <Table.Tr key={pkg.id} data-testid="package-row">
                  <Table.Td fw={600}>{pkg.name}</Table.Td>
                  <Table.Td>{pkg.game_name}</Table.Td>
                  <Table.Td ta="right">{format.whole(pkg.credits_monthly)}</Table.Td>
                  <Table.Td ta="right">{resource(pkg.vcpu, (value) => format.percent(value))}</Table.Td>
                  <Table.Td ta="right">
                    {resource(pkg.ram_size, (value) => t('units.mb', { value: format.number(value) }))}
                  </Table.Td>
                  <Table.Td ta="right">
                    {resource(pkg.storage_size, (value) => t('units.gb', { value: format.number(value) }))}
                  </Table.Td>
                  <Table.Td>
                    {pkg.users_username !== null && (
                      <Group gap={6} wrap="nowrap">
                        <Badge variant="light" color="grape" tt="none">
                          {t('packages.custom')}
                        </Badge>
                        <Text size="xs" c="dark.0">
                          {pkg.users_username}
                        </Text>
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="package-owners-count">
                    {pkg.packages_ordered}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={pkg.active ? 'teal' : 'gray'} tt="none">
                      {t(pkg.active ? 'status.active' : 'status.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      name={pkg.name}
                      onEdit={() => setEditing(pkg)}
                      onDelete={() => askDelete(pkg)}
                      deleteBlocked={pkg.packages_ordered > 0 ? t('errors.owned') : undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>
      {editing !== undefined && choices.data && (
        <PackageDialog
          key={editing?.id ?? 'new'}
          pkg={editing}
          choices={choices.data}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Stack>
  );
}
