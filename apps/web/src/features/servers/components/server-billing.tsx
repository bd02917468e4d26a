import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { isCancelled } from '../utils/server';

/**
 * A server's price as its card and its details show it (decision 430): hourly in credits an hour and a
 * month (on a schedule, the month of its scheduled hours: decision 445), monthly in euros with the card fee (the API's `eurPriceWithCreditCardFee`, contracts
 * serverMonthPrice).
 */
export function useServerPrice(server: OwnedServer): string {
  const { t } = useTranslation('servers');
  const format = useFormatters();
  // A scheduled server's month counts only its scheduled hours (decision 445).
  return server.billing_type === 'hourly'
    ? t(server.scheduled_credits_monthly === null ? 'price.hourly' : 'price.hourlyScheduled', {
        perHour: format.number(server.totalCreditsPerHour),
        perMonth: format.decimal2(server.scheduled_credits_monthly ?? server.totalCreditsPrice),
      })
    : // the card fee's fixed part is not shown for a server that costs nothing (product.md "Screens and routes")
      t('price.monthly', {
        price: format.eur(server.totalCreditsPrice > 0 ? server.eurPriceWithCreditCardFee : 0),
      });
}

/**
 * A server card's billing (product.md "Customer servers"): hourly (credits an hour and a month) or monthly
 * (euros with the card fee); for an active monthly server the end of its paid period, when it renews or,
 * cancelled, stops; a cancelled badge.
 */
export function ServerBilling({ server, active }: { server: OwnedServer; active: boolean }) {
  const { t } = useTranslation('servers');
  const format = useFormatters();
  const cancelled = isCancelled(server);
  // Monthly servers: the end of the paid period, when the subscription renews or (cancelled) it stops.
  const paidUntil =
    active && server.billing_type === 'monthly' && server.paid_until ? format.date(server.paid_until) : null;

  const price = useServerPrice(server);

  return (
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
  );
}
