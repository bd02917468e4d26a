import { CODE_LENGTH, RECOVERY_CODE_LENGTH } from '@falkenhost/contracts/constants';
import { TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useIsDemo } from '@/lib/dev-mail';
import { useSession } from '@/lib/session';
import type { CodeType } from '../api/auth';
import { useCodeResend } from '../hooks/use-code-resend';
import { useCodeSubmit } from '../hooks/use-code-submit';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';
import { CodeFormLinks } from './code-form-links';

/**
 * /email/verify and /email/2fa: a 6-character mailed code with resend (product.md "Screens and routes",
 * "States and transitions", "Validation rules", "Error catalogue"). For a user with an authenticator app
 * (session user's two_factor_method `totp`; issue 9) /email/2fa asks for the app's code instead, or a
 * recovery code, and offers no resend (nothing is mailed). Validated by the API's codeBody (mailed code) or
 * secondFactorBody (app or recovery code); the code field has the focus.
 */
export function CodeForm({ type }: { type: CodeType }) {
  const { t } = useTranslation('auth');
  const { t: ts } = useTranslation('security');
  const { data: user } = useSession();
  const isDemo = useIsDemo();
  const resend = useCodeResend(type);
  const totp = type === '2fa' && user?.two_factor_method === 'totp';
  const code = useCodeSubmit(type, totp);
  const { form, recovery } = code;

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
        onSubmit={() => void code.submit.run()}
        error={code.error}
        busy={code.submit.busy}
        submitLabel={t('code.submit')}
        after={
          <CodeFormLinks
            totp={totp}
            recovery={recovery}
            onSwitchCode={code.switchCode}
            resend={resend}
            isDemo={isDemo}
          />
        }
      >
        <TextInput
          ref={code.input}
          key={code.mode}
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
