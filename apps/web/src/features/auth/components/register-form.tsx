import { PASSWORD_MIN } from '@falkenhost/contracts/constants';
import { PERSON_NAME_PATTERN, USERNAME_PATTERN } from '@falkenhost/contracts/fields';
import { Checkbox, Group, PasswordInput, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { setSession } from '@/lib/session';
import { register } from '../api/auth';
import { markCodeSent } from '../utils/code-sent';
import { registerErrorKey } from '../utils/errors';
import { AuthCard } from './auth-card';
import { AuthForm, AuthSwitch } from './auth-form';
import { Captcha, type CaptchaHandle } from './captcha';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Values {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirm: string;
  terms: boolean;
  privacy: boolean;
  news: boolean;
}

/** Client checks of spec 5 "Register", in order; returns an i18n key or null. */
function check(values: Values, captchaToken: string | null): string | null {
  const { username, firstName, lastName, email, password, confirm } = values;
  if (![username, firstName, lastName, email, password, confirm].every((value) => value.trim()))
    return 'errors.fillIn';
  if (!USERNAME_PATTERN.test(username.trim())) return 'errors.invalidUsername';
  if (!PERSON_NAME_PATTERN.test(firstName.trim()) || !PERSON_NAME_PATTERN.test(lastName.trim()))
    return 'errors.invalidName';
  if (!EMAIL_SHAPE.test(email.trim())) return 'errors.invalidEmail';
  if (password.length < PASSWORD_MIN) return 'errors.passwordLength';
  if (password !== confirm) return 'errors.passwordMatch';
  if (!values.terms || !values.privacy) return 'errors.consent';
  if (!captchaToken) return 'errors.captchaMissing';
  return null;
}

/** /register (spec 2, 4, 5, 8 "Register"). */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({
    username: '',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirm: '',
    terms: false,
    privacy: false,
    news: false,
  });
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);

  const text = (key: keyof Values) => ({
    value: values[key] as string,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
    },
  });
  const box = (key: 'terms' | 'privacy' | 'news') => ({
    checked: values[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const checked = event.currentTarget.checked;
      setValues((current) => ({ ...current, [key]: checked }));
    },
  });

  const { run, busy } = useThrottledAction(async () => {
    setError(null);
    const problem = check(values, captchaToken);
    if (problem) return setError(problem);
    const result = await register({
      username: values.username.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      password: values.password,
      news_subscription: values.news,
      captchaToken: captchaToken ?? '',
    });
    if (result.status === 201 && result.data) {
      setSession(result.data);
      markCodeSent('verify');
      navigate('/email/verify', { replace: true });
      return;
    }
    setError(registerErrorKey(result));
    captcha.current?.renew();
  });

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <AuthForm
        gap="sm"
        onSubmit={() => void run()}
        error={error}
        busy={busy}
        submitLabel={t('register.submit')}
        after={<AuthSwitch text={t('register.haveAccount')} link={t('register.login')} to="/login" />}
      >
        <TextInput
          label={t('fields.username')}
          description={t('register.usernameHint')}
          autoComplete="username"
          required
          {...text('username')}
        />
        <Group grow gap="sm" align="flex-start">
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            {...text('firstName')}
          />
          <TextInput label={t('fields.lastName')} autoComplete="family-name" required {...text('lastName')} />
        </Group>
        <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...text('email')} />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
          label={t('fields.password')}
          description={t('register.passwordHint', { min: PASSWORD_MIN })}
          autoComplete="new-password"
          required
          {...text('password')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          required
          {...text('confirm')}
        />
        <Checkbox label={t('register.terms')} {...box('terms')} />
        <Checkbox label={t('register.privacy')} {...box('privacy')} />
        <Checkbox label={t('register.news')} {...box('news')} />
        <Captcha ref={captcha} onChange={setCaptchaToken} />
      </AuthForm>
    </AuthCard>
  );
}
