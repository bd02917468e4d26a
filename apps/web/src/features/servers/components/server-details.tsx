import { NARROW_SCREEN_PX } from '@falkenhost/contracts/constants';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Badge, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../hooks/use-confirm';
import { isCancelled } from '../utils/server';
import { AddonsPanel } from './addons-panel';
import { EndServerButton } from './end-server-button';
import { GameSettingsPanel } from './game-settings-panel';
import { PackagePanel } from './package-panel';
import { PowerButtons } from './power-buttons';
import { SchedulePanel } from './schedule-panel';
import { useServerPrice } from './server-billing';
import { ServerResources } from './server-resources';

interface Props {
  /** shown; closing through this (not by unmounting) lets the dialog return focus to what opened it */
  opened: boolean;
  server: OwnedServer;
  /** live power state of the card's socket */
  state: string | null;
  onClose: () => void;
}

const NARROW_QUERY = `(max-width: ${NARROW_SCREEN_PX}px)`;

/**
 * The details overlay of an active server (product.md "Customer servers"): resources, power, the game
 * settings the order asked for (issue 28), add-ons and package change (non-custom packages only), the schedule (hourly servers) and cancel or delete.
 * Full screen on phones. Closing returns focus to the button that opened it (Mantine's returnFocus).
 */
export function ServerDetails({ opened, server, state, onClose }: Props) {
  const { t } = useTranslation('servers');
  // Read in an effect (server rendering): the first paint is the wide layout.
  const narrow = useMediaQuery(NARROW_QUERY);
  const { confirm, open: confirming } = useConfirm();
  const changeable = !server.custom_package_used;
  // The price as the card shows it: a monthly server's in euros with the card fee (decision 430).
  const price = useServerPrice(server);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      returnFocus
      size="xl"
      fullScreen={narrow}
      closeOnEscape={!confirming}
      closeButtonProps={{ 'aria-label': t('actions.close', { ns: 'common' }) }}
      title={t('details.title', { name: server.name })}
    >
      <Stack gap="lg" data-testid="server-details" data-server-id={server.user_package_id}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="gray" tt="none">
            {t('details.package', { name: server.package_name })}
          </Badge>
          <Badge variant="light" color={server.billing_type === 'hourly' ? 'cyan' : 'grape'}>
            {t(server.billing_type === 'hourly' ? 'price.hourlyLabel' : 'price.monthlyLabel')}
          </Badge>
          <Text fw={700} size="sm" data-testid="details-price">
            {price}
          </Text>
          {isCancelled(server) && (
            <Badge variant="light" color="red" data-testid="server-cancelled">
              {t('card.cancelled')}
            </Badge>
          )}
        </Group>
        <ServerResources server={server} />
        <Stack gap="xs">
          <Text size="xs" c="dark.0" tt="uppercase" fw={700}>
            {t('power.title')}
          </Text>
          <PowerButtons server={server} state={state} />
        </Stack>
        <GameSettingsPanel server={server} />
        {changeable && (
          <>
            <Divider />
            <AddonsPanel server={server} confirm={confirm} />
            <Divider />
            <PackagePanel server={server} confirm={confirm} />
          </>
        )}
        {server.billing_type === 'hourly' && (
          <>
            <Divider />
            <SchedulePanel server={server} />
          </>
        )}
        <Divider />
        <EndServerButton server={server} confirm={confirm} onDeleted={onClose} />
      </Stack>
    </Modal>
  );
}
