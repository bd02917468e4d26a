import type { StorePackage } from '@falkenhost/contracts/store';
import { Card, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEggNames, useStoreGames, useStorePackages } from '../api/store';
import { PackageRow } from './package-row';

interface Props {
  /** the game the address names (/dashboard/shop/<gameId>, decision 431); null: the first game */
  gameId: number | null;
  /** a game was chosen in the select (the store opens its address) */
  onGame: (gameId: number) => void;
  onOpen: (pkg: StorePackage) => void;
  /** the loaded packages, so the store can open a pending package */
  onPackagesLoaded?: (packages: StorePackage[]) => void;
}

/** Left column of the store: game select, egg filter, package rows (product.md "Customer store"). */
export function PackageList({ gameId: addressed, onGame, onOpen, onPackagesLoaded }: Props) {
  const { t } = useTranslation('store');
  const games = useStoreGames();
  // The first game is shown once the list loads, at /dashboard/shop itself.
  const first = games.data?.[0]?.id;
  const gameId = addressed ? String(addressed) : first ? String(first) : null;
  // The egg filter belongs to the game it was chosen for: another game (Back, a link) starts unfiltered.
  const [eggPick, setEggPick] = useState<{ gameId: string | null; egg: string | null }>({
    gameId: null,
    egg: null,
  });
  const egg = eggPick.gameId === gameId ? eggPick.egg : null;
  const setEgg = (value: string | null) => setEggPick({ gameId, egg: value });
  const packages = useStorePackages(gameId ? Number(gameId) : null);
  const eggNames = useEggNames();

  useEffect(() => {
    if (packages.data) onPackagesLoaded?.(packages.data);
  }, [packages.data, onPackagesLoaded]);

  // Only eggs of the loaded packages are offered.
  const eggOptions = useMemo(() => {
    const ids = [...new Set((packages.data ?? []).flatMap((pkg) => pkg.eggs))];
    return ids
      .map((id) => ({ value: String(id), label: eggNames.data?.get(id) ?? t('overview.egg', { id }) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [packages.data, eggNames.data, t]);

  const visible = (packages.data ?? []).filter((pkg) => !egg || pkg.eggs.includes(Number(egg)));

  let body: React.ReactNode;
  if (!gameId) body = <Text c="dark.0">{games.isPending ? t('list.loading') : t('list.selectGame')}</Text>;
  else if (packages.isPending)
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={t('list.loading')}>
        <Text c="dark.0" size="sm">
          {t('list.loading')}
        </Text>
        <Skeleton h={88} radius="lg" />
        <Skeleton h={88} radius="lg" />
      </Stack>
    );
  else if (visible.length === 0) body = <Text c="dark.0">{t('list.noPackages')}</Text>;
  else
    body = (
      <Stack gap="sm">
        {visible.map((pkg) => (
          <PackageRow key={pkg.id} pkg={pkg} onOpen={onOpen} />
        ))}
      </Stack>
    );

  return (
    <Card padding="lg" bg="dark.7">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('list.title')}
        </Title>
        <Stack gap="sm" style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
          <Select
            label={t('list.game')}
            placeholder={t('list.selectGame')}
            data={(games.data ?? []).map((game) => ({ value: String(game.id), label: game.name }))}
            value={gameId}
            onChange={(value) => {
              if (value) onGame(Number(value));
            }}
            allowDeselect={false}
            style={{ flex: '1 1 200px' }}
          />
          <Select
            label={t('list.egg')}
            placeholder={t('list.allEggs')}
            data={eggOptions}
            value={egg}
            onChange={setEgg}
            clearable
            disabled={eggOptions.length === 0}
            style={{ flex: '1 1 200px' }}
          />
        </Stack>
        {body}
      </Stack>
    </Card>
  );
}
