import { AUDIT_ENTITIES, type AuditEntity } from '@falkenhost/contracts/admin';
import { Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/admin/paged-table';
import { SearchInput } from '@/components/admin/search-input';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { useFormatters } from '@/lib/format';
import { useAuditLog } from '../api/users';
import { AuditChanges } from './audit-changes';

/**
 * The audit log of staff changes (issue 10): filter by staff username and kind of record; rows with the
 * time in the page's language, who, the action, the record by its name (and id), and the changed fields
 * before → after (times among them in the page's language too).
 */
export function AuditLogPanel() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const { search: actor, setSearch: setActor, debounced, page, setPage } = usePagedSearch({ trim: true });
  const [entity, setEntity] = useState<AuditEntity | null>(null);
  const log = useAuditLog(debounced, entity, page);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchInput
          label={t('audit.actor')}
          value={actor}
          onSearch={setActor}
          style={{ flex: '1 1 240px', maxWidth: 320 }}
          testId="audit-actor"
        />
        <Select
          label={t('audit.entity')}
          data={[
            { value: 'all', label: t('audit.allEntities') },
            ...AUDIT_ENTITIES.map((value) => ({ value, label: t(`audit.entities.${value}`) })),
          ]}
          value={entity ?? 'all'}
          onChange={(value) => {
            setEntity(!value || value === 'all' ? null : (value as AuditEntity));
            setPage(1);
          }}
          allowDeselect={false}
          w={220}
          data-testid="audit-entity"
        />
      </Group>
      <PagedTable
        query={log}
        rowsOf={(data) => data.entries}
        columns={[
          { label: t('audit.columns.at') },
          { label: t('audit.columns.actor') },
          { label: t('audit.columns.action') },
          { label: t('audit.columns.entity') },
          { label: t('audit.columns.changes') },
        ]}
        label={t('audit.table')}
        minWidth={860}
        loadingLabel={t('audit.loading')}
        emptyLabel={t('audit.empty')}
        testId="audit"
        pagesLabel={t('audit.pages')}
        onPage={setPage}
        tableProps={{ highlightOnHover: false, style: { verticalAlign: 'top' } }}
        renderRow={(entry) => (
          <Table.Tr key={entry.id} data-testid="audit-row">
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
            </Table.Td>
            <Table.Td fw={600}>{entry.actor_username}</Table.Td>
            <Table.Td>{t(`audit.actions.${entry.action}`)}</Table.Td>
            <Table.Td data-testid="audit-record">
              {entry.entity_name === null ? (
                t('audit.record', { entity: t(`audit.entities.${entry.entity}`), id: entry.entity_id })
              ) : (
                <>
                  <Text span size="sm">
                    {t(`audit.entities.${entry.entity}`)}{' '}
                  </Text>
                  <Text span size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                    {entry.entity_name}
                  </Text>
                  {/* The id stays, smaller: two records may have had the same name. */}
                  <Text size="xs" c="dark.0">
                    {t('audit.recordId', { id: entry.entity_id })}
                  </Text>
                </>
              )}
            </Table.Td>
            <Table.Td>
              <AuditChanges entry={entry} />
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
