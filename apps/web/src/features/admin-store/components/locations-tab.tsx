import { type AdminLocation, TRANSLATED_LANGUAGES } from '@falkenhost/contracts/admin';
import { Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '@/components/admin/admin-table';
import { useAdminLocations } from '../api/locations';
import { ListState } from './list-state';
import { LocationDialog } from './location-dialog';
import { RowActions } from './row-actions';

/**
 * The locations tab (docs/decisions/242): the panel's locations with their code, English name and names
 * in the other languages, each editable. No add or delete: locations are the panel's, made there.
 */
export function LocationsTab() {
  const { t } = useTranslation('admin');
  const locations = useAdminLocations();
  const [editing, setEditing] = useState<AdminLocation | null>(null);

  return (
    <Stack gap="md">
      <Text c="dark.0" size="sm">
        {t('locations.intro')}
      </Text>
      <ListState
        queries={[locations]}
        count={locations.data?.length ?? 0}
        loadingLabel={t('locations.loading')}
        emptyLabel={t('locations.empty')}
        testId="locations"
      >
        <AdminTable
          label={t('locations.table')}
          minWidth={560}
          columns={[
            { label: t('locations.columns.code') },
            { label: t('locations.columns.name') },
            { label: t('locations.columns.translations') },
            { label: t('columns.actions'), align: 'right' },
          ]}
        >
          {(locations.data ?? []).map((location) => {
            const names = TRANSLATED_LANGUAGES.filter((language) => location.translations[language]);
            return (
              <Table.Tr key={location.id} data-testid="location-row">
                <Table.Td ff="monospace" fw={600}>
                  {location.code}
                </Table.Td>
                <Table.Td>{location.name}</Table.Td>
                <Table.Td>
                  {names.length === 0 ? (
                    <Text size="sm" c="dark.1">
                      {t('locations.notTranslated')}
                    </Text>
                  ) : (
                    names.map((language) => (
                      <Text key={language} size="sm">
                        <Text span size="xs" fw={700} c="dark.0" mr={6}>
                          {language.toUpperCase()}
                        </Text>
                        <span lang={language}>{location.translations[language]}</span>
                      </Text>
                    ))
                  )}
                </Table.Td>
                <Table.Td>
                  <RowActions name={location.name} onEdit={() => setEditing(location)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </AdminTable>
      </ListState>
      {editing && <LocationDialog location={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
