import { dashboardPath, SECTION_PATHS } from '@falkenhost/contracts/dashboard-addresses';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSectionSub } from '@/lib/dashboard-address';
import { AuditLogPanel } from './audit-log-panel';
import { UsersPanel } from './users-panel';

/**
 * The users section (product.md "Staff screens"; master only): the users list, and the audit log of what the
 * staff changed: /dashboard/staff/users and /dashboard/staff/users/audit (decision 431).
 */
export default function UsersSection() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const tab = useSectionSub('master_users') ?? 'users';
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('users.title')}
        </Title>
        <Text c="dark.0">{t('users.subtitle')}</Text>
      </Stack>
      <Tabs
        value={tab}
        onChange={(next) =>
          navigate(next === 'audit' ? dashboardPath('master_users', next) : SECTION_PATHS.master_users)
        }
        keepMounted={false}
        variant="outline"
      >
        <Tabs.List aria-label={t('users.tabsLabel')}>
          <Tabs.Tab value="users" data-testid="users-tab-users">
            {t('users.tabs.users')}
          </Tabs.Tab>
          <Tabs.Tab value="audit" data-testid="users-tab-audit">
            {t('users.tabs.audit')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users" pt="lg">
          <UsersPanel />
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="lg">
          <AuditLogPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
