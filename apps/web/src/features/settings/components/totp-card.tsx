import { SETTINGS_NOTICE_MS } from '@falkenhost/contracts/account';
import { type TotpSetupAnswer, totpCodeBody, totpSetupBody } from '@falkenhost/contracts/totp';
import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCopy } from '@/components/icons';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { notify } from '@/lib/notify';
import { reloadSession } from '@/lib/session';
import {
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  startTotpSetup,
  totpKey,
  useTotpState,
} from '../api/totp';
import { totpCodeError, totpSetupError } from '../utils/totp-errors';
import { SettingsCard } from './settings-card';

type CodeCall = 'enable' | 'disable' | 'regenerate';

/**
 * A validate function for useForm from a contracts schema of a TOTP request: the first failing field gets
 * the i18n key (namespace security) of its message: `errors.fillIn` when it is empty, else `invalidKey`
 * (the message the API's 400 for that value leads to, so both sides say the same).
 */
function totpResolver(schema: typeof totpSetupBody | typeof totpCodeBody, field: string, invalidKey: string) {
  return (values: Record<string, string>): FormErrors => {
    if (schema.safeParse(values).success) return {};
    return { [field]: (values[field] ?? '').trim() === '' ? 'errors.fillIn' : invalidKey };
  };
}
type Step = { kind: 'idle' } | { kind: 'scan'; setup: TotpSetupAnswer } | { kind: 'codes'; codes: string[] };

/**
 * Two-factor login by authenticator app (TOTP; issue 9), the security part of the settings section next to
 * the mailed-code toggle: set-up after the current password (QR code and the secret as text), a first code
 * turns it on, then the recovery codes are shown once (copy, download). When on: turn off or make new
 * recovery codes, each with a code of the app or a recovery code. Results are toasts of 3 s (spec 2).
 */
