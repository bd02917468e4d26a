import { PASSWORD_MIN } from '@falkenhost/contracts/constants';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { updatePasswordByReset, verifyPasswordReset } from '../api/auth';
import { checkAuthForm, formErrorKey, useAuthForm } from '../utils/auth-form';
import { resetPasswordErrorKey } from '../utils/errors';
import { AuthCard } from './auth-card';
import { AuthForm, AuthSwitch } from './auth-form';
import { Captcha, type CaptchaHandle } from './captcha';
import { PasswordField } from './password-field';

/** product.md "Screens and routes": on success the page goes to /login after 3 seconds. */
const TO_LOGIN_MS = 3_000;

/**
 * /reset-password/{token} (product.md "Sign-up and login pages": the token is verified on load; new password,
 * confirmation and captcha; 5 "Reset"; 8 "Reset": 'Invalid token or token expired'), validated by
 * contracts resetPasswordForm (the API's password and captcha rules plus the confirmation).
 */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useAuthForm('reset', { password: '', confirm: '', captchaToken: '' });
  const [serverError, setServerError] = useState<string | null>(null);
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
    setServerError(null);
    const values = await checkAuthForm(form, (rules) => rules.resetPasswordForm);
    if (!values) return;
    const { password, captchaToken } = values;
    const result = await updatePasswordByReset({ token: token ?? '', password, captchaToken });
    if (result.ok) return setDone(true);
    setServerError(resetPasswordErrorKey(result));
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
          error={formErrorKey(form.errors) ?? serverError}
          busy={submit.busy}
          submitLabel={t('reset.submit')}
          after={<AuthSwitch text={t('forgot.remembered')} link={t('forgot.login')} to="/login" />}
        >
          <PasswordField
            label={t('reset.newPassword')}
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
          <Captcha ref={captcha} onChange={(token) => form.setFieldValue('captchaToken', token ?? '')} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
