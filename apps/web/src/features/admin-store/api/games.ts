/** Games administration calls (product.md "Staff calls": games, multipart with image and thumbnail). */
import type { AdminGame } from '@falkenhost/contracts/admin';
import type {
  GameSlotVariable,
  StaffGameVariable,
  VariableTexts,
  VariableTextsBody,
} from '@falkenhost/contracts/egg-variables';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { type GameDraft, gameFormData } from '../utils/form-data';
import { adminGamesKey, gameSlotsKey, gameVariablesKey } from './keys';

const PATH = '/api/private/store/games';

/** GET games: every game with its packages count, as the staff list shows it. */
export function useAdminGames() {
  return useQuery({
    queryKey: adminGamesKey,
    queryFn: async () => unwrap(await api.get<AdminGame[]>(PATH)),
  });
}

/**
 * GET game-variables?id=: the egg variables of the game's packages that need a value or have staff's,
 * each with its value, who gives it (issue 28: `game`, `customer`, `missing`, `default`) and staff's texts
 * for customers by language (docs/decisions/438).
 */
export function useGameVariables(gameId: number | null) {
  return useQuery({
    queryKey: gameVariablesKey(gameId ?? 0),
    enabled: gameId !== null,
    queryFn: async () =>
      unwrap(await api.get<StaffGameVariable[]>(`/api/private/store/game-variables?id=${gameId}`)),
  });
}

/**
 * GET game-slots?id=: per egg of the game's packages, the variable holding a server's player count (issue
 * 42): staff's choice, the one found by name, and the egg's variables.
 */
export function useGameSlots(gameId: number | null) {
  return useQuery({
    queryKey: gameSlotsKey(gameId ?? 0),
    enabled: gameId !== null,
    queryFn: async () =>
      unwrap(await api.get<GameSlotVariable[]>(`/api/private/store/game-slots?id=${gameId}`)),
  });
}

/**
 * POST (no `id`: add, 201) or PUT (with `id`: edit, 200) a game as a multipart form; the answer is the
 * saved game, or 400 validation / file-type / variable, 409 exists, 413 file-too-large.
 */
export const saveGame = (draft: GameDraft, id?: number) =>
  id === undefined
    ? api.post<AdminGame>(PATH, gameFormData(draft))
    : api.put<AdminGame>(PATH, gameFormData(draft, id));

/** DELETE a game: 200, or 409 owned while it has packages. */
export const deleteGame = (id: number) => api.delete<{ id: number }>(PATH, { id });

/** PUT variable-texts: one egg variable's label and help per language for a game (docs/decisions/438). */
export const saveVariableTexts = (body: VariableTextsBody) =>
  api.put<VariableTexts>('/api/private/store/variable-texts', body);