export function TotpCard() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const { data } = useTotpState();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // The API's bodies (contracts totp.ts) are the forms' values and their validators; errors hold i18n keys.
  const passwordForm = useForm({
    initialValues: { password: '' },
    validate: totpResolver(totpSetupBody, 'password', 'errors.invalidPassword'),
  });
  const codeForm = useForm({
    initialValues: { token: '' },
    validate: totpResolver(totpCodeBody, 'token', 'errors.invalidCode'),
  });

  const notice = (kind: 'success' | 'error', key: string) =>
    notify(
      kind,
      t(kind === 'success' ? 'toast.successTitle' : 'toast.errorTitle'),
      t(key),
      SETTINGS_NOTICE_MS,
    );

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: totpKey });
    // The session user's two_factor_method follows.
    await reloadSession();
  };

  const fail = (answer: { field?: string; key: string }) => {
    if (answer.field === 'password') passwordForm.setFieldError('password', answer.key);
    else if (answer.field === 'code') codeForm.setFieldError('token', answer.key);
    else notice('error', answer.key);
  };

  const setup = useThrottledAction(async (password: string) => {
    const answer = await startTotpSetup(password);
    if (answer.ok && answer.data) {
      passwordForm.reset();
      codeForm.reset();
      setStep({ kind: 'scan', setup: answer.data });
      return;
    }
    fail(totpSetupError(answer));
  });

  const [current, setCurrent] = useState<CodeCall>('enable');
  const withCode = useThrottledAction(async (call: CodeCall, token: string) => {
    setCurrent(call);
    if (call === 'disable') {
      const answer = await disableTotp(token);
      if (!answer.ok) return fail(totpCodeError(answer));
      codeForm.reset();
      setStep({ kind: 'idle' });
      notice('success', 'toast.disabled');
      await refresh();
      return;
    }
    const answer = await (call === 'enable' ? enableTotp(token) : regenerateRecoveryCodes(token));
    if (!answer.ok || !answer.data) return fail(totpCodeError(answer));
    codeForm.reset();
    setStep({ kind: 'codes', codes: answer.data.recoveryCodes });
    notice('success', call === 'enable' ? 'toast.enabled' : 'toast.regenerated');
    await refresh();
  });
  const busy = (call: CodeCall) => withCode.busy && current === call;
  // Checked before the throttle: a refused value sends nothing and does not hold the next try back.
  const submitCode = (call: CodeCall) => {
    if (codeForm.validate().hasErrors) return;
    void withCode.run(call, codeForm.getValues().token.trim());
  };
  const fieldError = (message: React.ReactNode) => (typeof message === 'string' ? t(message) : undefined);

  const codeInput = (label: string) => (
    <TextInput
      label={label}
      autoComplete="one-time-code"
      maxLength={16}
      {...codeForm.getInputProps('token')}
      error={fieldError(codeForm.errors.token)}
      styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.2em' } }}
      data-testid="totp-code"
    />
  );

  let body: React.ReactNode;
  if (!data) {
    body = <Skeleton h={64} radius="md" aria-busy="true" aria-label={t('loading')} />;
  } else if (step.kind === 'codes') {
    body = <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />;
  } else if (data.enabled) {
    body = (
      <Stack gap="md">
        <Group gap="sm">
          <Badge color="teal" variant="light">
            {t('status.on')}
          </Badge>
          <Text size="sm" c="dark.0" data-testid="totp-codes-left">
            {t('status.codesLeft', { count: data.recoveryCodesLeft })}
          </Text>
        </Group>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submitCode('regenerate');
          }}
        >
          <Stack gap="sm">
            {codeInput(t('manage.codeLabel'))}
            <Group justify="flex-end">
              <Button
                variant="default"
                type="submit"
                loading={busy('regenerate')}
                data-testid="totp-regenerate"
              >
                {t('manage.regenerate')}
              </Button>
              <Button
                color="red"
                variant="light"
                onClick={() => submitCode('disable')}
                loading={busy('disable')}
                data-testid="totp-disable"
              >
                {t('manage.disable')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    );
  } else if (step.kind === 'scan') {
    body = (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submitCode('enable');
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('setup.scan')}</Text>
          <Group align="flex-start" gap="lg" wrap="wrap">
            <Box bg="white" p={8} style={{ borderRadius: 8 }}>
              <Image src={step.setup.qr} alt={t('setup.qrAlt')} w={200} h={200} data-testid="totp-qr" />
            </Box>
            <Stack gap={6} maw={360}>
              <Text size="sm" c="dark.0">
                {t('setup.manual')}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                  {step.setup.secret.replace(/(.{4})/g, '$1 ').trim()}
                </Code>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconCopy size={14} />}
                  onClick={() =>
                    void navigator.clipboard
                      .writeText(step.setup.secret)
                      .then(() => notice('success', 'toast.copied'))
                      .catch(() => notice('error', 'errors.copy'))
                  }
                >
                  {t('actions.copy')}
                </Button>
              </Group>
            </Stack>
          </Group>
          {codeInput(t('setup.codeLabel'))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep({ kind: 'idle' })}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={busy('enable')} data-testid="totp-enable">
              {t('setup.enable')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  } else {
    body = (
      <form noValidate onSubmit={passwordForm.onSubmit(({ password }) => void setup.run(password))}>
        <Group align="flex-end" gap="md">
          <PasswordInput
            label={t('setup.password')}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('password.toggle', { ns: 'settings' }) }}
            {...passwordForm.getInputProps('password')}
            error={fieldError(passwordForm.errors.password)}
            style={{ flex: '1 1 240px' }}
            data-testid="totp-password"
          />
          <Button type="submit" loading={setup.busy} data-testid="totp-setup">
            {t('setup.start')}
          </Button>
        </Group>
      </form>
    );
  }

  return (
    <SettingsCard id="totp" title={t('title')} text={t('text')}>
      {body}
    </SettingsCard>
  );
}

/** The recovery codes, shown once: copy all, download as a text file, then done. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  const text = `${t('codes.fileHeading')}\n\n${codes.join('\n')}\n`;
  const toast = (kind: 'success' | 'error', key: string) =>
    notify(
      kind,
      t(kind === 'success' ? 'toast.successTitle' : 'toast.errorTitle'),
      t(key),
      SETTINGS_NOTICE_MS,
    );

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'falkenhost-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title={t('codes.title')}>
        {t('codes.text')}
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" data-testid="totp-recovery-codes">
        {codes.map((code) => (
          <Code key={code} ta="center" fz="sm">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconCopy size={14} />}
          onClick={() =>
            void navigator.clipboard
              .writeText(text)
              .then(() => toast('success', 'toast.copied'))
              .catch(() => toast('error', 'errors.copy'))
          }
        >
          {t('actions.copy')}
        </Button>
        <Button variant="default" onClick={download}>
          {t('actions.download')}
        </Button>
        <Button onClick={onDone} data-testid="totp-codes-done">
          {t('codes.done')}
        </Button>
      </Group>
    </Stack>
  );
}
