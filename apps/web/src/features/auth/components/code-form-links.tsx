import { Anchor, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { IconMail } from '@/components/icons';
import { logout } from '@/lib/session';
import type { useCodeResend } from '../hooks/use-code-resend';

/** The resend button, counting down until a resend is allowed, and in the demo a link to its mailbox. */
function ResendRow({ resend, isDemo }: { resend: ReturnType<typeof useCodeResend>; isDemo: boolean }) {
  const { t } = useTranslation('auth');
  const { secondsLeft } = resend;
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, '0');
  return (
    <Group justify="space-between" gap="xs">
      <Button
        variant="subtle"
        onClick={() => void resend.resend.run()}
        loading={resend.resend.busy}
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
  );
}

/** "Not you? Log out": logs out and goes to /login. */
function LogoutLine() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
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
  );
}

interface Props {
  /** the user logs in with an authenticator app: a switch to the recovery code instead of a resend */
  totp: boolean;
  /** a recovery code is asked for rather than the app's code */
  recovery: boolean;
  /** switches between the app's code and a recovery code */
  onSwitchCode: () => void;
  /** the mailed code's resend (useCodeResend) */
  resend: ReturnType<typeof useCodeResend>;
  /** the API is the demo (its mailbox is linked) */
  isDemo: boolean;
}

/**
 * Below the code form's button (product.md "Screens and routes"): with an authenticator app the switch
 * between its code and a recovery code, else the resend of the mailed code; the resend's note; then
 * "Not you? Log out".
 */
export function CodeFormLinks({ totp, recovery, onSwitchCode, resend, isDemo }: Props) {
  const { t } = useTranslation('auth');
  const { t: ts } = useTranslation('security');
  return (
    <>
      {totp ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          c="falken.3"
          onClick={onSwitchCode}
          data-testid="use-recovery-code"
        >
          {ts(recovery ? 'login.useApp' : 'login.useRecovery')}
        </Anchor>
      ) : (
        <ResendRow resend={resend} isDemo={isDemo} />
      )}
      {resend.note && (
        <Text size="sm" c={resend.note.kind === 'sent' ? 'teal.3' : 'red.3'} role="status">
          {t(resend.note.key)}
        </Text>
      )}
      <LogoutLine />
    </>
  );
}
