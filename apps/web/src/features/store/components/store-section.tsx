import type { StorePackage } from '@falkenhost/contracts/store';
import { Alert, Grid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearPendingPackage, readPendingPackage } from '@/lib/pending-package';
import { CreditPurchase } from './credit-purchase';
import { PackageList } from './package-list';

// The dialogs load when first opened.
const PackageOverviewDialog = lazy(() => import('./package-overview-dialog'));
const OrderCreditsDialog = lazy(() => import('./order-credits-dialog'));

/** The customer store section (product.md "Customer store"). */
export default function StoreSection() {
  const { t } = useTranslation('store');
  const [pending] = useState(readPendingPackage);
  const [openPackage, setOpenPackage] = useState<StorePackage | null>(null);
  const [creditsAmount, setCreditsAmount] = useState<number | null>(null);
  // The button that opened a dialog gets the focus back when it closes (the dialogs unmount on close,
  // so Mantine's own focus return has nothing to return from).
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const dialogOpen = openPackage !== null || creditsAmount !== null;
  useEffect(() => {
    if (dialogOpen || !opener.current) return;
    const button = opener.current;
    opener.current = null;
    if (button.isConnected) button.focus();
  }, [dialogOpen]);

  // A package chosen on /game/{gameId} opens its overview once the game's packages are loaded.
  const onPackagesLoaded = useCallback(
    (packages: StorePackage[]) => {
      if (!pending || !readPendingPackage()) return;
      const pkg = packages.find((candidate) => candidate.id === pending.packageId);
      clearPendingPackage();
      if (pkg) setOpenPackage(pkg);
    },
    [pending],
  );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('header.title')}
        </Title>
        <Text c="dark.0">{t('header.text')}</Text>
      </Stack>
      <Alert variant="light" color="cyan" title={t('header.howTitle')}>
        {t('header.how')}
      </Alert>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <PackageList
            initialGameId={pending?.gameId ?? null}
            onOpen={(pkg) => {
              rememberOpener();
              setOpenPackage(pkg);
            }}
            onPackagesLoaded={onPackagesLoaded}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <CreditPurchase
            onBuy={(amount) => {
              rememberOpener();
              setCreditsAmount(amount);
            }}
          />
        </Grid.Col>
      </Grid>
      <Suspense fallback={null}>
        {openPackage && (
          <PackageOverviewDialog
            key={openPackage.id}
            pkg={openPackage}
            onClose={() => setOpenPackage(null)}
          />
        )}
        {creditsAmount !== null && (
          <OrderCreditsDialog initialAmount={creditsAmount} onClose={() => setCreditsAmount(null)} />
        )}
      </Suspense>
    </Stack>
  );
}
