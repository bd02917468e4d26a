import { AUDIT_ENTITIES, type AuditEntity } from '@falkenhost/contracts/admin';
import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { Center, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFailed } from '@/components/list-failed';
import { ListPagination } from '@/components/list-pagination';
import { useFailureNotice, useNotice } from '@/hooks/use-notice';
import { useFormatters } from '@/lib/format';
import { useAuditLog } from '../api/users';
import { AuditChanges } from './audit-changes';

/** Debounce of the staff username field before the log is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The audit log of staff changes (issue 10): filter by staff username and kind of record; rows with the
 * time, who, the action, the record and its id, and the changed fields before → after.
 */
export function AuditLogPanel() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const [actor, setActor] = useState('');
  const [debounced] = useDebouncedValue(actor.trim(), SEARCH_DEBOUNCE_MS);
  const [entity, setEntity] = useState<AuditEntity | null>(null);
  const [page, setPage] = useState(1);
  const log = useAuditLog(debounced, entity, page);
  useFailureNotice(log.isError ? log.errorUpdatedAt : 0, () => notice('error', 'errors.fetchError'));

  const data = log.data;
  let body: React.ReactNode;
  if (log.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('audit.loading')} />
      </Center>
    );
  } else if (!data) {
    body = (
      <ListFailed
        text={t('errors.listUnavailable')}
        retryLabel={t('actions.retry')}
        onRetry={() => void log.refetch()}
      />
    );
  } else if (data.entries.length === 0) {
    body = (
      <Text c="dark.0" data-testid="audit-empty">
        {t('audit.empty')}
      </Text>
    );
  } else {
    const from = (data.page - 1) * data.pageSize + 1;
    body = (
      <Stack gap="md">
        <Table.ScrollContainer minWidth={860}>
          <Table
            striped
            verticalSpacing="xs"
            aria-label={t('audit.table')}
            aria-busy={log.isFetching}
            style={{ verticalAlign: 'top' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.columns.at')}</Table.Th>
                <Table.Th>{t('audit.columns.actor')}</Table.Th>
                <Table.Th>{t('audit.columns.action')}</Table.Th>
                <Table.Th>{t('audit.columns.entity')}</Table.Th>
                <Table.Th>{t('audit.columns.changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.entries.map((entry) => (
                <Table.Tr key={entry.id} data-testid="audit-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
                  </Table.Td>
                  <Table.Td fw={600}>{entry.actor_username}</Table.Td>
                  <Table.Td>{t(`audit.actions.${entry.action}`)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {t('audit.record', { entity: t(`audit.entities.${entry.entity}`), id: entry.entity_id })}
                  </Table.Td>
                  <Table.Td>
                    <AuditChanges entry={entry} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination
          total={data.total}
          page={data.page}
          pageSize={data.pageSize}
          onChange={setPage}
          labels={{
            nav: t('audit.pages'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            page: (n) => t('pagination.page', { page: n }),
            summary: t('pagination.summary', {
              from: format.number(from),
              to: format.number(from + data.entries.length - 1),
              total: format.number(data.total),
              pageSize: format.number(data.pageSize),
            }),
          }}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('audit.actor')}
          type="search"
          value={actor}
          onChange={(event) => {
            setActor(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 240px', maxWidth: 320 }}
          data-testid="audit-actor"
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
      {body}
    </Stack>
  );
}
