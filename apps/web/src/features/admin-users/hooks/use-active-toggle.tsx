import type { AdminUser } from '@falkenhost/contracts/admin';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { openConfirm } from '@/lib/confirm';
import { setUserActive } from '../api/users';
import { activeErrorKey } from '../utils/errors';
import { useUserChange } from './use-user-change';

/**
 * Activating or deactivating a user from the users list (product.md "Staff screens"), asked first: a
 * deactivated user is logged out and can no longer log in. The change is throttled and told by a toast.
 * @returns `askToggle(user)`, which opens the confirm for the user's other state
 */
export function useActiveToggle() {
  const { t } = useTranslation('admin');
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
  return { askToggle };
}
