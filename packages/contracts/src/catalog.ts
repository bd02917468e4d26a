/**
 * Public store contracts: GET /api/public/store/games and /games/packages (product.md "Public pages",
 * "Entities and fields", "API calls"). Credit amounts are numbers of credits (exact to 4 decimals), euro
 * amounts numbers of euro; the server computes them in money.ts from integers.
 */
import { z } from 'zod';
import { id } from './fields';

export const publicGame = z.object({
  id: z.number().int(),
  name: z.string(),
  desktop: z.boolean(),
  console: z.boolean(),
  mobile: z.boolean(),
  priority: z.number().int(),
  image_url: z.string(),
  thumbnail_url: z.string(),
  /** lowest credits_monthly of the game's active packages, null when it has none */
  minPrice: z.number().nullable(),
});
export type PublicGame = z.infer<typeof publicGame>;

/**
 * Resources of a package; 0 for vcpu, ram_size, storage_size or slots means unlimited (product.md
 * "Screens and routes").
 */
export const packageResources = z.object({
  vcpu: z.number().int(),
  ram_size: z.number().int(),
  storage_size: z.number().int(),
  slots: z.number().int(),
  swap: z.number().int(),
  io: z.number().int(),
  databases: z.number().int(),
  backups: z.number().int(),
  ports: z.number().int(),
});

export const publicPackage = packageResources.extend({
  id: z.number().int(),
  name: z.string(),
  game_id: z.number().int(),
  game_name: z.string(),
  thumbnail_url: z.string(),
  credits_monthly: z.number(),
  eur_price: z.number(),
  monthly_eur_price: z.number(),
  /** egg ids offered with this package */
  eggs: z.array(z.number().int()),
});
export type PublicPackage = z.infer<typeof publicPackage>;

export const gamePackagesQuery = z.object({ id });

export const gamePackagesAnswer = z.object({
  game: publicGame,
  packages: z.array(publicPackage),
});
export type GamePackagesAnswer = z.infer<typeof gamePackagesAnswer>;
