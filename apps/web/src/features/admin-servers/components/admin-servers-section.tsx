import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/admin/paged-table';
import { SearchInput } from '@/components/admin/search-input';
import { StatusBadge } from '@/components/admin/status-badge';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { useFormatters } from '@/lib/format';
import { useAllServers } from '../api/servers';
import { panelLink, statusBadge } from '../utils/server';

/**
 * The staff servers list (product.md "Staff screens"): search by a case-sensitive part of the name or uuid,
 * rows with the name linking to the game panel, the uuid, the owner and the status or the word
 * suspended, and when a monthly server in grace after a failed renewal stops unless paid (decision 420);
 * paginated on the server.
 */
export default function AdminServersSection() {
  const { t } = useTranslation('admin');
  const { search, setSearch, debounced, page, setPage } = usePagedSearch();
  const servers = useAllServers(debounced, page);
  const f = useFormatters();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('servers.title')}
        </Title>
        <Text c="dark.0">{t('servers.subtitle')}</Text>
      </Stack>
      <Card padding="lg" bg="dark.7">
        <Stack gap="md">
          <SearchInput
            label={t('servers.search')}
            description={t('servers.searchHint')}
            value={search}
            onSearch={setSearch}
            maw={420}
            testId="admin-servers-search"
          />
          <PagedTable
            query={servers}
            rowsOf={(data) => data.servers}
            columns={[
              { label: t('servers.columns.name') },
              { label: t('servers.columns.uuid') },
              { label: t('servers.columns.owner') },
              { label: t('servers.columns.status') },
            ]}
            label={t('servers.table')}
            minWidth={720}
            loadingLabel={t('servers.loading')}
            emptyLabel={t('servers.empty')}
            testId="admin-servers"
            pagesLabel={t('servers.pages')}
            onPage={setPage}
            tableProps={{ 'data-testid': 'admin-servers-table' }}
            renderRow={(server, data) => {
              const link = panelLink(data.panelUrl, server);
              const badge = statusBadge(server);
              return (
                <Table.Tr key={server.id} data-testid="admin-server-row">
                  <Table.Td>
                    {link ? (
                      <Anchor
                        href={link}
                        target="_blank"
                        rel="noopener noreferrer"
                        c="falken.2"
                        underline="always"
                        aria-label={t('servers.openPanel', { name: server.name })}
                      >
                        {server.name}
                      </Anchor>
                    ) : (
                      server.name
                    )}
                  </Table.Td>
                  <Table.Td ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
                    {server.uuid ?? '—'}
                  </Table.Td>
                  <Table.Td>{server.owner}</Table.Td>
                  <Table.Td>
                    <StatusBadge color={badge.color} data-testid="admin-server-status">
                      {badge.key ? t(badge.key) : server.status}
                    </StatusBadge>
                    {server.graceUntil && (
                      <StatusBadge color="orange" data-testid="admin-server-grace">
                        {t('servers.grace', { date: f.dateTime(server.graceUntil) })}
                      </StatusBadge>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            }}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
