import { Anchor, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { afterLoginRoute, nextRouteFor, setSession } from '@/lib/session';
import { login } from '../api/auth';
import { checkAuthForm, formErrorKey, useAuthForm } from '../utils/auth-form';
import { markCodeSent } from '../utils/code-sent';
import { loginErrorKey } from '../utils/errors';
import { AuthCard } from './auth-card';
import { AuthForm, AuthSwitch } from './auth-form';
import { Captcha, type CaptchaHandle } from './captcha';
import { PasswordField } from './password-field';
import { PendingOrderNotice } from './pending-order-notice';

/**
 * /login (product.md "Sign-up and login pages", "States and transitions", "Validation rules",
 * "Error catalogue" ("Login"; "Login")): validated by the API's own loginBody; a wrong password and a
 * deactivated account each have their message.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const form = useAuthForm('login', { email: '', password: '', captchaToken: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);

  const { run, busy } = useThrottledAction(async () => {
    setServerError(null);
    const body = await checkAuthForm(form, (rules) => rules.loginBody);
    if (!body) return;
    const result = await login(body);
    if (result.ok && result.data) {
      const user = result.data;
      setSession(user);
      if (nextRouteFor(user) === '/email/2fa') markCodeSent('2fa');
      // Back to the address the guard sent the visitor from (`?next=`, decision 432).
      navigate(afterLoginRoute(user, location.search), { replace: true });
      return;
    }
    setServerError(loginErrorKey(result));
    captcha.current?.renew();
  });

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <PendingOrderNotice />
      <AuthForm
        onSubmit={() => void run()}
        error={formErrorKey(form.errors) ?? serverError}
        busy={busy}
        submitLabel={t('login.submit')}
        after={
          <>
            <Anchor component={Link} to="/password" size="sm" ta="center" c="falken.3" underline="always">
              {t('login.forgot')}
            </Anchor>
            <AuthSwitch
              text={t('login.noAccount')}
              link={t('login.register')}
              // A guest sent here from a dashboard address keeps it through the registration (decision 432).
              to={`/register${location.search}`}
            />
          </>
        }
      >
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Captcha ref={captcha} onChange={(token) => form.setFieldValue('captchaToken', token ?? '')} />
      </AuthForm>
    </AuthCard>
  );
}
