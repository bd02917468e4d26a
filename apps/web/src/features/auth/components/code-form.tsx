import { CODE_LENGTH, RECOVERY_CODE_LENGTH } from '@falkenhost/contracts/constants';
import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { IconMail } from '@/components/icons';
import { useCountdown } from '@/hooks/use-countdown';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { useIsDemo } from '@/lib/dev-mail';
import { logout, setSession, useSession } from '@/lib/session';
import { type CodeType, resendCode, submitCode } from '../api/auth';
import { checkAuthForm, formErrorKey, useAuthForm } from '../utils/auth-form';
import { markCodeSent, resendAllowedAt } from '../utils/code-sent';
import { codeErrorKey, resendErrorKey } from '../utils/errors';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';

/**
 * /email/verify and /email/2fa: a 6-character mailed code with resend (spec 2, 4, 5, 8). For a user with
 * an authenticator app (session user's two_factor_method `totp`; issue 9) /email/2fa asks for the app's
 * code instead, or a recovery code, and offers no resend (nothing is mailed). Validated by the API's
 * codeBody (mailed code) or secondFactorBody (app or recovery code); the code field has the focus.
 */
export function CodeForm({ type }: { type: CodeType }) {
  const { t } = useTranslation('auth');
  const { t: ts } = useTranslation('security');
  const navigate = useNavigate();
  const { data: user } = useSession();
  const isDemo = useIsDemo();
  const [serverError, setServerError] = useState<string | null>(null);
  const [resendNote, setResendNote] = useState<{ kind: 'sent' | 'error'; key: string } | null>(null);
  // The resend countdown is the browser's (sessionStorage): read after the first render, as the server
  // renders the page without it.
  const [resendAt, setResendAt] = useState<number | null>(null);
  useEffect(() => setResendAt(resendAllowedAt(type)), [type]);
  const secondsLeft = useCountdown(resendAt);
  const totp = type === '2fa' && user?.two_factor_method === 'totp';
  const [recovery, setRecovery] = useState(false);
  const form = useAuthForm(`code-${type}`, { token: '' });
  const input = useRef<HTMLInputElement>(null);
  const mode = totp ? (recovery ? 'recovery' : 'app') : 'mail';

  // The code is all the page asks for: its field has the focus on arrival (after registering, after
  // the login) and after switching between app and recovery code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: mode re-mounts the field, which is focused anew
  useEffect(() => {
    input.current?.focus();
  }, [mode]);

  const submit = useThrottledAction(async () => {
    setServerError(null);
    const body = await checkAuthForm(form, (rules) => (totp ? rules.secondFactorBody : rules.codeBody));
    if (!body) return;
    const result = await submitCode(type, body.token);
    if (result.ok && result.data) {
      setSession(result.data);
      navigate('/dashboard', { replace: true });
      return;
    }
    setServerError(codeErrorKey(result));
  });

  const ruleError = formErrorKey(form.errors);
  // An app or recovery code has its own length message (security namespace).
  const formError =
    ruleError === 'errors.codeLength' && totp
      ? recovery
        ? 'security:login.recoveryLength'
        : 'security:login.codeLength'
      : ruleError;

  const resend = useThrottledAction(async () => {
    setResendNote(null);
    const result = await resendCode(type);
    if (result.ok) {
      markCodeSent(type);
      setResendAt(resendAllowedAt(type));
      setResendNote({ kind: 'sent', key: 'code.sent' });
      return;
    }
    if (result.status === 429) {
      // The server knows better when the last code went out; wait a full interval to be safe.
      markCodeSent(type);
      setResendAt(resendAllowedAt(type));
    }
    setResendNote({ kind: 'error', key: resendErrorKey(result) });
  });

  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, '0');

  return (
    <AuthCard
      title={t(type === '2fa' ? 'code.title2fa' : 'code.titleVerify')}
      subtitle={
        totp ? (
          ts(recovery ? 'login.subtitleRecovery' : 'login.subtitle')
        ) : (
          <Trans
            t={t}
            i18nKey={type === '2fa' ? 'code.subtitle2fa' : 'code.subtitleVerify'}
            values={{ email: user?.email ?? '' }}
            components={{ strong: <strong /> }}
          />
        )
      }
    >
      <AuthForm
        onSubmit={() => void submit.run()}
        error={formError ?? serverError}
        busy={submit.busy}
        submitLabel={t('code.submit')}
        after={
          <>
            {totp ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="falken.3"
                onClick={() => {
                  setRecovery((r) => !r);
                  form.reset();
                  setServerError(null);
                }}
                data-testid="use-recovery-code"
              >
                {ts(recovery ? 'login.useApp' : 'login.useRecovery')}
              </Anchor>
            ) : (
              <Group justify="space-between" gap="xs">
                <Button
                  variant="subtle"
                  onClick={() => void resend.run()}
                  loading={resend.busy}
                  disabled={secondsLeft > 0}
                  px={4}
                >
                  {secondsLeft > 0 ? t('code.resendIn', { time: `${minutes}:${seconds}` }) : t('code.resend')}
                </Button>
                {isDemo && (
                  <Anchor href="/dev/mailbox" target="_blank" rel="noopener" size="sm" c="cyan.3">
                    <Group gap={4} component="span">
                      <IconMail size={16} />
                      {t('code.mailbox')}
                    </Group>
                  </Anchor>
                )}
              </Group>
            )}
            {resendNote && (
              <Text size="sm" c={resendNote.kind === 'sent' ? 'teal.3' : 'red.3'} role="status">
                {t(resendNote.key)}
              </Text>
            )}
            <Text size="sm" c="dark.0" ta="center">
              {t('code.notYou')}{' '}
              <Anchor
                component={Link}
                to="/login"
                c="falken.3"
                underline="always"
                onClick={(event) => {
                  event.preventDefault();
                  void logout().then(() => navigate('/login', { replace: true }));
                }}
              >
                {t('code.logout')}
              </Anchor>
            </Text>
          </>
        }
      >
        <TextInput
          ref={input}
          key={mode}
          label={totp ? ts(recovery ? 'login.recoveryLabel' : 'login.codeLabel') : t('code.label')}
          description={
            totp
              ? ts(recovery ? 'login.recoveryHint' : 'login.codeHint')
              : t('code.hint', { length: CODE_LENGTH })
          }
          autoComplete="one-time-code"
          inputMode={totp && !recovery ? 'numeric' : undefined}
          maxLength={totp ? (recovery ? RECOVERY_CODE_LENGTH + 3 : CODE_LENGTH + 1) : CODE_LENGTH}
          required
          {...form.getInputProps('token')}
          onChange={(event) => form.setFieldValue('token', event.currentTarget.value.toUpperCase())}
          styles={{
            input: { letterSpacing: '0.4em', fontFamily: 'monospace', fontSize: 22, textAlign: 'center' },
          }}
          size="lg"
        />
      </AuthForm>
    </AuthCard>
  );
}
