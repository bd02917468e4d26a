/** Egg variables checked before any money moves, so the panel never refuses a paid server for them. */
import {
  checkEggVariable,
  type EggVariableField,
  type GameVariable,
  normaliseVariableValue,
  type Variables,
  valueSource,
} from '@falkenhost/contracts/egg-variables';
import { REASONS } from '@falkenhost/contracts/errors';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { type PanelEgg, type PanelEggVariable, panelEgg } from './nests';
import {
  gameSlotVariables,
  gameStringMap,
  parseStringMap,
  slotValues,
  slotVariableOf,
} from './slot-variables';

/** Parses a stored JSON object of env_variable -> value; anything else reads as empty. */
export const parseVariables = parseStringMap;

/** Staff's values of a game's egg variables. */
export const gameVariables = (ctx: AppContext, gameId: number) => gameStringMap(ctx, gameId, 'variables');

/**
 * The values a package's servers of `egg` get from above the customer: staff's game values with the
 * package's slots in the egg's slot variable, which is then never the customer's to give.
 */
export async function packageValues(
  ctx: AppContext,
  pkg: { game_id: number; slots: number },
  egg: PanelEgg,
): Promise<Record<string, string>> {
  const [values, named] = await Promise.all([
    gameVariables(ctx, pkg.game_id),
    gameSlotVariables(ctx, pkg.game_id),
  ]);
  return { ...values, ...slotValues(slotVariableOf(egg, named), pkg.slots) };
}

function field(v: PanelEggVariable): EggVariableField {
  return {
    env_variable: v.env_variable,
    name: v.name,
    description: v.description,
    rules: v.rules,
    default_value: v.default_value ?? '',
  };
}

/** The variables of `egg` the customer must give (required, default refused, user-editable, not set by staff). */
export function customerFields(egg: PanelEgg, gameValues: Record<string, string>): EggVariableField[] {
  return egg.variables.filter((v) => valueSource(v, gameValues) === 'customer').map(field);
}

function variableError(issues: Array<{ variable: string; rule: string; param: string }>): AppError {
  return new AppError(
    400,
    REASONS.variable,
    `egg variable ${issues[0]?.variable ?? ''} refused`,
    issues.map((i) => ({ path: i.variable, msg: i.param ? `${i.rule}:${i.param}` : i.rule })),
  );
}

/**
 * Checks the customer's `variables` of an order for the chosen egg.
 * @returns the values to keep with the server (trimmed), only those the customer must give
 * @throws AppError 400 variable (`errors: [{ path, msg }]`): missing, refused, `read-only` or `missing`
 * @throws AppError 400 unknown when the panel has no such egg
 */
export async function checkOrderVariables(
  ctx: AppContext,
  pkg: { game_id: number; slots: number },
  eggId: number,
  given: Variables,
): Promise<Record<string, string>> {
  const egg = await panelEgg(ctx, eggId);
  if (!egg) throw new AppError(400, REASONS.unknown);
  const gameValues = await packageValues(ctx, pkg, egg);
  const issues: Array<{ variable: string; rule: string; param: string }> = [];
  const kept: Record<string, string> = {};
  for (const key of Object.keys(given)) {
    const variable = egg.variables.find((v) => v.env_variable === key);
    if (!variable || valueSource(variable, gameValues) !== 'customer')
      issues.push({ variable: key, rule: 'read-only', param: '' });
  }
  for (const variable of egg.variables) {
    const source = valueSource(variable, gameValues);
    if (source === 'missing') issues.push({ variable: variable.env_variable, rule: 'missing', param: '' });
    if (source !== 'customer') continue;
    const value = normaliseVariableValue(given[variable.env_variable]);
    const failed = checkEggVariable(variable.rules, value);
    if (failed) issues.push({ variable: variable.env_variable, ...failed });
    else if (value !== null) kept[variable.env_variable] = value;
  }
  if (issues.length > 0) throw variableError(issues);
  return kept;
}

/** A new server's environment: egg default, under staff's game value, under the server's own. */
export function serverEnvironment(
  egg: { variables?: Array<{ env_variable: string; default_value: string | null }> },
  gameValues: Record<string, string>,
  serverValues: Record<string, string>,
): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const variable of egg.variables ?? []) {
    const key = variable.env_variable;
    environment[key] = serverValues[key] ?? gameValues[key] ?? variable.default_value ?? '';
  }
  return environment;
}

/**
 * The variables the customer must give, per egg of a package they may order (the order dialog's fields).
 * @returns egg id -> fields (eggs needing nothing map to [])
 * @throws AppError 400 unknown when the package is not offered to this user
 */
