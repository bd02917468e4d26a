import { POWER_SIGNALS, type PowerSignal, TOAST_MS } from '@falkenhost/contracts/constants';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlay, IconRestart, IconStop } from '@/components/icons';
import { notify } from '@/lib/notify';
import { sendPowerSignal } from '../api/servers';
import { useServerAction } from '../hooks/use-server-action';
import { powerErrorKey } from '../utils/errors';
import { disabledSignals } from '../utils/power';

const ICON: Record<PowerSignal, ReactNode> = {
  start: <IconPlay size={14} />,
  stop: <IconStop size={14} />,
  restart: <IconRestart size={14} />,
};
const COLOR: Record<PowerSignal, string> = { start: 'teal', stop: 'red', restart: 'yellow' };

interface Props {
  server: OwnedServer;
  /** live power state from useServerStats */
  state: string | null;
}

/** Start, stop and restart of an active server through POST /api/private/servers/power. */
export function PowerButtons({ server, state }: Props) {
  const { t } = useTranslation('servers');
  const power = useServerAction({
    request: sendPowerSignal,
    errorKey: powerErrorKey,
    onSuccess: (_, { signal }) =>
      notify('success', t('toast.successTitle'), t(`power.sent.${signal}`, { name: server.name }), TOAST_MS),
  });
  const disabled = disabledSignals(state);
  return (
    // Wraps at 360 px so every label shows whole in each language (a shrunk button cuts its label).
    <Group gap={6} role="group" aria-label={t('power.group', { name: server.name })} wrap="wrap">
      {POWER_SIGNALS.map((signal) => (
        <Button
          key={signal}
          size="compact-sm"
          variant="light"
          color={COLOR[signal]}
          leftSection={ICON[signal]}
          data-testid={`power-${signal}`}
          style={{ flexShrink: 0 }}
          aria-label={t(`power.${signal}Aria`, { name: server.name })}
          disabled={disabled[signal] || (power.isPending && power.variables?.signal !== signal)}
          loading={power.isPending && power.variables?.signal === signal}
          onClick={() => power.mutate({ id: server.user_package_id, signal })}
        >
          {t(`power.${signal}`)}
        </Button>
      ))}
    </Group>
  );
}
