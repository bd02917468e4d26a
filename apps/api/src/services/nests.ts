/**
 * Nests and their eggs as the panel has them (spec 3 "Package extra data"), kept for a minute: the store
 * asks on every open, the panel changes rarely, and a stale minute harms nobody.
 */
import type { AppContext } from '../context';

export interface NestWithEggs {
  id: number;
  name: string;
  eggs: { id: number; name: string }[];
}

const TTL_MS = 60_000;
let cached: { at: number; url: string; nests: NestWithEggs[] } | null = null;

export async function nestsWithEggs(ctx: AppContext): Promise<NestWithEggs[]> {
  const t = ctx.now();
  if (cached && cached.url === ctx.config.pterodactyl.url && t - cached.at < TTL_MS) return cached.nests;
  const nests = await ctx.pterodactyl.listNests();
  const result = await Promise.all(
    nests.map(async (nest) => ({
      id: nest.id,
      name: nest.name,
      eggs: (await ctx.pterodactyl.listEggs(nest.id)).map((egg) => ({ id: egg.id, name: egg.name })),
    })),
  );
  cached = { at: t, url: ctx.config.pterodactyl.url, nests: result };
  return result;
}
