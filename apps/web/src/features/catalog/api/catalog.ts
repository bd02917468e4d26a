/** Public catalogue calls (product.md "Public and store calls"). */
import type { GamePackagesAnswer, PublicGame } from '@falkenhost/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

/** GET /api/public/store/games: active games sorted by priority. */
export function useGames() {
  return useQuery({
    queryKey: ['public', 'games'],
    queryFn: async () => unwrap(await api.get<PublicGame[]>('/api/public/store/games')),
  });
}

/** GET /api/public/store/games/packages?id=; null when the game does not exist or is inactive (404). */
export function useGamePackages(gameId: number) {
  return useQuery({
    queryKey: ['public', 'game-packages', gameId],
    enabled: Number.isInteger(gameId) && gameId > 0,
    queryFn: async () => {
      const result = await api.get<GamePackagesAnswer>(`/api/public/store/games/packages?id=${gameId}`);
      if (result.status === 404) return null;
      return unwrap(result);
    },
  });
}
