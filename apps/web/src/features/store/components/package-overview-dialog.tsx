import type { StorePackage } from '@falkenhost/contracts/store';
import { Alert, Modal, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePackageOverview } from '../hooks/use-package-overview';
import { OverviewChoices } from './overview-choices';
import { OverviewActions, OverviewTotals } from './overview-purchase';
import { PackageSummary } from './package-summary';

// The order-package dialog loads when Buy monthly is first pressed.
const OrderPackageDialog = lazy(() => import('./order-package-dialog'));

interface Props {
  pkg: StorePackage;
  onClose: () => void;
}

/** The package overview dialog (product.md "Package overview dialog"). */
export default function PackageOverviewDialog({ pkg, onClose }: Props) {
  const { t } = useTranslation('store');
  const overview = usePackageOverview(pkg, onClose);
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
          <PackageSummary pkg={pkg} />
          <OverviewChoices overview={overview} />
          <OverviewTotals pkg={pkg} prices={overview.prices} />
          {error && (
            <Alert color="red" role="alert" title={t('errors.title')}>
              {error.raw ?? t(error.key, error.values)}
            </Alert>
          )}
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
