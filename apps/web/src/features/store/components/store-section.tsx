import { dashboardPath } from '@falkenhost/contracts/dashboard-addresses';
import type { StorePackage } from '@falkenhost/contracts/store';
import { Alert, Grid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSectionSub } from '@/lib/dashboard-address';
import { clearPendingPackage, type PendingPackage, readPendingPackage } from '@/lib/pending-package';
import { type ResumedOrder, useOrderResume } from '../hooks/use-order-resume';
import type { OrderDraft } from '../utils/order-draft';
import { CreditPurchase } from './credit-purchase';
import { PackageList } from './package-list';

// The dialogs load when first opened.
const PackageOverviewDialog = lazy(() => import('./package-overview-dialog'));
const OrderCreditsDialog = lazy(() => import('./order-credits-dialog'));

/**
 * The button that opened a dialog gets the focus back when it closes (the dialogs unmount on close, so
 * Mantine's own focus return has nothing to return from).
 * @param dialogOpen whether one of the store's dialogs is open
 * @returns `rememberOpener()`, to call as a dialog opens
 */
function useFocusReturn(dialogOpen: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (dialogOpen || !opener.current) return;
    const button = opener.current;
    opener.current = null;
    if (button.isConnected) button.focus();
  }, [dialogOpen]);
  return () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
}

/**
 * The store's game, named by its address (/dashboard/shop/<gameId>, decision 431). The game the store should
 * show that the address does not name yet, a package chosen on /game/{gameId} (read after the first render:
 * the server has no localStorage) or the refused order being resumed, becomes the address (replaced: the
 * visit is the same).
 * @returns `sub` (the address's game id, if any), the `pending` package once read, and `openGame(id)`
 */
function useShopGame(draftGameId: number | undefined) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const sub = useSectionSub('customer_store');
  const [pending, setPending] = useState<PendingPackage | null>(null);
  useEffect(() => setPending(readPendingPackage()), []);
  const wanted = draftGameId ?? pending?.gameId;
  // Once only: the customer may then choose another game.
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !wanted) return;
    done.current = true;
    if (sub !== String(wanted)) {
      navigate({ pathname: dashboardPath('customer_store', wanted), search }, { replace: true });
    }
  }, [wanted, sub, search, navigate]);
  const openGame = (gameId: number) => navigate(dashboardPath('customer_store', gameId));
  return { sub, pending, openGame };
}

/**
 * The customer store section (product.md "Customer store"): the game its address names (useShopGame). An
 * order refused for too few credits can buy them and comes back filled in (decision 430, useOrderResume).
 */
export default function StoreSection() {
  const { t } = useTranslation('store');
  const [openPackage, setOpenPackage] = useState<StorePackage | null>(null);
  const [creditsAmount, setCreditsAmount] = useState<number | null>(null);
  // The refused order the credit dialog buys for, reopened when it is cancelled.
  const [buyingFor, setBuyingFor] = useState<ResumedOrder | null>(null);
  const resume = useOrderResume();
  const { sub, pending, openGame } = useShopGame(resume.draft?.gameId);
  const rememberOpener = useFocusReturn(
    openPackage !== null || creditsAmount !== null || resume.resumed !== null,
  );

  // A package chosen on /game/{gameId} opens its overview once the game's packages are loaded.
  // A refused order comes back from its credit purchase filled in.
  const { resumeWith } = resume;
  const onPackagesLoaded = useCallback(
    (packages: StorePackage[]) => {
      resumeWith(packages);
      // Only the pending package's own game can open it (the address may still name another one).
      if (!pending || !readPendingPackage() || packages[0]?.game_id !== pending.gameId) return;
      const pkg = packages.find((candidate) => candidate.id === pending.packageId);
      clearPendingPackage();
      if (pkg) setOpenPackage(pkg);
    },
    [pending, resumeWith],
  );
  const buyMissing = (pkg: StorePackage) => (amount: number, draft: OrderDraft) => {
    resume.keep(draft);
    setOpenPackage(null);
    resume.setResumed(null);
    setBuyingFor({ pkg, draft });
    setCreditsAmount(amount);
  };

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
            gameId={sub ? Number(sub) : null}
            onGame={openGame}
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
            onBuyMissingCredits={buyMissing(openPackage)}
          />
        )}
        {resume.resumed && (
          <PackageOverviewDialog
            key={`resumed-${resume.resumed.pkg.id}`}
            pkg={resume.resumed.pkg}
            draft={resume.resumed.draft}
            onClose={() => resume.setResumed(null)}
            onBuyMissingCredits={buyMissing(resume.resumed.pkg)}
          />
        )}
        {creditsAmount !== null && (
          <OrderCreditsDialog
            initialAmount={creditsAmount}
            resume={buyingFor !== null}
            onClose={(ordered) => {
              setCreditsAmount(null);
              setBuyingFor(null);
              if (!ordered && buyingFor) resume.cancelled(buyingFor);
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
