import { dashboardPath, SECTION_PATHS } from '@falkenhost/contracts/dashboard-addresses';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Card, Group, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { IconDetails, IconExternal } from '@/components/icons';
import { type OrderShown, useSectionSub } from '@/lib/dashboard-address';
import { useServerStats } from '../hooks/use-server-stats';
import { isActive, shortIdOf } from '../utils/server';
import { Gauge } from './gauge';
import { GraceRow } from './grace-row';
import { PowerButtons } from './power-buttons';
import { ServerBilling } from './server-billing';
import { ServerCardHeader } from './server-card-header';
import { ServerDetails } from './server-details';
import { SuspendedRow } from './suspended-row';

/**
 * One owned server (product.md "Customer servers"). Its address, /dashboard/servers/<id> (decision 431;
 * the return of an unsuspend or grace payment and the grace mails' link, decisions 430, 433), brings its card
 * into view and opens its details, unless it was reached with an order's popup or a renewal link (the
 * payment's return, decision 433): then the details wait for the Details link.
 */
export function ServerCard({ server }: { server: OwnedServer }) {
  const { t } = useTranslation('servers');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const card = useRef<HTMLDivElement>(null);
  const linked = useSectionSub('customer_servers') === String(server.user_package_id);
  useEffect(() => {
    if (linked) card.current?.scrollIntoView?.({ block: 'center' });
  }, [linked]);
  // Reached with an order's popup or a renewal link (that visit's history entry keeps `orderShown` once the
  // popup is gone): the card is shown, its details wait for the Details link.
  const { state: entry } = useLocation();
  const quiet = params.has('order') || params.has('renew') || (entry as OrderShown | null)?.orderShown;
  const live = useServerStats(server);
  const state = live.state ?? (server.ptero_server_uuid ? null : 'installing');
  const active = isActive(server);
  const detailsOpen = linked && active && !quiet;

  return (
    <Card
      ref={card}
      padding="lg"
      bg="dark.7"
      data-testid="server-card"
      data-server-id={server.user_package_id}
      data-linked={linked || undefined}
      withBorder={linked}
      style={linked ? { borderColor: 'var(--mantine-color-cyan-5)' } : undefined}
    >
      <Stack gap="md">
        <ServerCardHeader server={server} shortId={shortIdOf(server)} state={state} active={active} />
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
        <ServerBilling server={server} active={active} />
        {active && server.grace && <GraceRow server={{ ...server, grace: server.grace }} />}
        {active ? (
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <PowerButtons server={server} state={state} />
            <Group gap="xs" wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconDetails size={16} />}
                component={Link}
                to={dashboardPath('customer_servers', server.user_package_id)}
                data-testid="server-details-button"
                aria-label={t('card.detailsAria', { name: server.name })}
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
          <SuspendedRow server={server} />
        )}
      </Stack>
      {active && (
        <ServerDetails
          opened={detailsOpen}
          server={server}
          state={state}
          onClose={() => navigate(SECTION_PATHS.customer_servers)}
        />
      )}
    </Card>
  );
}
