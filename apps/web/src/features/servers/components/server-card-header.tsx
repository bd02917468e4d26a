import { TOAST_MS } from '@falkenhost/contracts/constants';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Badge, Group, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCopy } from '@/components/icons';
import { useFormatters } from '@/lib/format';
import { notify } from '@/lib/notify';

const STATE_COLOR: Record<string, string> = {
  running: 'teal',
  starting: 'yellow',
  stopping: 'orange',
  offline: 'gray',
  installing: 'cyan',
};

interface Props {
  server: OwnedServer;
  /** the server's short id (shortIdOf), copied by a click; '' while it has none */
  shortId: string;
  /** the live power state, null while not known */
  state: string | null;
  /** the server is paid (not suspended) */
  active: boolean;
}

/**
 * The head of a server card (product.md "Customer servers"): the server's name, its short id (a click copies
 * it) and a badge of its power state, or suspended; a scheduled server outside its hours says when it
 * next starts beside its offline badge (docs/decisions/445).
 */
export function ServerCardHeader({ server, shortId, state, active }: Props) {
  const { t } = useTranslation('servers');
  const format = useFormatters();
  const waiting = active && server.next_start !== null && state !== 'running' && state !== 'starting';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shortId);
      notify('success', t('toast.copiedTitle'), t('toast.copied', { id: shortId }), TOAST_MS);
    } catch {
      notify('error', t('toast.errorTitle'), t('toast.copyFailed'), TOAST_MS);
    }
  };

  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {server.name}
        </Title>
        {shortId && (
          <Tooltip label={t('card.copyId')}>
            <UnstyledButton
              onClick={() => void copy()}
              aria-label={t('card.copyIdAria', { id: shortId })}
              data-testid="server-short-id"
            >
              <Group gap={4} c="dark.0">
                <Text size="sm" ff="monospace">
                  {shortId}
                </Text>
                <IconCopy size={14} />
              </Group>
            </UnstyledButton>
          </Tooltip>
        )}
      </Stack>
      <Stack gap={4} align="flex-end">
        <Badge
          color={!active ? 'orange' : state ? (STATE_COLOR[state] ?? 'gray') : 'gray'}
          variant="light"
          data-testid="server-state"
          data-state={active ? (state ?? '') : 'suspended'}
        >
          {!active
            ? t('state.suspended')
            : state
              ? t(`state.${state}`, { defaultValue: state })
              : t('state.connecting')}
        </Badge>
        {waiting && server.next_start && (
          <Text size="xs" c="dark.0" ta="right" data-testid="server-next-start">
            {t('card.nextStart', { when: format.dateTime(server.next_start) })}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
