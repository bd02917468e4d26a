import { accountChange } from '@falkenhost/contracts/account';
import { REASONS } from '@falkenhost/contracts/errors';
import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { openConfirmModal } from '@/lib/modal-host';
import { requestUserUpdate, useProfile } from '../api/account';
import { useSettingsNotice } from '../hooks/use-settings-notice';
import { updateUserError } from '../utils/errors';
import { firstErrorOnly } from '../utils/form-errors';
import { SettingsCard } from './settings-card';

type Field = 'username' | 'email';
type Values = Record<Field, string>;

/**
 * Message of the contracts' `accountChange` -> i18n key (namespace settings), product.md "Error catalogue"
 * ("Settings").
 */
const FORM_ERRORS: Readonly<Record<string, string>> = {
  [REASONS.emptyFields]: 'errors.emptyFields',
  username: 'errors.invalidUsername',
  [REASONS.emailFormat]: 'errors.emailFormat',
};

/** The confirmation's title says what changes (a username change is not an e-mail change). */
function confirmTitleKey(change: { username: string | null; email: string | null }): string {
  if (change.username && change.email) return 'updateUser.confirmTitle';
  return change.username ? 'updateUser.confirmTitleUsername' : 'updateUser.confirmTitleEmail';
}

/**
 * Update username and e-mail (product.md "Settings": a confirmation dialog first; product.md
 * "States and transitions": the change takes effect only when the mailed link is opened; product.md
 * "Validation rules": an empty field keeps the current value, at least one is needed, the e-mail's format is
 * checked, by the contracts' `accountChange` as on the server; product.md "Error catalogue" errors).
 */
export function UpdateUserCard() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const notice = useSettingsNotice();
  const { data: profile } = useProfile();
  const current = { username: profile?.username ?? '', email: profile?.email ?? '' };
  const form = useForm<Values>({
    initialValues: { username: '', email: '' },
    validate: (values) => firstErrorOnly(schemaResolver(accountChange(current), { sync: true })(values)),
  });

  const { run: send, busy } = useThrottledAction(async (values: Values) => {
    const answer = await requestUserUpdate({ username: values.username.trim(), email: values.email.trim() });
    if (answer.ok && answer.data) {
      form.reset();
      notice('success', 'toast.linkSent', { email: answer.data.sentTo });
      return;
    }
    const error = updateUserError(answer);
    if (error.field) form.setErrors({ [error.field]: t(error.key) });
    else notice('error', error.key);
  });

  function confirmChange(values: Values) {
    const change = accountChange(current).parse(values);
    openConfirmModal({
      centered: true,
      title: t(confirmTitleKey(change)),
      closeButtonProps: { 'aria-label': tc('actions.close') },
      children: (
        <Text size="sm">{t('updateUser.confirmText', { email: change.email || current.email })}</Text>
      ),
      labels: { confirm: t('updateUser.confirm'), cancel: t('updateUser.cancel') },
      confirmProps: { 'data-testid': 'update-user-confirm' } as Record<string, string>,
      onConfirm: () => void send(values),
    });
  }

  const error = (field: Field) => {
    const message = form.errors[field];
    if (typeof message !== 'string') return undefined;
    // Schema messages are keys of FORM_ERRORS; answers of the server are set already translated.
    return FORM_ERRORS[message] ? t(FORM_ERRORS[message]) : message;
  };

  return (
    <SettingsCard id="update-user" title={t('updateUser.title')} text={t('updateUser.text')}>
      <form
        noValidate
        onSubmit={form.onSubmit(confirmChange, (errors) => {
          // "Fill in at least one field" belongs to no field: a notice, as the server's answer.
          if (errors['']) notice('error', 'errors.emptyFields');
        })}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('updateUser.username')}
            placeholder={profile?.username}
            autoComplete="username"
            {...form.getInputProps('username')}
            error={error('username')}
            data-testid="update-username"
          />
          <TextInput
            label={t('updateUser.email')}
            placeholder={profile?.email}
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
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
