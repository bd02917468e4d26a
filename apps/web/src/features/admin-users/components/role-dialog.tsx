import type { AdminUser } from '@falkenhost/contracts/admin';
import { ROLES, type Role } from '@falkenhost/contracts/constants';
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { changeRole } from '../api/users';
import { useUserChange } from '../hooks/use-user-change';
import { roleErrorKey } from '../utils/errors';

interface Props {
  user: AdminUser;
  onClose: () => void;
}

/**
 * The role dialog (spec 2 "Users admin"): a select of customer, admin and master, the warning that the
 * permissions change and the user must log in again, confirm and cancel.
 */
export function RoleDialog({ user, onClose }: Props) {
  const { t } = useTranslation('admin');
  const [role, setRole] = useState<Role>(user.role);
  const change = useUserChange();
  const save = useThrottledAction(async () => {
    const saved = await change(changeRole(user.id, role), roleErrorKey, 'users.toast.roleUpdated', {
      username: user.username,
    });
    if (saved) onClose();
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('users.role.title', { username: user.username })}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form
        noValidate
        data-testid="role-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save.run();
        }}
      >
        <Stack gap="md">
          <Select
            label={t('users.role.label')}
            data={ROLES.map((value) => ({ value, label: t(`users.roles.${value}`) }))}
            value={role}
            onChange={(value) => value && setRole(value as Role)}
            allowDeselect={false}
            data-autofocus
          />
          <Alert color="yellow" role="note" title={t('users.role.warningTitle')}>
            {t('users.role.warning')}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid="confirm-cancel">
              {t('actions.cancel')}
            </Button>
            <Button
              type="submit"
              disabled={role === user.role}
              loading={save.busy}
              data-testid="confirm-accept"
            >
              {t('users.role.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