export async function packageVariableFields(
  ctx: AppContext,
  pkg: { id: number; game_id: number; slots: number },
): Promise<Record<string, EggVariableField[]>> {
  const eggs = await ctx.db
    .selectFrom('package_eggs')
    .select('egg_id')
    .where('package_id', '=', pkg.id)
    .orderBy('egg_id')
    .execute();
  const out: Record<string, EggVariableField[]> = {};
  for (const { egg_id } of eggs) {
    const egg = await panelEgg(ctx, egg_id);
    out[String(egg_id)] = egg ? customerFields(egg, await packageValues(ctx, pkg, egg)) : [];
  }
  return out;
}

/**
 * Staff's view of a game's egg variables the panel refuses the default of or staff set: value, source.
 * @param values staff's values to judge (the stored ones when omitted)
 */
export async function gameVariableStatus(
  ctx: AppContext,
  gameId: number,
  values?: Record<string, string>,
): Promise<GameVariable[]> {
  const gameValues = values ?? (await gameVariables(ctx, gameId));
  const eggs = await ctx.db
    .selectFrom('package_eggs as pe')
    .innerJoin('packages as p', 'p.id', 'pe.package_id')
    .select('pe.egg_id')
    .distinct()
    .where('p.game_id', '=', gameId)
    .where('p.deleted_at', 'is', null)
    .orderBy('pe.egg_id')
    .execute();
  const byKey = new Map<string, GameVariable>();
  for (const { egg_id } of eggs) {
    const egg = await panelEgg(ctx, egg_id);
    if (!egg) continue;
    for (const v of egg.variables) {
      const source = valueSource(v, gameValues);
      if (source === 'default') continue;
      const known = byKey.get(v.env_variable);
      if (known) {
        known.eggs.push(egg.name);
        // One value serves every egg: the strictest need wins.
        if (source === 'missing' || (source === 'customer' && known.source !== 'missing'))
          known.source = source;
        continue;
      }
      byKey.set(v.env_variable, {
        ...field(v),
        value: gameValues[v.env_variable] ?? '',
        eggs: [egg.name],
        user_editable: v.user_editable,
        source,
      });
    }
  }
  return [...byKey.values()];
}

/**
 * Checks staff's values for a game by every egg's rules and, when publishing, that none lacks a value.
 * @returns the values to store (trimmed, empty ones dropped)
 * @throws AppError 400 variable naming each refused or missing variable
 */
export async function checkGameVariables(
  ctx: AppContext,
  gameId: number | null,
  given: Record<string, string>,
  publish: boolean,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(given)) {
    const v = normaliseVariableValue(value);
    if (v !== null) values[key] = v;
  }
  if (gameId === null) return values;
  const issues: Array<{ variable: string; rule: string; param: string }> = [];
  for (const variable of await gameVariableStatus(ctx, gameId, values)) {
    const value = values[variable.env_variable];
    if (value !== undefined) {
      const failed = checkEggVariable(variable.rules, value);
      if (failed) issues.push({ variable: variable.env_variable, ...failed });
    } else if (publish && variable.source === 'missing') {
      issues.push({ variable: variable.env_variable, rule: 'missing', param: '' });
    }
  }
  if (issues.length > 0) throw variableError(issues);
  return values;
}

/**
 * Checks a customer's new values for `fields` (see `customerFields`) by the egg's rules.
 * @returns env_variable -> trimmed value, for the values given
 * @throws AppError 400 variable naming each refused or `read-only` value
 */
export function checkCustomerValues(fields: EggVariableField[], given: Variables): Record<string, string> {
  const issues: Array<{ variable: string; rule: string; param: string }> = [];
  const changes: Record<string, string> = {};
  for (const [key, raw] of Object.entries(given)) {
    const f = fields.find((x) => x.env_variable === key);
    if (!f) {
      issues.push({ variable: key, rule: 'read-only', param: '' });
      continue;
    }
    const value = normaliseVariableValue(raw);
    const failed = checkEggVariable(f.rules, value);
    if (failed) issues.push({ variable: key, ...failed });
    else if (value !== null) changes[key] = value;
  }
  if (issues.length > 0) throw variableError(issues);
  return changes;
}

/**
 * Checks that no egg of a package on a published game has a variable nobody can give a value for.
 * @throws AppError 400 variable with `msg: 'missing'` naming each such variable
 */
export async function assertEggsProvisionable(
  ctx: AppContext,
  gameId: number,
  eggIds: number[],
): Promise<void> {
  const gameValues = await gameVariables(ctx, gameId);
  const issues: Array<{ variable: string; rule: string; param: string }> = [];
  for (const eggId of new Set(eggIds)) {
    const egg = await panelEgg(ctx, eggId);
    for (const variable of egg?.variables ?? [])
      if (valueSource(variable, gameValues) === 'missing')
        issues.push({ variable: variable.env_variable, rule: 'missing', param: '' });
  }
  if (issues.length > 0) throw variableError(issues);
}
