import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddonsTab } from './addons-tab';
import { DiscountsTab } from './discounts-tab';
import { GamesTab } from './games-tab';
import { LocationsTab } from './locations-tab';
import { PackagesTab } from './packages-tab';

const TABS = ['games', 'packages', 'addons', 'discounts', 'locations'] as const;

/**
 * The store administration section (product.md "Staff screens"): four tabs, games first, and the panel
 * locations' names in other languages (docs/decisions/242); each tab loads its lists when opened.
 */
export default function AdminStoreSection() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('store.title')}
        </Title>
        <Text c="dark.0">{t('store.subtitle')}</Text>
      </Stack>
      <Tabs defaultValue="games" keepMounted={false} variant="outline">
        <Tabs.List aria-label={t('store.tabsLabel')}>
          {TABS.map((tab) => (
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
