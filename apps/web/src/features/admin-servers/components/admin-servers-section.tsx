import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { Anchor, Badge, Card, Center, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFailed } from '@/components/list-failed';
import { ListPagination } from '@/components/list-pagination';
import { useFailureNotice, useNotice } from '@/hooks/use-notice';
import { useFormatters } from '@/lib/format';
import { useAllServers } from '../api/servers';
import { panelLink, statusBadge } from '../utils/server';

/** Debounce of the search field before the list is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The staff servers list (spec 2 "Admin screens"): search by a case-sensitive part of the name or uuid,
 * rows with the name linking to the game panel, the uuid, the owner and the status or the word
 * suspended; paginated on the server.
 */
export default function AdminServersSection() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const servers = useAllServers(debounced, page);
  useFailureNotice(servers.isError ? servers.errorUpdatedAt : 0, () => notice('error', 'errors.fetchError'));

  const data = servers.data;
  let body: React.ReactNode;
  if (servers.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('servers.loading')} />
      </Center>
    );
  } else if (!data) {
    body = (
      <ListFailed
        text={t('errors.listUnavailable')}
        retryLabel={t('actions.retry')}
        onRetry={() => void servers.refetch()}
      />
    );
  } else if (data.servers.length === 0) {
    body = (
      <Text c="dark.0" data-testid="admin-servers-empty">
        {t('servers.empty')}
      </Text>
    );
  } else {
    const from = (data.page - 1) * data.pageSize + 1;
    body = (
      <Stack gap="md">
        <Table.ScrollContainer minWidth={720}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="xs"
            aria-label={t('servers.table')}
            aria-busy={servers.isFetching}
            data-testid="admin-servers-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('servers.columns.name')}</Table.Th>
                <Table.Th>{t('servers.columns.uuid')}</Table.Th>
                <Table.Th>{t('servers.columns.owner')}</Table.Th>
                <Table.Th>{t('servers.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.servers.map((server) => {
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
                      <Badge color={badge.color} variant="light" tt="none" data-testid="admin-server-status">
                        {badge.key ? t(badge.key) : server.status}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination
          total={data.total}
          page={data.page}
          pageSize={data.pageSize}
          onChange={setPage}
          labels={{
            nav: t('servers.pages'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            page: (n) => t('pagination.page', { page: n }),
            summary: t('pagination.summary', {
              from: format.number(from),
              to: format.number(from + data.servers.length - 1),
              total: format.number(data.total),
              pageSize: format.number(data.pageSize),
            }),
          }}
        />
      </Stack>
    );
  }

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
          <TextInput
            label={t('servers.search')}
            description={t('servers.searchHint')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            type="search"
            maw={420}
            data-testid="admin-servers-search"
          />
          {body}
        </Stack>
      </Card>
    </Stack>
  );
}
