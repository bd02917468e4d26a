import type { AdminPackage } from '@falkenhost/contracts/admin';
import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/admin/status-badge';
import { useFormatters } from '@/lib/format';
import { deletePackage, useAdminPackages, usePackagesAdditionalData } from '../api/packages';
import { limited } from '../utils/format';
import { PackageDialog } from './package-dialog';
import { StoreListTab } from './store-list-tab';

/**
 * The packages tab (product.md "Staff screens"): search by name or game name, ignoring case; rows with name,
 * game, vCPU % (∞ when unlimited), RAM MB, storage GB, the word custom for a package of one target user, and
 * the owners count; add, edit, and delete (asked first; not offered while someone owns it).
 */
export function PackagesTab() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const packages = useAdminPackages();
  const choices = usePackagesAdditionalData();
  const [editing, setEditing] = useState<AdminPackage | null | undefined>(undefined);
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

  return (
    <StoreListTab
      section="packages"
      queries={[packages, choices]}
      data={packages.data}
      searchFields={(pkg) => [pkg.name, pkg.game_name]}
      onAdd={() => setEditing(null)}
      minWidth={900}
      columns={[
        { label: t('packages.columns.name') },
        { label: t('packages.columns.game') },
        { label: t('packages.columns.credits'), align: 'right' },
        { label: t('packages.columns.vcpu'), align: 'right' },
        { label: t('packages.columns.ram'), align: 'right' },
        { label: t('packages.columns.storage'), align: 'right' },
        { label: t('packages.columns.custom') },
        { label: t('packages.columns.owners'), align: 'right' },
        { label: t('packages.columns.active') },
      ]}
      rowTestId="package-row"
      cells={(pkg) => (
        <>
          <Table.Td fw={600}>{pkg.name}</Table.Td>
          <Table.Td>{pkg.game_name}</Table.Td>
          <Table.Td ta="right">{format.whole(pkg.credits_monthly)}</Table.Td>
          <Table.Td ta="right">{resource(pkg.vcpu, (value) => format.percent(value))}</Table.Td>
          <Table.Td ta="right">{resource(pkg.ram_size, format.ramSize)}</Table.Td>
          <Table.Td ta="right">{resource(pkg.storage_size, format.storageSize)}</Table.Td>
          <Table.Td>
            {pkg.users_username !== null && (
              <Group gap={6} wrap="nowrap">
                <StatusBadge color="grape">{t('packages.custom')}</StatusBadge>
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
            <StatusBadge color={pkg.active ? 'teal' : 'gray'}>
              {t(pkg.active ? 'status.active' : 'status.inactive')}
            </StatusBadge>
          </Table.Td>
        </>
      )}
      rowActions={(pkg) => ({
        name: pkg.name,
        onEdit: () => setEditing(pkg),
        deleteBlocked: pkg.packages_ordered > 0 ? t('errors.owned') : undefined,
      })}
      deleteRow={{ request: deletePackage, entity: 'package', values: (pkg) => ({ name: pkg.name }) }}
    >
      {editing !== undefined && choices.data && (
        <PackageDialog
          key={editing?.id ?? 'new'}
          pkg={editing}
          choices={choices.data}
          onClose={() => setEditing(undefined)}
        />
      )}
    </StoreListTab>
  );
}
