import type { AdminUser } from '@falkenhost/contracts/admin';
import { ROLE_FILTERS } from '@falkenhost/contracts/admin';
import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/admin/paged-table';
import { SearchInput } from '@/components/admin/search-input';
import { StatusBadge } from '@/components/admin/status-badge';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { openConfirm } from '@/lib/confirm';
import { useFormatters } from '@/lib/format';
import { useSession } from '@/lib/session';
import { type RoleFilter, setUserActive, useAllUsers } from '../api/users';
import { useUserChange } from '../hooks/use-user-change';
import { activeErrorKey } from '../utils/errors';
import { RoleDialog } from './role-dialog';

/**
 * The users list (spec 2 "Users admin"): search by username or e-mail, a role filter; rows with username,
 * e-mail, role, credits (2 decimals) and status, a Role button (the role dialog) and an activate or
 * deactivate button (asked first: a deactivated user is logged out and can no longer log in). One's own
 * row offers neither: the API refuses both for oneself (409 self, apps/api/src/staff/admin-users.ts).
 */
export function UsersPanel() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const { search, setSearch, debounced, page, setPage } = usePagedSearch();
  const [role, setRole] = useState<RoleFilter>('all');
  const [roleOf, setRoleOf] = useState<AdminUser | null>(null);
  const users = useAllUsers(debounced, role, page);
  const me = useSession().data;
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

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchInput
          label={t('users.search')}
          description={t('users.searchHint')}
          value={search}
          onSearch={setSearch}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
          testId="users-search"
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
      <PagedTable
        query={users}
        rowsOf={(data) => data.users}
        columns={[
          { label: t('users.columns.username') },
          { label: t('users.columns.email') },
          { label: t('users.columns.role') },
          { label: t('users.columns.credits'), align: 'right' },
          { label: t('users.columns.status') },
          { label: t('columns.actions'), align: 'right' },
        ]}
        label={t('users.table')}
        minWidth={820}
        loadingLabel={t('users.loading')}
        emptyLabel={t('users.empty')}
        testId="users"
        pagesLabel={t('users.pages')}
        onPage={setPage}
        renderRow={(user) => (
          <Table.Tr key={user.id} data-testid="user-row">
            <Table.Td fw={600}>{user.username}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-all' }}>{user.email}</Table.Td>
            <Table.Td data-testid="user-role">{t(`users.roles.${user.role}`)}</Table.Td>
            <Table.Td ta="right">{format.decimal2(user.credits)}</Table.Td>
            <Table.Td>
              <StatusBadge color={user.active ? 'teal' : 'red'}>
                {t(user.active ? 'status.active' : 'status.inactive')}
              </StatusBadge>
            </Table.Td>
            <Table.Td>
              {user.id === me?.id ? (
                <Text size="sm" c="dark.0" ta="right" data-testid="user-self">
                  {t('users.self')}
                </Text>
              ) : (
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
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      {roleOf && <RoleDialog key={roleOf.id} user={roleOf} onClose={() => setRoleOf(null)} />}
    </Stack>
  );
}
