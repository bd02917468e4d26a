/**
 * A package's player slots on the panel: the egg variable that holds a server's player count, found among
 * the egg's own variables or named by staff per egg in the game's form (product.md "Entities and fields":
 * slots; docs/decisions/408-slots-on-the-panel.md).
 */
import type { AdminPackagesAdditionalData } from '@falkenhost/contracts/admin';
import { checkEggVariable, type GameSlotVariable } from '@falkenhost/contracts/egg-variables';
import { REASONS } from '@falkenhost/contracts/errors';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { type PanelEgg, panelEgg } from './nests';

/**
 * Names the stock eggs give their player-count variable, most usual first (Pterodactyl's and Pelican's
 * own eggs and the community's: Rust, Terraria, 7 Days To Die, FiveM `MAX_PLAYERS`; Factorio `MAX_SLOTS`;
 * Mumble `MAX_USERS`; Assetto Corsa `MAX_CLIENTS`).
 */
export const SLOT_VARIABLE_NAMES = [
  'MAX_PLAYERS',
  'SERVER_MAX_PLAYERS',
  'MAXPLAYERS',
  'MAX_PLAYER',
  'MAX_PLAYER_COUNT',
  'PLAYER_LIMIT',
  'MAX_SLOTS',
  'SERVER_SLOTS',
  'SLOTS',
  'MAX_USERS',
  'MAX_CLIENTS',
] as const;

/** The egg's player-count variable by its usual names, or null when it has none. */
export function detectSlotVariable(egg: Pick<PanelEgg, 'variables'>): string | null {
  const names = new Set(egg.variables.map((v) => v.env_variable));
  return SLOT_VARIABLE_NAMES.find((name) => names.has(name)) ?? null;
}

/**
 * The variable that holds the egg's player count for a game: staff's choice for that egg when made (''
 * means none: slots are not enforced), else the one found by name. A named variable the egg no longer
 * has counts as none.
 * @param named the game's `slot_variables`: egg id -> env_variable or ''
 */
export function slotVariableOf(egg: PanelEgg, named: Record<string, string>): string | null {
  const choice = named[String(egg.id)];
  if (choice === undefined) return detectSlotVariable(egg);
  return egg.variables.some((v) => v.env_variable === choice) ? choice : null;
}

/**
 * Parses a stored JSON object of string values (a game's `variables` or `slot_variables`, a server's
 * `variables`); anything else reads as empty.
 */
