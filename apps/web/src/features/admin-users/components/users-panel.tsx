import type { AdminUser } from '@falkenhost/contracts/admin';
import { ROLE_FILTERS } from '@falkenhost/contracts/admin';
import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { Badge, Button, Center, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFailed } from '@/components/list-failed';
import { ListPagination } from '@/components/list-pagination';
import { useFailureNotice, useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { openConfirm } from '@/lib/confirm';
import { useFormatters } from '@/lib/format';
import { type RoleFilter, setUserActive, useAllUsers } from '../api/users';
import { useUserChange } from '../hooks/use-user-change';
import { activeErrorKey } from '../utils/errors';
import { RoleDialog } from './role-dialog';

/** Debounce of the search field before the list is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The users list (spec 2 "Users admin"): search by username or e-mail, a role filter; rows with username,
 * e-mail, role, credits (2 decimals) and status, a Role button (the role dialog) and an activate or
 * deactivate button (asked first: a deactivated user is logged out and can no longer log in).
 */
export function UsersPanel() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [role, setRole] = useState<RoleFilter>('all');
  const [page, setPage] = useState(1);
  const [roleOf, setRoleOf] = useState<AdminUser | null>(null);
  const users = useAllUsers(debounced, role, page);
  useFailureNotice(users.isError ? users.errorUpdatedAt : 0, () => notice('error', 'errors.fetchError'));
  const change = useUserChange();
  const toggle = useThrottledAction(async (user: AdminUser) => {
    const active = !user.active;
    await change(
      setUserActive(user.id, active),
      (answer) => activeErrorKey(answer, active),
      active ? 'users.toast.activated' : 'users.toast.deactivated',
      { username: user.username },
    );
  });

  const askToggle = (user: AdminUser) =>
    openConfirm({
      title: t(user.active ? 'users.deactivate.title' : 'users.activate.title', { username: user.username }),
      children: (
        <Text size="sm">
          {t(user.active ? 'users.deactivate.text' : 'users.activate.text', { username: user.username })}
        </Text>
      ),
      labels: {
        confirm: t(user.active ? 'users.deactivate.confirm' : 'users.activate.confirm'),
        cancel: t('actions.cancel'),
      },
      confirmProps: { color: user.active ? 'red' : undefined },
      onConfirm: () => void toggle.run(user),
    });

  const data = users.data;
  let body: React.ReactNode;
  if (users.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('users.loading')} />
      </Center>
    );
  } else if (!data) {
    body = (
      <ListFailed
        text={t('errors.listUnavailable')}
        retryLabel={t('actions.retry')}
        onRetry={() => void users.refetch()}
      />
    );
  } else if (data.users.length === 0) {
    body = (
      <Text c="dark.0" data-testid="users-empty">
        {t('users.empty')}
      </Text>
    );
  } else {
    const from = (data.page - 1) * data.pageSize + 1;
    body = (
      <Stack gap="md">
        <Table.ScrollContainer minWidth={820}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="xs"
            aria-label={t('users.table')}
            aria-busy={users.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.columns.username')}</Table.Th>
                <Table.Th>{t('users.columns.email')}</Table.Th>
                <Table.Th>{t('users.columns.role')}</Table.Th>
                <Table.Th ta="right">{t('users.columns.credits')}</Table.Th>
                <Table.Th>{t('users.columns.status')}</Table.Th>
                <Table.Th ta="right">{t('columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.users.map((user) => (
                <Table.Tr key={user.id} data-testid="user-row">
                  <Table.Td fw={600}>{user.username}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{user.email}</Table.Td>
                  <Table.Td data-testid="user-role">{t(`users.roles.${user.role}`)}</Table.Td>
                  <Table.Td ta="right">{format.decimal2(user.credits)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={user.active ? 'teal' : 'red'} tt="none">
                      {t(user.active ? 'status.active' : 'status.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setRoleOf(user)}
                        aria-label={t('users.role.buttonNamed', { username: user.username })}
                        data-testid="user-role-button"
                      >
                        {t('users.role.button')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        color={user.active ? 'red' : 'teal'}
                        onClick={() => askToggle(user)}
                        aria-label={t(user.active ? 'users.deactivate.named' : 'users.activate.named', {
                          username: user.username,
                        })}
                        data-testid="user-active-button"
                      >
                        {t(user.active ? 'users.deactivate.button' : 'users.activate.button')}
                      </Button>
                    </Group>
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
            nav: t('users.pages'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            page: (n) => t('pagination.page', { page: n }),
            summary: t('pagination.summary', {
              from: format.number(from),
              to: format.number(from + data.users.length - 1),
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
          label={t('users.search')}
          description={t('users.searchHint')}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
          data-testid="users-search"
        />
        <Select
          label={t('users.roleFilter')}
          data={ROLE_FILTERS.map((value) => ({
            value,
            label: value === 'all' ? t('users.allRoles') : t(`users.roles.${value}`),
          }))}
          value={role}
          onChange={(value) => {
            setRole((value as RoleFilter | null) ?? 'all');
            setPage(1);
          }}
          allowDeselect={false}
          w={200}
          data-testid="users-role-filter"
        />
      </Group>
      {body}
      {roleOf && <RoleDialog key={roleOf.id} user={roleOf} onClose={() => setRoleOf(null)} />}
    </Stack>
  );
}
