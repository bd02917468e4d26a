import type { AdminUser } from '@falkenhost/contracts/admin';
import { ROLE_FILTERS } from '@falkenhost/contracts/admin';
import { Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/admin/paged-table';
import { SearchInput } from '@/components/admin/search-input';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { useSession } from '@/lib/session';
import { type RoleFilter, useAllUsers } from '../api/users';
import { useActiveToggle } from '../hooks/use-active-toggle';
import { RoleDialog } from './role-dialog';
import { UserRow } from './user-row';

/**
 * The users list (product.md "Staff screens"): search by username or e-mail, a role filter; rows with
 * username, e-mail, role, credits (2 decimals) and status, a Role button (the role dialog) and an activate or
 * deactivate button (asked first: a deactivated user is logged out and can no longer log in). One's own row
 * offers neither: the API refuses both for oneself (409 self, apps/api/src/staff/admin-users.ts).
 */
export function UsersPanel() {
  const { t } = useTranslation('admin');
  const { search, setSearch, debounced, page, setPage } = usePagedSearch();
  const [role, setRole] = useState<RoleFilter>('all');
  const [roleOf, setRoleOf] = useState<AdminUser | null>(null);
  const users = useAllUsers(debounced, role, page);
  const me = useSession().data;
  const { askToggle } = useActiveToggle();

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
          <UserRow
            key={user.id}
            user={user}
            self={user.id === me?.id}
            onRole={() => setRoleOf(user)}
            onToggleActive={() => askToggle(user)}
          />
        )}
      />
      {roleOf && <RoleDialog key={roleOf.id} user={roleOf} onClose={() => setRoleOf(null)} />}
    </Stack>
  );
}
