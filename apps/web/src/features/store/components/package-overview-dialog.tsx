import type { StorePackage } from '@falkenhost/contracts/store';
import { Modal, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePackageOverview } from '../hooks/use-package-overview';
import type { OrderDraft } from '../utils/order-draft';
import { OverviewChoices } from './overview-choices';
import { OverviewError } from './overview-error';
import { OverviewActions, OverviewTotals } from './overview-purchase';
import { PackageSummary } from './package-summary';

// The order-package dialog loads when Buy monthly is first pressed.
const OrderPackageDialog = lazy(() => import('./order-package-dialog'));

interface Props {
  pkg: StorePackage;
  onClose: () => void;
  /** the choices to start with: an order refused for credits, restored after buying them (decision 430) */
  draft?: OrderDraft | null;
  /** buys `amount` missing credits for the refused order kept as `draft`; without it no button is offered */
  onBuyMissingCredits?: (amount: number, draft: OrderDraft) => void;
}

/**
 * The package overview dialog (product.md "Package overview dialog"). Its error line stands at the top,
 * where the customer looks after pressing a button; a purchase refused for too few credits offers to buy
 * the missing ones (decision 430).
 */
export default function PackageOverviewDialog({ pkg, onClose, draft, onBuyMissingCredits }: Props) {
  const { t } = useTranslation('store');
  const overview = usePackageOverview(pkg, onClose, draft);
  const { form, variables, error, ordering } = overview;
  const { eggId, locationId, serverName } = form.values;

  return (
    <>
      <Modal
        opened={!ordering}
        onClose={onClose}
        closeButtonProps={{ 'aria-label': t('actions.close', { ns: 'common' }) }}
        size="xl"
        title={t('overview.title')}
      >
        <Stack gap="lg" data-testid="package-overview">
          {error && (
            <OverviewError
              error={error}
              missingCredits={onBuyMissingCredits ? overview.missingCredits : null}
              onBuyMissing={(amount) => onBuyMissingCredits?.(amount, overview.draftOf())}
            />
          )}
          <PackageSummary pkg={pkg} />
          <OverviewChoices overview={overview} />
          <OverviewTotals pkg={pkg} prices={overview.prices} />
          <OverviewActions
            prices={overview.prices}
            canOrder={overview.ready && variables.ready}
            listsPending={overview.addons.isPending || overview.locations.isPending}
            buying={overview.buy.busy}
            onCancel={onClose}
            onBuyMonthly={() => {
              overview.setError(null);
              overview.setOrdering(true);
            }}
            onBuyCredits={() => void overview.buy.run()}
          />
        </Stack>
      </Modal>
      <Suspense fallback={null}>
        {ordering && eggId && locationId && (
          <OrderPackageDialog
            selection={{
              pkg,
              eggId: Number(eggId),
              locationId: Number(locationId),
              addons: overview.chosenAddons,
              serverName,
              variables: variables.variables,
              variableFields: variables.fields,
            }}
            onCancel={() => overview.setOrdering(false)}
            onOrdered={onClose}
          />
        )}
      </Suspense>
    </>
  );
}
