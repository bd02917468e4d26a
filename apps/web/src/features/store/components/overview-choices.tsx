import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EggVariableInputs } from '@/components/egg-variable-inputs';
import type { usePackageOverview } from '../hooks/use-package-overview';
import { AddonPicks } from './addon-picks';

/**
 * The package overview's choices (product.md "Package overview dialog"): the egg, the location (while the
 * locations load, a disabled select saying so), the server name, the egg's variables and the add-ons.
 * @param overview the overview's form and lists (usePackageOverview)
 */
export function OverviewChoices({ overview }: { overview: ReturnType<typeof usePackageOverview> }) {
  const { t } = useTranslation('store');
  const { form, locations, variables } = overview;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Select
        label={t('overview.eggLabel')}
        placeholder={t('overview.eggPlaceholder')}
        data={overview.eggOptions}
        {...form.getInputProps('eggId')}
        required
        allowDeselect={false}
      />
      <Select
        label={t('overview.locationLabel')}
        placeholder={locations.isPending ? t('overview.loading') : t('overview.locationPlaceholder')}
        data={overview.locationOptions}
        {...form.getInputProps('locationId')}
        required
        allowDeselect={false}
        disabled={locations.isPending}
      />
      <TextInput
        label={t('overview.serverName')}
        placeholder={t('overview.serverNamePlaceholder')}
        {...form.getInputProps('serverName')}
        error={!!form.errors.serverName}
        maxLength={50}
        required
      />
      <EggVariableInputs
        fields={variables.fields}
        values={variables.values}
        onChange={variables.change}
        serverErrors={variables.serverErrors}
        testId="order-variable"
      />
      <AddonPicks
        groups={overview.addonGroups}
        chosen={form.values.addons}
        onChange={(type, value) => form.setFieldValue(`addons.${type}`, value)}
      />
    </SimpleGrid>
  );
}
