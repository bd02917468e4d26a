import { type AdminUser, changeRoleBody } from '@falkenhost/contracts/admin';
import { ROLES, type Role, TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { Alert, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/admin/form-dialog';
import { firstFormError, useStaffForm } from '@/components/admin/staff-form';
import { useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { changeRole } from '../api/users';
import { useUserChange } from '../hooks/use-user-change';
import { roleErrorKey } from '../utils/errors';

interface Props {
  user: AdminUser;
  onClose: () => void;
}

/**
 * The role dialog (product.md "Staff screens"): a select of customer, admin and master, the warning that the
 * permissions change and the user must log in again, confirm and cancel. Checked by the API's own
 * `changeRoleBody`.
 */
export function RoleDialog({ user, onClose }: Props) {
  const { t } = useTranslation('admin');
  const form = useStaffForm<{ id: number; role: Role }>({ id: user.id, role: user.role }, changeRoleBody);
  const role = form.values.role;
  const change = useUserChange();
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const save = useThrottledAction(async () => {
    const problem = firstFormError(form);
    if (problem) return notice('error', problem);
    const body = changeRoleBody.parse(form.getValues());
    const saved = await change(changeRole(body.id, body.role), roleErrorKey, 'users.toast.roleUpdated', {
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
        onChange={(value) => value && form.setFieldValue('role', value as Role)}
        allowDeselect={false}
        data-autofocus
      />
      <Alert color="yellow" role="note" title={t('users.role.warningTitle')}>
        {t('users.role.warning')}
      </Alert>
    </FormDialog>
  );
}
