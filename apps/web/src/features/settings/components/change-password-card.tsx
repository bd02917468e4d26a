import { type ChangePasswordForm, changePasswordForm } from '@falkenhost/contracts/account';
import { Button, Group, PasswordInput, SimpleGrid } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { updatePassword } from '../api/account';
import { useSettingsNotice } from '../hooks/use-settings-notice';
import { passwordError } from '../utils/errors';
import { firstErrorOnly } from '../utils/form-errors';
import { SettingsCard } from './settings-card';

/**
 * Message of the contracts' `changePasswordForm` -> i18n key (namespace settings), product.md
 * "Error catalogue" ("Settings").
 */
const FORM_ERRORS: Readonly<Record<string, string>> = {
  password: 'errors.fillIn',
  'password-match': 'errors.passwordMatch',
  'password-length': 'errors.passwordLength',
};

const resolve = schemaResolver(changePasswordForm, { sync: true });

/**
 * Change password (product.md "Settings": current, new, confirm; product.md "Validation rules",
 * "Error catalogue", in that order: current filled in, new equals confirmation, at least 6 characters, by the
 * contracts' `changePasswordForm`; 401 invalid current password). The server ends every other login and keeps
 * this one.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation('settings');
  const notice = useSettingsNotice();
  const form = useForm<ChangePasswordForm>({
    initialValues: { password: '', newPassword: '', confirmation: '' },
    validate: (values) => firstErrorOnly(resolve(values)),
  });

  const { run, busy } = useThrottledAction(async (values: ChangePasswordForm) => {
    const answer = await updatePassword({ password: values.password, newPassword: values.newPassword });
    if (answer.ok) {
      form.reset();
      notice('success', 'toast.passwordChanged');
      return;
    }
    const error = passwordError(answer);
    if (error.field) form.setErrors({ [error.field]: t(error.key) });
    else notice('error', error.key);
  });

  const input = (field: keyof ChangePasswordForm) => {
    const props = form.getInputProps(field);
    const message = props.error;
    return {
      ...props,
      // Schema messages are keys of FORM_ERRORS; answers of the server are set already translated.
      error:
        typeof message === 'string' ? (FORM_ERRORS[message] ? t(FORM_ERRORS[message]) : message) : undefined,
      visibilityToggleButtonProps: { 'aria-label': t('password.toggle') },
    };
  };

  return (
    <SettingsCard id="password" title={t('password.title')} text={t('password.text')}>
      <form noValidate onSubmit={form.onSubmit((values) => void run(values))}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            required
            {...input('password')}
            data-testid="password-current"
          />
          <PasswordInput
            label={t('password.new')}
            autoComplete="new-password"
            required
            {...input('newPassword')}
            data-testid="password-new"
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            {...input('confirmation')}
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