export function parseStringMap(json: string | null | undefined): Record<string, string> {
  try {
    const parsed = JSON.parse(json ?? '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** A game's stored `slot_variables`: egg id -> env_variable ('' none); anything else reads as no choice. */
export const parseSlotVariables = parseStringMap;

/** A game's stored JSON map of staff's egg settings: `variables` (values) or `slot_variables`. */
export async function gameStringMap(
  ctx: AppContext,
  gameId: number,
  column: 'variables' | 'slot_variables',
): Promise<Record<string, string>> {
  const game = await ctx.db.selectFrom('games').select(column).where('id', '=', gameId).executeTakeFirst();
  return parseStringMap(game?.[column]);
}

/** Staff's slot variable choices of a game: egg id -> env_variable or ''. */
export const gameSlotVariables = (ctx: AppContext, gameId: number) =>
  gameStringMap(ctx, gameId, 'slot_variables');

/** The variable holding the player count of `eggId`'s servers of game `gameId`, or null (none, or no egg). */
export async function slotVariableFor(
  ctx: AppContext,
  gameId: number,
  eggId: number,
): Promise<string | null> {
  const egg = await panelEgg(ctx, eggId);
  return egg ? slotVariableOf(egg, await gameSlotVariables(ctx, gameId)) : null;
}

/**
 * Every game's slot variable in one reading, for a pass over many servers (the panel reconciler).
 * @returns (gameId, eggId) -> env_variable or null
 */
export async function slotVariableLookup(
  ctx: AppContext,
): Promise<(gameId: number, eggId: number) => Promise<string | null>> {
  const games = await ctx.db.selectFrom('games').select(['id', 'slot_variables']).execute();
  const named = new Map(games.map((g) => [g.id, parseSlotVariables(g.slot_variables)] as const));
  return async (gameId, eggId) => {
    const egg = await panelEgg(ctx, eggId);
    return egg ? slotVariableOf(egg, named.get(gameId) ?? {}) : null;
  };
}

/**
 * The value the slot variable takes for `slots` (0 is unlimited: the egg's or staff's value stays), as an
 * entry to lay over the other values, or {} when nothing is set.
 */
export function slotValues(variable: string | null, slots: number): Record<string, string> {
  return variable && slots > 0 ? { [variable]: String(slots) } : {};
}

/**
 * Checks `slots` against the rules of the slot variable of each egg, as the panel will (e.g. FiveM's
 * `between:1,48`).
 * @returns the eggs whose variable refuses the count, with the failed rule
 */
export async function slotsRefusedBy(
  ctx: AppContext,
  gameId: number,
  eggIds: number[],
  slots: number,
): Promise<Array<{ egg: string; variable: string; rule: string; param: string }>> {
  if (slots <= 0) return [];
  const named = await gameSlotVariables(ctx, gameId);
  const refused: Array<{ egg: string; variable: string; rule: string; param: string }> = [];
  for (const eggId of new Set(eggIds)) {
    const egg = await panelEgg(ctx, eggId);
    const variable = egg ? slotVariableOf(egg, named) : null;
    const rules = egg?.variables.find((v) => v.env_variable === variable)?.rules;
    if (!egg || !variable || rules === undefined) continue;
    const failed = checkEggVariable(rules, String(slots));
    if (failed) refused.push({ egg: egg.name, variable, ...failed });
  }
  return refused;
}

/**
 * Staff's view of a game's player-count variables (GET store/game-slots): per egg of the game's live
 * packages, staff's choice, the one found by name and the egg's variables.
 */
export async function gameSlotStatus(ctx: AppContext, gameId: number): Promise<GameSlotVariable[]> {
  const named = await gameSlotVariables(ctx, gameId);
  const eggs = await ctx.db
    .selectFrom('package_eggs as pe')
    .innerJoin('packages as p', 'p.id', 'pe.package_id')
    .select('pe.egg_id')
    .distinct()
    .where('p.game_id', '=', gameId)
    .where('p.deleted_at', 'is', null)
    .orderBy('pe.egg_id')
    .execute();
  const out: GameSlotVariable[] = [];
  for (const { egg_id } of eggs) {
    const egg = await panelEgg(ctx, egg_id);
    if (!egg) continue;
    out.push({
      egg_id,
      egg: egg.name,
      choice: named[String(egg_id)] ?? null,
      detected: detectSlotVariable(egg),
      variables: egg.variables.map((v) => ({ env_variable: v.env_variable, name: v.name })),
    });
  }
  return out;
}

/**
 * Checks staff's slot variable choices: each egg the panel has, each variable one of that egg's ('' none).
 * @returns the choices to store
 * @throws AppError 400 validation `variable` at `slot_variables`
 */
export async function checkSlotVariables(
  ctx: AppContext,
  given: Record<string, string>,
): Promise<Record<string, string>> {
  for (const [eggId, variable] of Object.entries(given)) {
    const egg = await panelEgg(ctx, Number(eggId));
    if (!egg || (variable !== '' && !egg.variables.some((v) => v.env_variable === variable)))
      throw new AppError(400, REASONS.validation, undefined, [{ msg: 'variable', path: 'slot_variables' }]);
  }
  return given;
}

/**
 * Every game's player-count variable per egg of the panel, with its rules, for the staff package form: it
 * says which eggs do not enforce slots and which refuse the count typed.
 * @param eggIds the panel's eggs
 */
export async function packageSlotVariables(
  ctx: AppContext,
  eggIds: number[],
): Promise<AdminPackagesAdditionalData['slot_variables']> {
  const games = await ctx.db
    .selectFrom('games')
    .select(['id', 'slot_variables'])
    .where('deleted_at', 'is', null)
    .execute();
  const out: AdminPackagesAdditionalData['slot_variables'] = {};
  for (const game of games) {
    const named = parseSlotVariables(game.slot_variables);
    const perEgg: AdminPackagesAdditionalData['slot_variables'][string] = {};
    for (const eggId of eggIds) {
      const egg = await panelEgg(ctx, eggId);
      const variable = egg ? slotVariableOf(egg, named) : null;
      const found = egg?.variables.find((v) => v.env_variable === variable);
      perEgg[String(eggId)] = found ? { env_variable: found.env_variable, rules: found.rules } : null;
    }
    out[String(game.id)] = perEgg;
  }
  return out;
}
