import { Button, Group, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { openConfirmModal } from '@/lib/modal-host';
import { logout } from '@/lib/session';
import { deactivateAccount, useProfile } from '../api/account';
import { useSettingsNotice } from '../hooks/use-settings-notice';
import { deactivateErrorKey } from '../utils/errors';
import { SettingsCard } from './settings-card';

/**
 * The danger zone (product.md "Settings", "States and transitions" ("Account")): deactivate the account
 * behind a confirmation dialog; on success the user is logged out and goes to /login. It says what happens to
 * servers and which records are kept (docs/decisions/081-account-deactivation.md); deleting the account is by
 * contacting support.
 */
export function DangerZoneCard() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const notice = useSettingsNotice();
  const { data: profile } = useProfile();
  const isMaster = profile?.role === 'master';

  const { run, busy } = useThrottledAction(async () => {
    const answer = await deactivateAccount();
    if (!answer.ok) return notice('error', deactivateErrorKey(answer));
    notice('success', 'toast.deactivated');
    await logout();
    navigate('/login', { replace: true });
  });

  function confirm() {
    openConfirmModal({
      centered: true,
      title: t('danger.confirmTitle'),
      closeButtonProps: { 'aria-label': tc('actions.close') },
      children: <Text size="sm">{t('danger.confirmText')}</Text>,
      labels: { confirm: t('danger.confirm'), cancel: t('danger.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'deactivate-confirm' } as Record<string, string>,
      onConfirm: () => void run(),
    });
  }

  return (
    <SettingsCard id="danger" title={t('danger.title')} text={t('danger.text')} danger>
      <List size="sm" c="dark.0" spacing={4}>
        <List.Item>{t('danger.servers')}</List.Item>
        <List.Item>{t('danger.kept')}</List.Item>
        <List.Item>{t('danger.delete')}</List.Item>
      </List>
      {isMaster && (
        <Text size="sm" c="dark.0">
          {t('errors.masterDeactivate')}
        </Text>
      )}
      <Group>
        <Button
          color="red"
          variant="outline"
          loading={busy}
          disabled={isMaster}
          onClick={confirm}
          data-testid="deactivate-account"
        >
          {t('danger.button')}
        </Button>
      </Group>
    </SettingsCard>
  );
}
