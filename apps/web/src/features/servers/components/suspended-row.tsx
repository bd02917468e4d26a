import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unsuspendServer } from '../api/servers';
import { useServerAction } from '../hooks/use-server-action';
import { unsuspendErrorKey } from '../utils/errors';

/**
 * The foot of a suspended server's card (product.md "Customer servers"): when it will be deleted (or that it
 * is suspended) and the unsuspend button, which follows the answer's link.
 */
export function SuspendedRow({ server }: { server: OwnedServer }) {
  const { t, i18n } = useTranslation('servers');
  // The link is a payment page (monthly) or the dashboard (hourly, already charged); both load anew.
  const unsuspend = useServerAction({
    request: unsuspendServer,
    errorKey: unsuspendErrorKey,
    onSuccess: (data) => {
      if (data?.link) window.location.assign(data.link);
    },
  });
  const deleteAt = server.delete_at
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(server.delete_at))
    : null;

  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm">
      <Text size="sm" c="orange.3" data-testid={deleteAt ? 'server-delete-at' : undefined}>
        {deleteAt ? t('card.deleteAt', { date: deleteAt }) : t('card.suspended')}
      </Text>
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
