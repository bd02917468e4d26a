/**
 * The panel's nests and eggs with their variables (product.md "Entities and fields" ("Package extra data")),
 * cached briefly.
 */
import type { EggVariableRule } from '@falkenhost/contracts/egg-variables';
import { MINUTE_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';

export interface NestWithEggs {
  id: number;
  name: string;
  eggs: { id: number; name: string }[];
}

/** An egg variable as the panel defines it (Application API `?include=variables`). */
export interface PanelEggVariable extends EggVariableRule {
  name: string;
  description: string;
  user_viewable: boolean;
}

export interface PanelEgg {
  id: number;
  nestId: number;
  name: string;
  /** the egg's default image and startup command, which a new server is created with */
  docker_image: string;
  startup: string;
  variables: PanelEggVariable[];
}

/**
 * How long a reading of the eggs serves (decision 407: 5 min, was 1 min): eggs change rarely, and a refused
 * create forgets the reading (`forgetPanelEggs`), so an order does not read 1 + nests calls every minute.
 */
export const EGG_READING_FRESH_MS = 5 * MINUTE_MS;

interface Loaded {
  nests: NestWithEggs[];
  eggs: Map<number, PanelEgg>;
}

export type PanelReader = Pick<AppContext, 'panel' | 'now'>;

const cache = new WeakMap<PanelReader['panel'], { at: number; loading: Promise<Loaded> }>();

async function read(ctx: PanelReader): Promise<Loaded> {
  const nests = await ctx.panel.listNestsWithEggs();
  const eggs = new Map<number, PanelEgg>();
  const result = nests.map((nest) => {
    const list = nest.eggs;
    for (const egg of list) {
      eggs.set(egg.id, {
        id: egg.id,
        nestId: nest.id,
        name: egg.name,
        docker_image: egg.docker_image,
        startup: egg.startup,
        variables: (egg.variables ?? []).map((v) => ({
          env_variable: v.env_variable,
          name: v.name,
          description: v.description,
          default_value: v.default_value,
          rules: v.rules,
          user_editable: v.user_editable,
          user_viewable: v.user_viewable,
        })),
      });
    }
    return { id: nest.id, name: nest.name, eggs: list.map((egg) => ({ id: egg.id, name: egg.name })) };
  });
  return { nests: result, eggs };
}

function load(ctx: PanelReader): Promise<Loaded> {
  const t = ctx.now();
  const cached = cache.get(ctx.panel);
  if (cached && t - cached.at < EGG_READING_FRESH_MS && t >= cached.at) return cached.loading;
  const loading = read(ctx);
  cache.set(ctx.panel, { at: t, loading });
  // A failed reading is not kept: the next caller asks the panel again.
  loading.catch(() => {
    if (cache.get(ctx.panel)?.loading === loading) cache.delete(ctx.panel);
  });
  return loading;
}

/** Forgets the eggs read from the panel: the next caller reads them again (after a refused create). */
export function forgetPanelEggs(ctx: PanelReader): void {
  cache.delete(ctx.panel);
}

/** The panel's nests with their eggs' ids and names, from a reading at most EGG_READING_FRESH_MS old. */
export async function nestsWithEggs(ctx: PanelReader): Promise<NestWithEggs[]> {
  return (await load(ctx)).nests;
}

/** One egg with its variables, or null when the panel has no such egg. */
export async function panelEgg(ctx: PanelReader, eggId: number): Promise<PanelEgg | null> {
  return (await load(ctx)).eggs.get(eggId) ?? null;
}
