import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { openConfirmModal } from '@/lib/modal-host';
import { requestUserUpdate, useProfile } from '../api/account';
import { useSettingsNotice } from '../hooks/use-settings-notice';
import { updateUserError } from '../utils/errors';
import { SettingsCard } from './settings-card';

type Field = 'username' | 'email';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Update username and e-mail (spec 2 "Settings": a confirmation dialog first; spec 4: the change takes
 * effect only when the mailed link is opened; spec 5: an empty field keeps the current value, at least
 * one is needed, the e-mail's format is checked; spec 8 errors).
 */
export function UpdateUserCard() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const notice = useSettingsNotice();
  const { data: profile } = useProfile();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const { run: send, busy } = useThrottledAction(async () => {
    const answer = await requestUserUpdate({ username: values.username.trim(), email: values.email.trim() });
    if (answer.ok && answer.data) {
      setValues({ username: '', email: '' });
      notice('success', 'toast.linkSent', { email: answer.data.sentTo });
      return;
    }
    const error = updateUserError(answer);
    if (error.field) setErrors({ [error.field]: error.key });
    else notice('error', error.key);
  });

  function submit() {
    setErrors({});
    const username = values.username.trim();
    const email = values.email.trim().toLowerCase();
    const newUsername = username && username !== profile?.username ? username : '';
    const newEmail = email && email !== profile?.email ? email : '';
    if (!newUsername && !newEmail) return notice('error', 'errors.emptyFields');
    if (newEmail && !EMAIL_SHAPE.test(newEmail)) return setErrors({ email: 'errors.emailFormat' });
    openConfirmModal({
      centered: true,
      title: t('updateUser.confirmTitle'),
      closeButtonProps: { 'aria-label': tc('actions.close') },
      children: (
        <Text size="sm">{t('updateUser.confirmText', { email: newEmail || profile?.email || '' })}</Text>
      ),
      labels: { confirm: t('updateUser.confirm'), cancel: t('updateUser.cancel') },
      confirmProps: { 'data-testid': 'update-user-confirm' } as Record<string, string>,
      onConfirm: () => void send(),
    });
  }

  const error = (field: Field) => (errors[field] ? t(errors[field] as string) : undefined);

  return (
    <SettingsCard id="update-user" title={t('updateUser.title')} text={t('updateUser.text')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('updateUser.username')}
            placeholder={profile?.username}
            autoComplete="username"
            value={values.username}
            onChange={set('username')}
            error={error('username')}
            data-testid="update-username"
          />
          <TextInput
            label={t('updateUser.email')}
            placeholder={profile?.email}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={error('email')}
            data-testid="update-email"
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={busy} data-testid="update-user-submit">
            {t('updateUser.submit')}
          </Button>
        </Group>
      </form>
    </SettingsCard>
  );
}
