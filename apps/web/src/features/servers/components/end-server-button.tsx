import { TOAST_MS } from '@falkenhost/contracts/constants';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconTrash } from '@/components/icons';
import { notify } from '@/lib/notify';
import { cancelServer } from '../api/servers';
import type { ConfirmOptions } from '../hooks/use-confirm';
import { useServerAction } from '../hooks/use-server-action';
import { cancelErrorKey } from '../utils/errors';
import { isCancelled } from '../utils/server';

interface Props {
  server: OwnedServer;
  confirm: (options: ConfirmOptions) => void;
  /** called after an hourly server was deleted */
  onDeleted: () => void;
}

/**
 * The end of a server (spec 2): hourly servers have a delete button (deleted at once, data lost); monthly
 * ones a cancel button that stops the subscription (the server runs to the end of the paid period,
 * architecture.md "Billing"), disabled once cancelled (no mandate and a price above 0, spec 4). Both ask
 * first, through POST cancel-server.
 */
export function EndServerButton({ server, confirm, onDeleted }: Props) {
  const { t } = useTranslation('servers');
  const hourly = server.billing_type === 'hourly';
  const cancelled = isCancelled(server);
  const end = useServerAction({
    request: (id: number) => cancelServer(id),
    errorKey: (answer) => cancelErrorKey(answer, server.billing_type),
    onSuccess: () => {
      notify('success', t('toast.successTitle'), t(hourly ? 'end.deleted' : 'end.cancelledToast'), TOAST_MS);
      if (hourly) onDeleted();
    },
  });

  const ask = () =>
    confirm({
      title: t(hourly ? 'end.deleteTitle' : 'end.cancelTitle', { name: server.name }),
      children: (
        <Text size="sm">{t(hourly ? 'end.deleteText' : 'end.cancelText', { name: server.name })}</Text>
      ),
      labels: {
        confirm: t(hourly ? 'end.deleteConfirm' : 'end.cancelConfirm'),
        cancel: hourly ? t('actions.cancel', { ns: 'common' }) : t('end.keep'),
      },
      confirmProps: { color: 'red', 'data-testid': 'confirm-accept' },
      cancelProps: { 'data-testid': 'confirm-cancel' },
      onConfirm: () => end.mutate(server.user_package_id),
    });

  return (
    <Stack gap="xs" data-testid="server-end">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text size="sm" c="dark.0" style={{ flex: '1 1 16rem' }}>
          {hourly ? t('end.deleteHint') : cancelled ? t('end.cancelledHint') : t('end.cancelHint')}
        </Text>
        {hourly ? (
          <Button
            color="red"
            variant="outline"
            leftSection={<IconTrash size={16} />}
            data-testid="server-delete"
            loading={end.isPending}
            onClick={ask}
          >
            {t('end.delete')}
          </Button>
        ) : (
          <Button
            color="red"
            variant="outline"
            data-testid="server-cancel"
            disabled={cancelled}
            loading={end.isPending}
            onClick={ask}
          >
            {t(cancelled ? 'end.cancelledButton' : 'end.cancel')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
