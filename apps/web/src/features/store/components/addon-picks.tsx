import type { AddonType } from '@falkenhost/contracts/constants';
import type { StoreAddon } from '@falkenhost/contracts/store';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

interface Props {
  /** the package's add-ons by type (addonsByType) */
  groups: { type: AddonType; list: StoreAddon[] }[];
  /** the chosen add-on id per type, as the selects give it */
  chosen: Partial<Record<AddonType, string | null>>;
  /** an add-on of `type` was chosen, or none (null) */
  onChange: (type: AddonType, value: string | null) => void;
}

/**
 * The package overview's add-on picks (product.md "Package overview dialog"): one clearable select per add-on
 * type the package offers, each add-on with its price in euros and credits; at most one per type (product.md
 * "States and transitions").
 */
export function AddonPicks({ groups, chosen, onChange }: Props) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  return (
    <>
      {groups.map(({ type, list }) => (
        <Select
          key={type}
          label={t(`overview.addon.${type}`)}
          placeholder={t('overview.addonNone')}
          clearable
          data={list.map((addon) => ({
            value: String(addon.id),
            label: t('overview.addonOption', {
              name: addon.name,
              eur: format.eur(addon.eur_price),
              ...format.wholeCredits(addon.credits_monthly),
            }),
          }))}
          value={chosen[type] ?? null}
          onChange={(value) => onChange(type, value)}
        />
      ))}
    </>
  );
}
