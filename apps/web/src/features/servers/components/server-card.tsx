import { TOAST_MS } from '@falkenhost/contracts/constants';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Badge, Button, Card, Group, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCopy, IconDetails, IconExternal } from '@/components/icons';
import { useFormatters } from '@/lib/format';
import { notify } from '@/lib/notify';
import { unsuspendServer } from '../api/servers';
import { useServerAction } from '../hooks/use-server-action';
import { useServerStats } from '../hooks/use-server-stats';
import { unsuspendErrorKey } from '../utils/errors';
import { isActive, isCancelled, shortIdOf } from '../utils/server';
import { Gauge } from './gauge';
import { PowerButtons } from './power-buttons';
import { ServerDetails } from './server-details';

const STATE_COLOR: Record<string, string> = {
  running: 'teal',
  starting: 'yellow',
  stopping: 'orange',
  offline: 'gray',
  installing: 'cyan',
};

/** One owned server (spec 2 "Customer servers"). */
export function ServerCard({ server }: { server: OwnedServer }) {
  const { t, i18n } = useTranslation('servers');
  const format = useFormatters();
  const live = useServerStats(server);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const shortId = shortIdOf(server);
  const state = live.state ?? (server.ptero_server_uuid ? null : 'installing');
  const active = isActive(server);
  // The link is a payment page (monthly) or the dashboard (hourly, already charged); both load anew.
  const unsuspend = useServerAction({
    request: unsuspendServer,
    errorKey: unsuspendErrorKey,
    onSuccess: (data) => {
      if (data?.link) window.location.assign(data.link);
    },
  });
  const deleteAt =
    !active && server.delete_at
      ? new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(new Date(server.delete_at))
      : null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shortId);
      notify('success', t('toast.copiedTitle'), t('toast.copied', { id: shortId }), TOAST_MS);
    } catch {
      notify('error', t('toast.errorTitle'), t('toast.copyFailed'), TOAST_MS);
    }
  };

  const cancelled = isCancelled(server);
  // Monthly servers: the end of the paid period, when the subscription renews or (cancelled) it stops.
  const paidUntil =
    active && server.billing_type === 'monthly' && server.paid_until ? format.date(server.paid_until) : null;

  const price =
    server.billing_type === 'hourly'
      ? t('price.hourly', {
          perHour: format.number(server.totalCreditsPerHour),
          perMonth: format.decimal2(server.totalCreditsPrice),
        })
      : // the card fee's fixed part is not shown for a server that costs nothing (spec 2)
        t('price.monthly', {
          price: format.eur(server.totalCreditsPrice > 0 ? server.eurPriceWithCreditCardFee : 0),
        });

  return (
    <Card padding="lg" bg="dark.7" data-testid="server-card" data-server-id={server.user_package_id}>
      <Stack gap="md">
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
        </Group>
        <Group justify="space-around" gap="xs">
          <Gauge
            kind="cpu"
            label={t('gauges.cpu')}
            percent={live.gauges?.cpu ?? null}
            display={
              live.gauges && server.vcpu === 0 ? `${Math.round(live.gauges.cpuAbsolute)} %` : undefined
            }
          />
          <Gauge kind="memory" label={t('gauges.memory')} percent={live.gauges?.memory ?? null} />
          <Gauge kind="disk" label={t('gauges.disk')} percent={live.gauges?.disk ?? null} />
        </Group>
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Stack gap={0}>
            <Text size="xs" c="dark.0" tt="uppercase" fw={700}>
              {t(server.billing_type === 'hourly' ? 'price.hourlyLabel' : 'price.monthlyLabel')}
            </Text>
            <Text fw={700} data-testid="server-price">
              {price}
            </Text>
            {paidUntil && (
              <Text
                size="sm"
                c={cancelled ? 'red.3' : 'dark.0'}
                data-testid={cancelled ? 'server-cancelled-until' : 'server-paid-until'}
              >
                {t(cancelled ? 'card.cancelledUntil' : 'card.paidUntil', { date: paidUntil })}
              </Text>
            )}
          </Stack>
          {cancelled && (
            <Badge variant="light" color="red" data-testid="server-cancelled">
              {t('card.cancelled')}
            </Badge>
          )}
        </Group>
        {active ? (
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <PowerButtons server={server} state={state} />
            <Group gap="xs" wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconDetails size={16} />}
                data-testid="server-details-button"
                aria-label={t('card.detailsAria', { name: server.name })}
                onClick={() => setDetailsOpen(true)}
              >
                {t('card.details')}
              </Button>
              {server.panelUrl && (
                <Button
                  component="a"
                  href={server.panelUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  rightSection={<IconExternal size={16} />}
                  aria-label={t('card.manageAria', { name: server.name })}
                >
                  {t('card.manage')}
                </Button>
              )}
            </Group>
          </Group>
        ) : (
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
        )}
      </Stack>
      {active && (
        <ServerDetails
          opened={detailsOpen}
          server={server}
          state={state}
          onClose={() => setDetailsOpen(false)}
        />
      )}
    </Card>
  );
}
