import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { nextRouteFor, setSession } from '@/lib/session';
import { login } from '../api/auth';
import { markCodeSent } from '../utils/code-sent';
import { loginErrorKey } from '../utils/errors';
import { AuthCard } from './auth-card';
import { AuthForm, AuthSwitch } from './auth-form';
import { Captcha, type CaptchaHandle } from './captcha';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /login (spec 2 "Authentication screens", 4, 5, 8 "Login"). */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);

  const { run, busy } = useThrottledAction(async () => {
    setError(null);
    if (!email.trim() || !password) return setError('errors.fillIn');
    if (!EMAIL_SHAPE.test(email.trim())) return setError('errors.invalidEmail');
    if (!captchaToken) return setError('errors.captchaMissing');
    const result = await login({ email: email.trim(), password, captchaToken });
    if (result.ok && result.data) {
      const user = result.data;
      setSession(user);
      const next = nextRouteFor(user);
      if (next === '/email/2fa') markCodeSent('2fa');
      const from = (location.state as { from?: string } | null)?.from;
      navigate(next === '/dashboard' && from?.startsWith('/dashboard') ? from : next, { replace: true });
      return;
    }
    setError(loginErrorKey(result));
    captcha.current?.renew();
  });

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <AuthForm
        onSubmit={() => void run()}
        error={error}
        busy={busy}
        submitLabel={t('login.submit')}
        after={
          <>
            <Anchor component={Link} to="/password" size="sm" ta="center" c="falken.3" underline="always">
              {t('login.forgot')}
            </Anchor>
            <AuthSwitch text={t('login.noAccount')} link={t('login.register')} to="/register" />
          </>
        }
      >
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
          label={t('fields.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Captcha ref={captcha} onChange={setCaptchaToken} />
      </AuthForm>
    </AuthCard>
  );
}
