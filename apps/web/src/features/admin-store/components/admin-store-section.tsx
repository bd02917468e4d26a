import { dashboardPath, STAFF_STORE_TABS } from '@falkenhost/contracts/dashboard-addresses';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSectionSub } from '@/lib/dashboard-address';
import { AddonsTab } from './addons-tab';
import { DiscountsTab } from './discounts-tab';
import { GamesTab } from './games-tab';
import { LocationsTab } from './locations-tab';
import { PackagesTab } from './packages-tab';

/**
 * The store administration section (product.md "Staff screens"): four tabs, games first, and the panel
 * locations' names in other languages (docs/decisions/242); each tab loads its lists when opened. Each tab
 * has its address, /dashboard/staff/store/<tab> (decision 431).
 */
export default function AdminStoreSection() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const tab = useSectionSub('admin_store') ?? STAFF_STORE_TABS[0];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('store.title')}
        </Title>
        <Text c="dark.0">{t('store.subtitle')}</Text>
      </Stack>
      <Tabs
        value={tab}
        onChange={(next) => next && navigate(dashboardPath('admin_store', next))}
        keepMounted={false}
        variant="outline"
      >
        <Tabs.List aria-label={t('store.tabsLabel')}>
          {STAFF_STORE_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`store-tab-${tab}`}>
              {t(`store.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="games" pt="lg">
          <GamesTab />
        </Tabs.Panel>
        <Tabs.Panel value="packages" pt="lg">
          <PackagesTab />
        </Tabs.Panel>
        <Tabs.Panel value="addons" pt="lg">
          <AddonsTab />
        </Tabs.Panel>
        <Tabs.Panel value="discounts" pt="lg">
          <DiscountsTab />
        </Tabs.Panel>
        <Tabs.Panel value="locations" pt="lg">
          <LocationsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
