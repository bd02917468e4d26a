import type { AdminUser } from '@falkenhost/contracts/admin';
import { ROLES, type Role } from '@falkenhost/contracts/constants';
import { Alert, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/admin/form-dialog';
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
    <FormDialog
      title={t('users.role.title', { username: user.username })}
      onClose={onClose}
      onSubmit={() => void save.run()}
      testId="role-form"
      submitTestId="confirm-accept"
      submitLabel={t('users.role.confirm')}
      submitDisabled={role === user.role}
      busy={save.busy}
      cancelTestId="confirm-cancel"
    >
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
    </FormDialog>
  );
}
