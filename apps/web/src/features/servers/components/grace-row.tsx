import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatters } from '@/lib/format';
import { payRenewal } from '../api/servers';
import { useServerAction } from '../hooks/use-server-action';
import { unsuspendErrorKey } from '../utils/errors';

/**
 * A running monthly server whose renewal failed (docs/decisions/420, 422): when the card is tried again and
 * when the server stops unless paid, and a button that pays the open month with another card (a Mollie
 * checkout). The grace mails link to `/dashboard?renew=<id>`, which brings this row into view.
 */
export function GraceRow({ server }: { server: OwnedServer & { grace: NonNullable<OwnedServer['grace']> } }) {
  const { t } = useTranslation('servers');
  const f = useFormatters();
  const [params] = useSearchParams();
  const button = useRef<HTMLButtonElement>(null);
  const pay = useServerAction({
    request: payRenewal,
    errorKey: unsuspendErrorKey,
    onSuccess: (data) => {
      if (data?.link) window.location.assign(data.link);
    },
  });
  const linked = params.get('renew') === String(server.user_package_id);
  useEffect(() => {
    if (!linked) return;
    button.current?.scrollIntoView({ block: 'center' });
    button.current?.focus();
  }, [linked]);
  const format = f.dateTime;
  const stop = format(server.grace.stops_at);

  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm" data-testid="server-grace">
      <Text size="sm" c="orange.3" role="status">
        {server.grace.next_try_at
          ? t('grace.notice', { next: format(server.grace.next_try_at), stop })
          : t('grace.trying', { stop })}
      </Text>
      <Button
        ref={button}
        color="orange"
        variant="light"
        data-testid="pay-renewal-button"
        aria-label={t('grace.payAria', { name: server.name })}
        loading={pay.isPending}
        onClick={() => pay.mutate(server.user_package_id)}
      >
        {t('grace.pay')}
      </Button>
    </Group>
  );
}
