import { TOAST_MS } from '@falkenhost/contracts/constants';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconTrash } from '@/components/icons';
import { useFormatters } from '@/lib/format';
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
 * The end of a server (product.md "Screens and routes"): hourly servers have a delete button (deleted at
 * once, data lost); monthly ones a cancel button that stops the subscription (the server runs to the end of
 * the paid period, money-and-billing.md "Billing"), disabled once cancelled (product.md
 * "States and transitions"). Both ask first, through POST cancel-server; a failure asks to try again later
 * (product.md "Error catalogue").
 */
export function EndServerButton({ server, confirm, onDeleted }: Props) {
  const { t } = useTranslation('servers');
  const format = useFormatters();
  const hourly = server.billing_type === 'hourly';
  const cancelled = isCancelled(server);
  const paidUntil = server.paid_until ? format.date(server.paid_until) : null;
  const end = useServerAction({
    request: (id: number) => cancelServer(id),
    errorKey: (answer) => cancelErrorKey(answer, server.billing_type),
    onSuccess: (data) => {
      if (hourly) {
        notify('success', t('toast.successTitle'), t('end.deleted'), TOAST_MS);
        onDeleted();
        return;
      }
      const until = data?.paid_until ?? server.paid_until;
      const message = until
        ? t('end.cancelledToastUntil', { date: format.date(until) })
        : t('end.cancelledToast');
      notify('success', t('toast.successTitle'), message, TOAST_MS);
    },
  });

  const hint = hourly
    ? t('end.deleteHint')
    : cancelled
      ? paidUntil
        ? t('end.cancelledHintUntil', { date: paidUntil })
        : t('end.cancelledHint')
      : paidUntil
        ? t('end.cancelHintUntil', { date: paidUntil })
        : t('end.cancelHint');

  const ask = () =>
    confirm({
      title: t(hourly ? 'end.deleteTitle' : 'end.cancelTitle', { name: server.name }),
      children: (
        <Text size="sm">
          {hourly
            ? t('end.deleteText', { name: server.name })
            : paidUntil
              ? t('end.cancelTextUntil', { name: server.name, date: paidUntil })
              : t('end.cancelText', { name: server.name })}
        </Text>
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
        <Text size="sm" c="dark.0" style={{ flex: '1 1 16rem' }} data-testid="server-end-hint">
          {hint}
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
