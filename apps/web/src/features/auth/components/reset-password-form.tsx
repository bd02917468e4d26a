import { PASSWORD_MIN } from '@falkenhost/contracts/constants';
import { Alert, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { updatePasswordByReset, verifyPasswordReset } from '../api/auth';
import { resetPasswordErrorKey } from '../utils/errors';
import { AuthCard } from './auth-card';
import { AuthForm, AuthSwitch } from './auth-form';
import { Captcha, type CaptchaHandle } from './captcha';

/** Spec 2: on success the page goes to /login after 3 seconds. */
const TO_LOGIN_MS = 3_000;

/**
 * /reset-password/{token} (spec 2 "Authentication screens": the token is verified on load; new password,
 * confirmation and captcha; 8 "Reset": 'Invalid token or token expired').
 */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const captcha = useRef<CaptchaHandle>(null);

  const check = useQuery({
    queryKey: ['auth', 'reset-token', token],
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => (await verifyPasswordReset(token ?? '')).ok,
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), TO_LOGIN_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = useThrottledAction(async () => {
    setError(null);
    if (!password || !confirm) return setError('errors.fillIn');
    if (password.length < PASSWORD_MIN) return setError('errors.passwordLength');
    if (password !== confirm) return setError('errors.passwordMatch');
    if (!captchaToken) return setError('errors.captchaMissing');
    const result = await updatePasswordByReset({ token: token ?? '', password, captchaToken });
    if (result.ok) return setDone(true);
    setError(resetPasswordErrorKey(result));
    captcha.current?.renew();
  });

  const invalid = !token || check.data === false || check.isError;

  return (
    <AuthCard title={t('reset.title')} subtitle={invalid || done ? undefined : t('reset.subtitle')}>
      {token && check.isPending ? (
        <Stack align="center" py="lg">
          <Loader aria-label={t('reset.checking')} />
        </Stack>
      ) : invalid ? (
        <Stack>
          <Alert color="red" role="alert" data-testid="reset-invalid">
            {t('errors.invalidResetToken')}
          </Alert>
          <Button component={Link} to="/password" variant="light">
            {t('reset.again')}
          </Button>
        </Stack>
      ) : done ? (
        <Stack>
          <Alert color="teal" role="status" data-testid="reset-done">
            {t('reset.done')}
          </Alert>
          <Text size="sm" c="dark.0">
            {t('reset.redirect')}
          </Text>
        </Stack>
      ) : (
        <AuthForm
          onSubmit={() => void submit.run()}
          error={error}
          busy={submit.busy}
          submitLabel={t('reset.submit')}
          after={<AuthSwitch text={t('forgot.remembered')} link={t('forgot.login')} to="/login" />}
        >
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
            label={t('reset.newPassword')}
            description={t('register.passwordHint', { min: PASSWORD_MIN })}
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(event) => setConfirm(event.currentTarget.value)}
          />
          <Captcha ref={captcha} onChange={setCaptchaToken} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
