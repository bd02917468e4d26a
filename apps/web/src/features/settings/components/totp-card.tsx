import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTotp } from '../hooks/use-totp';
import { RecoveryCodes } from './recovery-codes';
import { SettingsCard } from './settings-card';
import { TotpManage, TotpPasswordStep, TotpScan } from './totp-steps';

/**
 * Two-factor login by authenticator app (TOTP; issue 9), the security part of the settings section next to
 * the mailed-code toggle: set-up after the current password (QR code and the secret as text), a first code
 * turns it on, then the recovery codes are shown once (copy, download). When on: turn off or make new
 * recovery codes, each with a code of the app or a recovery code. Results are toasts of 3 s (product.md
 * "Screens and routes").
 */
export function TotpCard() {
  const { t } = useTranslation('security');
  const { data, step, setStep, passwordForm, codeForm, setup, busy, submitCode, notice } = useTotp();

  let body: React.ReactNode;
  if (!data) {
    body = <Skeleton h={64} radius="md" aria-busy="true" aria-label={t('loading')} />;
  } else if (step.kind === 'codes') {
    body = <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />;
  } else if (data.enabled) {
    body = (
      <TotpManage codesLeft={data.recoveryCodesLeft} codeForm={codeForm} busy={busy} onSubmit={submitCode} />
    );
  } else if (step.kind === 'scan') {
    body = (
      <TotpScan
        setup={step.setup}
        codeForm={codeForm}
        busy={busy}
        onSubmit={submitCode}
        notice={notice}
        onCancel={() => setStep({ kind: 'idle' })}
      />
    );
  } else {
    body = (
      <TotpPasswordStep passwordForm={passwordForm} busy={setup.busy} onSubmit={(p) => void setup.run(p)} />
    );
  }

  return (
    <SettingsCard id="totp" title={t('title')} text={t('text')}>
      {body}
    </SettingsCard>
  );
}
