import { Button, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '@/hooks/use-countdown';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { requestPasswordReset, resendPasswordReset } from '../api/auth';
import { checkAuthForm, formErrorKey, loadAuthRules, useAuthForm } from '../utils/auth-form';
import { resetRequestErrorKey, resetResendErrorKey } from '../utils/errors';
import { AuthCard } from './auth-card';
import { AuthForm, AuthSwitch } from './auth-form';
import { Captcha, type CaptchaHandle } from './captcha';

/** product.md "Error catalogue" ("Resend reset"): a new link at most every 120 s. */
const RESEND_AFTER_MS = 120_000;

/**
 * /password (product.md "Sign-up and login pages": forgot password, e-mail and captcha, with resend; 5; 8
 * "Resend reset"), validated by the API's resetPasswordBody. The notice after sending never says whether
 * the address has an account.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const form = useAuthForm('forgot', { email: '', captchaToken: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [resendNote, setResendNote] = useState<{ kind: 'sent' | 'error'; key: string } | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const secondsLeft = useCountdown(resendAt);

  const send = useThrottledAction(async () => {
    setServerError(null);
    const body = await checkAuthForm(form, (rules) => rules.resetPasswordBody);
    if (!body) return;
    const result = await requestPasswordReset(body);
    captcha.current?.renew();
    if (!result.ok) return setServerError(resetRequestErrorKey(result));
    setSentTo(body.email);
    setResendAt(Date.now() + RESEND_AFTER_MS);
  });

  const resend = useThrottledAction(async () => {
    setResendNote(null);
    if (!sentTo) return;
    const { resetPasswordBody } = await loadAuthRules();
    const parsed = resetPasswordBody.safeParse({
      email: sentTo,
      captchaToken: form.getValues().captchaToken,
    });
    if (!parsed.success) return setResendNote({ kind: 'error', key: 'errors.captchaMissing' });
    const result = await resendPasswordReset(parsed.data);
    captcha.current?.renew();
    if (result.ok) {
      setResendAt(Date.now() + RESEND_AFTER_MS);
      return setResendNote({ kind: 'sent', key: 'forgot.resent' });
    }
    if (result.status === 400) setResendAt(Date.now() + RESEND_AFTER_MS);
    setResendNote({ kind: 'error', key: resetResendErrorKey(result) });
  });

  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, '0');

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      {sentTo ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void resend.run();
          }}
        >
          <Text c="teal.3" role="status" mb="md" data-testid="reset-sent">
            {t('forgot.sent', { email: sentTo })}
          </Text>
          <Captcha ref={captcha} onChange={(token) => form.setFieldValue('captchaToken', token ?? '')} />
          <Button
            type="submit"
            variant="light"
            fullWidth
            mt="md"
            loading={resend.busy}
            disabled={secondsLeft > 0}
          >
            {secondsLeft > 0 ? t('forgot.resendIn', { time: `${minutes}:${seconds}` }) : t('forgot.resend')}
          </Button>
          {resendNote && (
            <Text size="sm" mt="sm" c={resendNote.kind === 'sent' ? 'teal.3' : 'red.3'} role="status">
              {t(resendNote.key)}
            </Text>
          )}
          <Text mt="md">
            <AuthSwitch text={t('forgot.remembered')} link={t('forgot.login')} to="/login" />
          </Text>
        </form>
      ) : (
        <AuthForm
          onSubmit={() => void send.run()}
          error={formErrorKey(form.errors) ?? serverError}
          busy={send.busy}
          submitLabel={t('forgot.submit')}
          after={<AuthSwitch text={t('forgot.remembered')} link={t('forgot.login')} to="/login" />}
        >
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Captcha ref={captcha} onChange={(token) => form.setFieldValue('captchaToken', token ?? '')} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
