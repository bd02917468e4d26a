import type { AdminUser } from '@falkenhost/contracts/admin';
import { Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/admin/status-badge';
import { useFormatters } from '@/lib/format';

interface Props {
  user: AdminUser;
  /** the row is the staff member's own: no buttons, a note instead */
  self: boolean;
  /** opens the role dialog */
  onRole: () => void;
  /** asks to activate or deactivate the user */
  onToggleActive: () => void;
}

/**
 * One row of the users list (product.md "Staff screens"): username, e-mail, role, credits (2 decimals),
 * status, and a Role and an activate or deactivate button, each named with the username; one's own row offers
 * neither (the API refuses both for oneself).
 */
export function UserRow({ user, self, onRole, onToggleActive }: Props) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  return (
    <Table.Tr data-testid="user-row">
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
        {self ? (
          <Text size="sm" c="dark.0" ta="right" data-testid="user-self">
            {t('users.self')}
          </Text>
        ) : (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Button
              size="xs"
              variant="light"
              onClick={onRole}
              aria-label={t('users.role.buttonNamed', { username: user.username })}
              data-testid="user-role-button"
            >
              {t('users.role.button')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              color={user.active ? 'red' : 'teal'}
              onClick={onToggleActive}
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
  );
}
