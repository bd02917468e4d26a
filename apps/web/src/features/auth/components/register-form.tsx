import { PASSWORD_MIN } from '@falkenhost/contracts/constants';
import { Checkbox, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRegisterForm } from '../hooks/use-register-form';
import { formErrorKey } from '../utils/auth-form';
import { AuthCard } from './auth-card';
import { AuthForm, AuthSwitch } from './auth-form';
import { Captcha } from './captcha';
import { ConsentLabel } from './consent-label';
import { PasswordField } from './password-field';
import { PendingOrderNotice } from './pending-order-notice';

/**
 * /register (product.md "Screens and routes", "States and transitions", "Validation rules", "Error catalogue"
 * ("Register"; "Register")): validated by contracts registerForm (the API's registerBody plus confirmation
 * and consents); only the body goes to the server. On 201 the new, logged-in user goes to /email/verify.
 */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const { form, serverError, captcha, run, busy } = useRegisterForm();

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <PendingOrderNotice />
      <AuthForm
        gap="sm"
        onSubmit={() => void run()}
        error={formErrorKey(form.errors) ?? serverError}
        busy={busy}
        submitLabel={t('register.submit')}
        after={<AuthSwitch text={t('register.haveAccount')} link={t('register.login')} to="/login" />}
      >
        <TextInput
          label={t('fields.username')}
          description={t('register.usernameHint')}
          autoComplete="username"
          required
          {...form.getInputProps('username')}
        />
        <Group grow gap="sm" align="flex-start">
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            required
            {...form.getInputProps('lastName')}
          />
        </Group>
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('fields.password')}
          description={t('register.passwordHint', { min: PASSWORD_MIN })}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirm')}
        />
        <Checkbox
          label={<ConsentLabel document="general-terms" i18nKey="register.terms" />}
          {...form.getInputProps('terms', { type: 'checkbox' })}
        />
        <Checkbox
          label={<ConsentLabel document="privacy-policy" i18nKey="register.privacy" />}
          {...form.getInputProps('privacy', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('register.news')}
          {...form.getInputProps('news_subscription', { type: 'checkbox' })}
        />
        <Captcha ref={captcha} onChange={(token) => form.setFieldValue('captchaToken', token ?? '')} />
      </AuthForm>
    </AuthCard>
  );
}
