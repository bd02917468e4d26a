import type { AdminGame } from '@falkenhost/contracts/admin';
import { Image, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/admin/status-badge';
import { deleteGame, useAdminGames } from '../api/games';
import { GameDialog } from './game-dialog';
import { StoreListTab } from './store-list-tab';

const PLATFORMS = ['desktop', 'console', 'mobile'] as const;

/**
 * The games tab (product.md "Staff screens"): search by name, add, and per row edit and delete (asked first;
 * not offered while the game has packages, which the server refuses with 409 owned anyway).
 */
export function GamesTab() {
  const { t } = useTranslation('admin');
  const games = useAdminGames();
  // undefined: no popup; null: the add popup; a game: its edit popup
  const [editing, setEditing] = useState<AdminGame | null | undefined>(undefined);

  return (
    <StoreListTab
      section="games"
      queries={[games]}
      data={games.data}
      searchFields={(game) => [game.name]}
      onAdd={() => setEditing(null)}
      minWidth={760}
      columns={[
        { label: t('games.columns.thumbnail') },
        { label: t('games.columns.name') },
        { label: t('games.columns.platforms') },
        { label: t('games.columns.priority'), align: 'right' },
        { label: t('games.columns.active') },
        { label: t('games.columns.packages'), align: 'right' },
      ]}
      rowTestId="game-row"
      cells={(game) => (
        <>
          <Table.Td>
            {game.thumbnail_url && (
              <Image
                src={game.thumbnail_url}
                alt={t('form.preview', { name: game.name })}
                h={36}
                w={36}
                fit="cover"
                radius="sm"
              />
            )}
          </Table.Td>
          <Table.Td fw={600}>{game.name}</Table.Td>
          <Table.Td>
            {PLATFORMS.filter((platform) => game[platform])
              .map((platform) => t(`games.platforms.${platform}`))
              .join(', ') || '—'}
          </Table.Td>
          <Table.Td ta="right">{game.priority}</Table.Td>
          <Table.Td>
            <StatusBadge color={game.active ? 'teal' : 'gray'}>
              {t(game.active ? 'status.active' : 'status.inactive')}
            </StatusBadge>
          </Table.Td>
          <Table.Td ta="right">{game.packages_count}</Table.Td>
        </>
      )}
      rowActions={(game) => ({
        name: game.name,
        onEdit: () => setEditing(game),
        deleteBlocked: game.packages_count > 0 ? t('errors.gameHasPackages') : undefined,
      })}
      deleteRow={{
        request: (game) => deleteGame(game.id),
        entity: 'game',
        values: (game) => ({ name: game.name }),
      }}
    >
      {editing !== undefined && (
        <GameDialog key={editing?.id ?? 'new'} game={editing} onClose={() => setEditing(undefined)} />
      )}
    </StoreListTab>
  );
}
