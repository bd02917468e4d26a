import type { TotpSetupAnswer } from '@falkenhost/contracts/totp';
import { Badge, Box, Button, Code, Group, Image, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCopy } from '@/components/icons';
import type { CodeCall } from '../hooks/use-totp';

/** A form's field error (an i18n key, namespace security) as the page's text; undefined for none. */
const useFieldError = () => {
  const { t } = useTranslation('security');
  return (message: ReactNode) => (typeof message === 'string' ? t(message) : undefined);
};

/** The field of an app's code or a recovery code, labelled `label`. */
function TotpCodeInput({ label, form }: { label: string; form: UseFormReturnType<{ token: string }> }) {
  const fieldError = useFieldError();
  return (
    <TextInput
      label={label}
      autoComplete="one-time-code"
      maxLength={16}
      {...form.getInputProps('token')}
      error={fieldError(form.errors.token)}
      styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.2em' } }}
      data-testid="totp-code"
    />
  );
}

interface CodeStepProps {
  /** the code form (an app's code or a recovery code) */
  codeForm: UseFormReturnType<{ token: string }>;
  /** whether `call` runs */
  busy: (call: CodeCall) => boolean;
  /** checks the code, then makes `call` */
  onSubmit: (call: CodeCall) => void;
}

/**
 * Two-factor login by app is on: how many recovery codes are left, and a code of the app or a recovery
 * code to make new recovery codes (the form's submit) or to turn it off.
 */
export function TotpManage({ codesLeft, codeForm, busy, onSubmit }: CodeStepProps & { codesLeft: number }) {
  const { t } = useTranslation('security');
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Badge color="teal" variant="light">
          {t('status.on')}
        </Badge>
        <Text size="sm" c="dark.0" data-testid="totp-codes-left">
          {t('status.codesLeft', { count: codesLeft })}
        </Text>
      </Group>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit('regenerate');
        }}
      >
        <Stack gap="sm">
          <TotpCodeInput label={t('manage.codeLabel')} form={codeForm} />
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
              onClick={() => onSubmit('disable')}
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
}

interface ScanProps extends CodeStepProps {
  /** the pending secret with its QR code */
  setup: TotpSetupAnswer;
  /** a toast (copying the secret) */
  notice: (kind: 'success' | 'error', key: string) => void;
  onCancel: () => void;
}

/**
 * The set-up's second step: the QR code to scan, the secret as text (grouped by four, copied whole by a
 * click), and the app's first code, which turns two-factor login by app on.
 */
export function TotpScan({ setup, codeForm, busy, onSubmit, notice, onCancel }: ScanProps) {
  const { t } = useTranslation('security');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit('enable');
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('setup.scan')}</Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Box bg="white" p={8} style={{ borderRadius: 8 }}>
            <Image src={setup.qr} alt={t('setup.qrAlt')} w={200} h={200} data-testid="totp-qr" />
          </Box>
          <Stack gap={6} maw={360}>
            <Text size="sm" c="dark.0">
              {t('setup.manual')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Code>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconCopy size={14} />}
                onClick={() =>
                  void navigator.clipboard
                    .writeText(setup.secret)
                    .then(() => notice('success', 'toast.copied'))
                    .catch(() => notice('error', 'errors.copy'))
                }
              >
                {t('actions.copy')}
              </Button>
            </Group>
          </Stack>
        </Group>
        <TotpCodeInput label={t('setup.codeLabel')} form={codeForm} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={busy('enable')} data-testid="totp-enable">
            {t('setup.enable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface PasswordProps {
  passwordForm: UseFormReturnType<{ password: string }>;
  /** the set-up call runs */
  busy: boolean;
  /** starts the set-up with the checked password */
  onSubmit: (password: string) => void;
}

/** The set-up's first step: the current password, then Set up. */
export function TotpPasswordStep({ passwordForm, busy, onSubmit }: PasswordProps) {
  const { t } = useTranslation('security');
  const fieldError = useFieldError();
  return (
    <form noValidate onSubmit={passwordForm.onSubmit(({ password }) => onSubmit(password))}>
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
        <Button type="submit" loading={busy} data-testid="totp-setup">
          {t('setup.start')}
        </Button>
      </Group>
    </form>
  );
}
