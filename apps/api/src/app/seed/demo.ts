/** Seeds the demo catalogue once from the panel's real nodes and eggs (docs/decisions/098-demo-start.md). */
import { creditsToUnits } from '@falkenhost/contracts/money';
import { type CatalogueRows, insertCatalogue } from '../../catalog/seed-catalogue';
import { DAY_MS } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { SEED_ADDONS, SEED_DISCOUNT, SEED_GAMES, SEED_LOCATION_NAMES } from './catalogue';

/**
 * The seed's location names; the English one only where the panel gives the location no name but its code
 * (a Pelican tag), so a Pterodactyl panel's own long name stays the one staff edit.
 */
function locationNames(
  locations: Array<{ short: string; long?: string | null }>,
): CatalogueRows['locationNames'] {
  return Object.fromEntries(
    Object.entries(SEED_LOCATION_NAMES).map(([code, { en, ...others }]) => {
      const panelName = locations.find((l) => l.short === code)?.long;
      return [code, panelName && panelName !== code ? others : { en, ...others }];
    }),
  );
}

/** @returns false when games already exist. @throws Error when the panel lacks a needed nest */
export async function seedDemoCatalogue(ctx: AppContext): Promise<boolean> {
  const { db, now, panel } = ctx;
  const existing = await db.selectFrom('games').select('id').limit(1).executeTakeFirst();
  if (existing) return false;

  const [nodes, nests] = await Promise.all([panel.listNodes(), panel.listNestsWithEggs()]);
  const nodeIds = nodes.map((n) => n.id);
  const eggsByNest = new Map<string, { nestId: number; eggIds: number[] }>();
  for (const nest of nests)
    eggsByNest.set(nest.name, { nestId: nest.id, eggIds: nest.eggs.map((e) => e.id) });

  const t = now();
  const rows: CatalogueRows = {
    games: SEED_GAMES.map((game) => {
      const nest = eggsByNest.get(game.nest);
      if (!nest) throw new Error(`the panel has no nest named ${game.nest}`);
      return {
        row: {
          name: game.name,
          desktop: game.desktop ? 1 : 0,
          console: game.console ? 1 : 0,
          mobile: game.mobile ? 1 : 0,
          priority: game.priority,
          active: 1,
          image_url: `/images/games/${game.slug}.svg`,
          thumbnail_url: `/images/games/${game.slug}-thumb.svg`,
          created_at: t,
        },
        variableTexts: game.variableTexts,
        packages: game.packages.map((pkg) => ({
          row: {
            name: pkg.name,
            credits_monthly: creditsToUnits(pkg.credits),
            thumbnail_url: `/images/packages/${pkg.tier}.svg`,
            vcpu: pkg.vcpu,
            io: 500,
            slots: pkg.slots,
            storage_size: pkg.storageGb,
            ram_size: pkg.ramMb,
            swap: 0,
            databases: pkg.databases,
            backups: pkg.backups,
            ports: pkg.ports,
            active: 1,
            target_user_id: null,
            created_at: t,
          },
          nodeIds,
          nestId: nest.nestId,
          eggIds: nest.eggIds,
        })),
      };
    }),
    addons: SEED_ADDONS.map((addon) => ({
      row: {
        name: addon.name,
        credits_monthly: creditsToUnits(addon.credits),
        type: addon.type,
        quantity: addon.quantity,
        active: 1,
        created_at: t,
      },
      names: addon.names,
    })),
    locationNames: locationNames(await panel.listLocations()),
    discounts: [
      {
        name: SEED_DISCOUNT.name,
        code: SEED_DISCOUNT.code,
        percentage_bp: SEED_DISCOUNT.percentageBp,
        valid_until: t + SEED_DISCOUNT.validDays * DAY_MS,
        created_at: t,
      },
    ],
  };
  await db.transaction().execute((trx) => insertCatalogue(trx, rows));
  // The seed needs the panel emulator, which answers only once the server listens: a game list asked for
  // meanwhile must not stay cached empty.
  ctx.publicCache.clear();
  return true;
}
