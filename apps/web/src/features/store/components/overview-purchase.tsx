import type { StorePackage } from '@falkenhost/contracts/store';
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

/** The package overview's totals (overviewPrices): a month in euros, by subscription, and in credits. */
interface Totals {
  totalEur: number;
  monthlyEur: number;
  totalCredits: number;
}

/**
 * The package overview's price lines, below a divider: the package's own price, then the total with the
 * chosen add-ons in euros and credits.
 */
export function OverviewTotals({ pkg, prices }: { pkg: StorePackage; prices: Totals }) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  return (
    <>
      <Divider />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" c="dark.0">
            {t('overview.packagePrice', {
              eur: format.eur(pkg.eur_price),
              ...format.wholeCredits(pkg.credits_monthly),
            })}
          </Text>
          <Text fw={800} fz="lg" data-testid="overview-total">
            {t('overview.total', {
              eur: format.eur(prices.totalEur),
              ...format.wholeCredits(prices.totalCredits),
            })}
          </Text>
        </Stack>
      </Group>
    </>
  );
}

interface ActionsProps {
  prices: Totals;
  /** an egg and a location are chosen and the egg's variables pass its rules */
  canOrder: boolean;
  /** the add-ons or locations are still loading (the purchase by credits waits for them) */
  listsPending: boolean;
  /** the purchase by credits runs */
  buying: boolean;
  onCancel: () => void;
  /** opens the order-package dialog (monthly by card) */
  onBuyMonthly: () => void;
  onBuyCredits: () => void;
}

/**
 * The package overview's buttons: Cancel, Buy monthly (its price, the full total struck beside it) and
 * Buy with credits (the total in credits).
 */
export function OverviewActions({
  prices,
  canOrder,
  listsPending,
  buying,
  onCancel,
  onBuyMonthly,
  onBuyCredits,
}: ActionsProps) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      <Button variant="default" onClick={onCancel}>
        {t('overview.cancel')}
      </Button>
      <Button
        variant="light"
        disabled={!canOrder}
        onClick={onBuyMonthly}
        aria-label={t('overview.buyMonthlyAria', {
          price: format.eur(prices.monthlyEur),
          total: format.eur(prices.totalEur),
        })}
        // The label and the struck total wrap inside the button at 360 px instead of being cut.
        h="auto"
        mih={36}
        py={6}
        maw="100%"
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
      >
        <Group gap={6} component="span" wrap="wrap" justify="center">
          <span>{t('overview.buyMonthly', { price: format.eur(prices.monthlyEur) })}</span>
          {/* Mantine's Text resets text-decoration, so the strike is set again (product.md "Screens and routes"). */}
          <Text component="s" size="sm" c="dark.0" td="line-through" data-testid="overview-full-price">
            {format.eur(prices.totalEur)}
          </Text>
        </Group>
      </Button>
      <Button disabled={!canOrder || listsPending} loading={buying} onClick={onBuyCredits}>
        {t('overview.buyCredits', format.wholeCredits(prices.totalCredits))}
      </Button>
    </Group>
  );
}
