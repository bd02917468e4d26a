import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { unsuspendServer } from '../api/servers';
import { useServerAction } from '../hooks/use-server-action';
import { unsuspendErrorKey } from '../utils/errors';

/**
 * The foot of a suspended server's card (product.md "Customer servers"): why it is suspended (credits ran
 * out, the renewal failed, cancelled and ended; decision 430), what unsuspending costs (the current
 * hour's credits, or a month by card with its fee, the card's own price), when it will be deleted, and the
 * unsuspend button, which follows the answer's link (both land back on this server).
 */
export function SuspendedRow({ server }: { server: OwnedServer }) {
  const { t } = useTranslation('servers');
  const format = useFormatters();
  // The link is a payment page (monthly) or the dashboard (hourly, already charged); both load anew.
  const unsuspend = useServerAction({
    request: unsuspendServer,
    errorKey: unsuspendErrorKey,
    onSuccess: (data) => {
      if (data?.link) window.location.assign(data.link);
    },
  });
  const deleteAt = server.delete_at ? format.dateTime(server.delete_at) : null;
  const cost =
    server.billing_type === 'hourly'
      ? t('suspension.costHourly', { credits: format.number(server.totalCreditsPerHour) })
      : t('suspension.costMonthly', { price: format.eur(server.eurPriceWithCreditCardFee) });

  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm">
      <Stack gap={2} data-testid="server-suspension" data-reason={server.suspension_reason ?? ''}>
        {server.suspension_reason && (
          <Text size="sm" fw={700} c="orange.3">
            {t(`suspension.${server.suspension_reason}`)}
          </Text>
        )}
        <Text size="sm" c="dark.0" data-testid="server-unsuspend-cost">
          {cost}
        </Text>
        <Text size="sm" c="orange.3" data-testid={deleteAt ? 'server-delete-at' : undefined}>
          {deleteAt ? t('card.deleteAt', { date: deleteAt }) : t('card.suspended')}
        </Text>
      </Stack>
      <Button
        color="orange"
        variant="light"
        data-testid="unsuspend-button"
        aria-label={t('card.unsuspendAria', { name: server.name })}
        loading={unsuspend.isPending}
        onClick={() => unsuspend.mutate(server.user_package_id)}
      >
        {t('card.unsuspend')}
      </Button>
    </Group>
  );
}
