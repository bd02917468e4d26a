/**
 * Which panel eggs belong to a game (docs/decisions/437-game-eggs.md): a game names no nest of its own, so
 * its eggs are those of the nests (Pelican: egg tags) named as the game, and those its packages already use.
 * Another game's egg goes into a package only when staff say so (`other_eggs`).
 */

import type { NestWithEggs } from '../panel/nests';
import type { AppContext } from '../platform/context';

/** The words of a name, lower case, letters and digits only ("ARK: Survival Evolved" -> ark survival evolved). */
function words(name: string): Set<string> {
  return new Set(
    name
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== ''),
  );
}

/**
 * Whether a nest (or Pelican tag) is the game's: every word of one name is a word of the other, so "ARK
 * Survival" has "ARK: Survival Evolved" and "Minecraft" has "Minecraft", but "Rust" is not "Trust".
 */
export function nestIsGames(nestName: string, gameName: string): boolean {
  const nest = words(nestName);
  const game = words(gameName);
  if (nest.size === 0 || game.size === 0) return false;
  const within = (a: Set<string>, b: Set<string>) => [...a].every((word) => b.has(word));
  return within(nest, game) || within(game, nest);
}

/**
 * The eggs of each game not deleted: those of the nests named as it, and those its live packages use.
 * @param nests the panel's nests with their eggs (nestsWithEggs)
 * @returns game id -> egg ids, ascending
 */
export async function gameEggIds(ctx: AppContext, nests: NestWithEggs[]): Promise<Map<number, number[]>> {
  const [games, used] = await Promise.all([
    ctx.db.selectFrom('games').select(['id', 'name']).where('deleted_at', 'is', null).execute(),
    ctx.db
      .selectFrom('package_eggs as e')
      .innerJoin('packages as p', 'p.id', 'e.package_id')
      .select(['p.game_id', 'e.egg_id'])
      .where('p.deleted_at', 'is', null)
      .execute(),
  ]);
  const out = new Map<number, number[]>();
  for (const game of games) {
    const eggs = new Set<number>();
    for (const nest of nests)
      if (nestIsGames(nest.name, game.name)) for (const egg of nest.eggs) eggs.add(egg.id);
    for (const row of used) if (row.game_id === game.id) eggs.add(row.egg_id);
    out.set(
      game.id,
      [...eggs].sort((a, b) => a - b),
    );
  }
  return out;
}
