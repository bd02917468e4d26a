import { Button, Group, PasswordInput, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { updatePassword } from '../api/account';
import { useSettingsNotice } from '../hooks/use-settings-notice';
import { passwordError, passwordFormError } from '../utils/errors';
import { SettingsCard } from './settings-card';

type Field = 'password' | 'newPassword' | 'confirmation';

/**
 * Change password (spec 2 "Settings": current, new, confirm; spec 5: new equals confirmation, at least 6
 * characters; spec 8: 401 invalid current password). The server ends every other login and keeps this one.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation('settings');
  const notice = useSettingsNotice();
  const [values, setValues] = useState<Record<Field, string>>({
    password: '',
    newPassword: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const { run, busy } = useThrottledAction(async () => {
    setErrors({});
    if (!values.password) return setErrors({ password: 'errors.fillIn' });
    const formError = passwordFormError(values.newPassword, values.confirmation);
    if (formError?.field) return setErrors({ [formError.field]: formError.key });
    const answer = await updatePassword({ password: values.password, newPassword: values.newPassword });
    if (answer.ok) {
      setValues({ password: '', newPassword: '', confirmation: '' });
      notice('success', 'toast.passwordChanged');
      return;
    }
    const error = passwordError(answer);
    if (error.field) setErrors({ [error.field]: error.key });
    else notice('error', error.key);
  });

  const error = (field: Field) => (errors[field] ? t(errors[field] as string) : undefined);

  return (
    <SettingsCard id="password" title={t('password.title')} text={t('password.text')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={set('password')}
            error={error('password')}
            data-testid="password-current"
          />
          <PasswordInput
            label={t('password.new')}
            autoComplete="new-password"
            required
            value={values.newPassword}
            onChange={set('newPassword')}
            error={error('newPassword')}
            data-testid="password-new"
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            value={values.confirmation}
            onChange={set('confirmation')}
            error={error('confirmation')}
            data-testid="password-confirm"
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={busy} data-testid="password-submit">
            {t('password.submit')}
          </Button>
        </Group>
      </form>
    </SettingsCard>
  );
}
