import type { AdminGame } from '@falkenhost/contracts/admin';
import { Badge, Image, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { openConfirm } from '@/lib/confirm';
import { deleteGame, useAdminGames } from '../api/games';
import { useStoreChange } from '../hooks/use-store-change';
import { deleteErrorKey } from '../utils/errors';
import { filterRows } from '../utils/format';
import { GameDialog } from './game-dialog';
import { ListState } from './list-state';
import { RowActions } from './row-actions';
import { TabToolbar } from './tab-toolbar';

const PLATFORMS = ['desktop', 'console', 'mobile'] as const;

/**
 * The games tab (spec 2 "Games"): search by name, add, and per row edit and delete (asked first; not
 * offered while the game has packages, which the server refuses with 409 owned anyway).
 */
export function GamesTab() {
  const { t } = useTranslation('admin');
  const games = useAdminGames();
  const [search, setSearch] = useState('');
  // undefined: no popup; null: the add popup; a game: its edit popup
  const [editing, setEditing] = useState<AdminGame | null | undefined>(undefined);
  const change = useStoreChange();
  const remove = useThrottledAction(async (game: AdminGame) => {
    await change(deleteGame(game.id), (answer) => deleteErrorKey(answer, 'game'), 'games.toast.deleted');
  });

  const rows = filterRows(games.data ?? [], search, (game) => [game.name]);

  const askDelete = (game: AdminGame) =>
    openConfirm({
      title: t('games.deleteTitle', { name: game.name }),
      children: <Text size="sm">{t('games.deleteText', { name: game.name })}</Text>,
      labels: { confirm: t('actions.delete'), cancel: t('actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove.run(game),
    });

  return (
    <Stack gap="md">
      <TabToolbar
        searchLabel={t('games.search')}
        searchHint={t('games.searchHint')}
        search={search}
        onSearch={setSearch}
        addLabel={t('games.add')}
        onAdd={() => setEditing(null)}
        testId="games"
      />
      <ListState
        queries={[games]}
        count={rows.length}
        loadingLabel={t('games.loading')}
        emptyLabel={t('games.empty')}
        testId="games"
      >
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('games.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('games.columns.thumbnail')}</Table.Th>
                <Table.Th>{t('games.columns.name')}</Table.Th>
                <Table.Th>{t('games.columns.platforms')}</Table.Th>
                <Table.Th ta="right">{t('games.columns.priority')}</Table.Th>
                <Table.Th>{t('games.columns.active')}</Table.Th>
                <Table.Th ta="right">{t('games.columns.packages')}</Table.Th>
                <Table.Th ta="right">{t('columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((game) => (
                <Table.Tr key={game.id} data-testid="game-row">
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
                    <Badge variant="light" color={game.active ? 'teal' : 'gray'} tt="none">
                      {t(game.active ? 'status.active' : 'status.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{game.packages_count}</Table.Td>
                  <Table.Td>
                    <RowActions
                      name={game.name}
                      onEdit={() => setEditing(game)}
                      onDelete={() => askDelete(game)}
                      deleteBlocked={game.packages_count > 0 ? t('errors.gameHasPackages') : undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>
      {editing !== undefined && (
        <GameDialog key={editing?.id ?? 'new'} game={editing} onClose={() => setEditing(undefined)} />
      )}
    </Stack>
  );
}
