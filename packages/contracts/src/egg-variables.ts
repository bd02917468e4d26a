/**
 * Egg variables (Pterodactyl's `env_variable`s of an egg) that a server needs a value for, and their
 * check by the egg's own Laravel rules, so a value the panel would refuse (422) is refused before any
 * money moves (issue 28 point 3; reference/pterodactyl.md "Stock eggs with required variables").
 * Used by the API (orders, server details, staff game form) and the web forms alike.
 */
import { z } from 'zod';
import { LANGUAGES } from './constants';
import { jsonId } from './fields';

/**
 * An egg variable's Laravel rules as the panel keeps them: Pterodactyl a `|`-separated string
 * (`required|string|max:33`), Pelican a JSON array (`["required", "string", "max:33"]`, where a `regex`
 * may hold a `|` of its own). Every function here reads both.
 */
export type EggRules = string | string[];
export const eggRules = z.union([z.string(), z.array(z.string())]);

/** One egg variable as the product shows it to whoever must give its value. */
export const eggVariableField = z.object({
  env_variable: z.string(),
  name: z.string(),
  description: z.string(),
  rules: eggRules,
  default_value: z.string(),
});
export type EggVariableField = z.infer<typeof eggVariableField>;

/** The panel's view of an egg variable that decides who must give its value. */
export interface EggVariableRule {
  env_variable: string;
  default_value: string | null;
  rules: EggRules;
  user_editable: boolean;
}

/** `variables` of the order calls: egg `env_variable` -> value (`{ "FIVEM_LICENSES": "..." }`). */
export const variablesField = z
  .record(z.string().regex(/^[A-Za-z0-9_]{1,191}$/, 'variable'), z.string().max(1000, 'variable'))
  .default({});
export type Variables = z.output<typeof variablesField>;

/** A failed rule of one variable: `rule` is Laravel's name (`required`, `max`, `size`...), `param` its argument. */
export interface VariableIssue {
  variable: string;
  rule: string;
  param: string;
}

const ALIASES: Record<string, string> = { int: 'integer', bool: 'boolean' };
const INTEGER = /^[+-]?(0|[1-9]\d*)$/;
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The rules one by one, each as its name (aliases resolved: `int` is `integer`) and parameter. */
export function ruleList(rules: EggRules): Array<{ name: string; param: string }> {
  return (typeof rules === 'string' ? rules.split('|') : rules)
    .map((r) => r.trim())
    .filter((r) => r.length > 0)
    .map((r) => {
      const colon = r.indexOf(':');
      const name = colon < 0 ? r : r.slice(0, colon);
      return { name: ALIASES[name] ?? name, param: colon < 0 ? '' : r.slice(colon + 1) };
    });
}

/** A PHP regex literal (`/^\w+$/i`) as a RegExp; null when malformed. */
function phpRegex(literal: string): RegExp | null {
  const delimiter = literal[0];
  const end = delimiter ? literal.lastIndexOf(delimiter) : -1;
  if (!delimiter || end <= 0) return null;
  const flags = literal.slice(end + 1).replace(/[^imsu]/g, '');
  try {
    return new RegExp(literal.slice(1, end), flags.includes('u') ? flags : `${flags}u`);
  } catch {
    return null;
  }
}

/** The panel's TrimStrings and ConvertEmptyStringsToNull middleware: what it validates. */
export function normaliseVariableValue(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

function passes(name: string, param: string, value: string | null, numeric: boolean): boolean {
  const size = () =>
    numeric && value !== null && NUMERIC.test(value) ? Number(value) : [...(value ?? '')].length;
  switch (name) {
    case 'required':
      return value !== null;
    case 'string':
      return value !== null;
    case 'integer':
      return value !== null && INTEGER.test(value);
    case 'numeric':
      return value !== null && NUMERIC.test(value);
    case 'boolean':
      return value === '0' || value === '1';
    case 'in':
      return param.split(',').includes(String(value));
    case 'regex': {
      const re = phpRegex(param);
      return value !== null && re?.test(value) === true;
    }
    case 'alpha':
      return value !== null && /^[\p{L}\p{M}]+$/u.test(value);
    case 'alpha_num':
      return value !== null && /^[\p{L}\p{M}\p{N}]+$/u.test(value);
    case 'alpha_dash':
      return value !== null && /^[\p{L}\p{M}\p{N}_-]+$/u.test(value);
    case 'max':
      return size() <= Number(param);
    case 'min':
      return size() >= Number(param);
    case 'size':
      return size() === Number(param);
    case 'between': {
      const [lo, hi] = param.split(',').map(Number);
      return size() >= (lo ?? 0) && size() <= (hi ?? 0);
    }
    case 'digits':
      return /^\d*$/.test(value ?? '') && (value ?? '').length === Number(param);
    case 'digits_between': {
      const [lo, hi] = param.split(',').map(Number);
      const length = (value ?? '').length;
      return /^\d*$/.test(value ?? '') && length >= (lo ?? 0) && length <= (hi ?? 0);
    }
    default:
      // A rule we do not know is left to the panel; `npm run check:panel` lists such rules.
      return true;
  }
}

/**
 * Checks one value by an egg variable's Laravel rules as the panel's VariableValidatorService does: the
 * value trimmed, '' as null; `nullable` lets null through; the first failed rule is reported; `max`,
 * `min`, `size` and `between` count characters, or compare numbers when `numeric` or `integer` is a rule.
 * @param value the value given ('' or null for none)
 * @returns the failed rule and its parameter, or null when the panel would accept the value
 */
export function checkEggVariable(
  rules: EggRules,
  value: string | null,
): { rule: string; param: string } | null {
  const v = normaliseVariableValue(value);
  const list = ruleList(rules);
  const names = new Set(list.map((r) => r.name));
  if (names.has('nullable') && v === null) return null;
  const numeric = names.has('numeric') || names.has('integer');
  for (const { name, param } of list) {
    if (name === 'nullable' || name === 'sometimes' || name === 'bail') continue;
    if (!passes(name, param, v, numeric)) return { rule: name, param };
  }
  return null;
}

/** True when the panel refuses the egg's default for this variable: someone must give a value. */
export function needsValue(variable: EggVariableRule): boolean {
  return checkEggVariable(variable.rules, variable.default_value) !== null;
}

/**
 * Who gives a variable's value when its default will not do: staff on the game when set there, else the
 * customer when the egg lets users edit it, else nobody (the game cannot be provisioned).
 */
export function valueSource(
  variable: EggVariableRule,
  gameValues: Record<string, string>,
): 'default' | 'game' | 'customer' | 'missing' {
  if (normaliseVariableValue(gameValues[variable.env_variable]) !== null) return 'game';
  if (!needsValue(variable)) return 'default';
  return variable.user_editable ? 'customer' : 'missing';
}

/** GET /api/private/store/package-variables?packageId=: per egg id, the variables the customer must give. */
export const packageVariablesAnswer = z.record(z.string(), z.array(eggVariableField));
export type PackageVariablesAnswer = z.infer<typeof packageVariablesAnswer>;

/** A variable with its current value (server details; staff game form). */
export const eggVariableValue = eggVariableField.extend({ value: z.string() });
export type EggVariableValue = z.infer<typeof eggVariableValue>;

/**
 * GET /api/private/servers/variables?id=<user package id>: the variables of the server the customer gives
 * (those the order asked for), with their values. PUT with `serverVariablesBody` answers the same list.
 */
export const serverVariablesAnswer = z.array(eggVariableValue);
export const serverVariablesBody = z.object({
  id: z.coerce.number().int().positive(),
  variables: variablesField,
});
export type ServerVariablesBody = z.input<typeof serverVariablesBody>;

/**
 * Staff's texts of one egg variable of one game in one language (docs/decisions/438): the label and the
 * help customers read; '' where staff gave none. Too long is `outOfRange` on the field.
 */
export const eggVariableText = z.object({
  label: z.string().trim().max(64, 'outOfRange').default(''),
  help: z.string().trim().max(500, 'outOfRange').default(''),
});
export type EggVariableText = z.infer<typeof eggVariableText>;
/** A variable's texts by language (English too: the panel's name is often not the product's English). */
export const variableTexts = z.partialRecord(z.enum(LANGUAGES), eggVariableText);
export type VariableTexts = z.infer<typeof variableTexts>;

/**
 * PUT /api/private/store/variable-texts (staff): one egg variable's texts for one game, replacing the ones
 * it had (a language left out or both texts empty: the readable panel name, docs/decisions/438).
 */
export const variableTextsBody = z.object({
  game: jsonId,
  env_variable: z.string().regex(/^[A-Za-z0-9_]{1,191}$/, 'variable'),
  texts: variableTexts,
});
export type VariableTextsBody = z.infer<typeof variableTextsBody>;

/**
 * An egg variable's name as people read it when staff gave no label (docs/decisions/438): the panel's name
 * with each word capitalised when it is all lower case ("fivem license" -> "Fivem License"), kept as it is
 * when the panel wrote it with capitals ("Max Players"); from the env name only when the panel gave none or
 * gave the env name itself ("FIVEM_LICENSES" -> "Fivem licenses"). Never the raw env name.
 */
export function readableVariableName(name: string, envVariable: string): string {
  const given = name.trim();
  if (given === '' || /^[A-Z0-9_]+$/.test(given)) {
    const words = (given || envVariable).toLowerCase().split('_').filter(Boolean).join(' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  if (given !== given.toLowerCase()) return given;
  return given.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/**
 * GET /api/private/store/game-variables?id=<game id> (staff): every variable of the eggs of the game's
 * packages whose default the panel refuses or that staff set, with who gives its value: `game` (staff's
 * value), `customer` (asked in the order dialog), `missing` (nobody: the game cannot be provisioned and
 * cannot be published), `default` (staff cleared a value whose default the panel accepts).
 */
export const gameVariable = eggVariableValue.extend({
  /** names of the eggs that have it */
  eggs: z.array(z.string()),
  user_editable: z.boolean(),
  source: z.enum(['default', 'game', 'customer', 'missing']),
});
export type GameVariable = z.infer<typeof gameVariable>;
/** A game variable as staff's game form gets it: with staff's texts for customers by language (decisions/438). */
export const staffGameVariable = gameVariable.extend({ texts: variableTexts });
export type StaffGameVariable = z.infer<typeof staffGameVariable>;
export const gameVariablesAnswer = z.array(staffGameVariable);

/** The staff game form's `variables` field: a JSON object env_variable -> value ('' clears a value). */
export const gameVariablesField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text.trim() === '') return undefined;
    try {
      return variablesField.parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'variable' });
      return z.NEVER;
    }
  });

const KNOWN_RULES = new Set([
  'required',
  'nullable',
  'sometimes',
  'bail',
  'string',
  'integer',
  'numeric',
  'boolean',
  'in',
  'regex',
  'alpha',
  'alpha_num',
  'alpha_dash',
  'max',
  'min',
  'size',
  'between',
  'digits',
  'digits_between',
]);

/** The rules as one line for people to read (`required|integer|between:1,48`), whichever form they came in. */
export function rulesText(rules: EggRules): string {
  return typeof rules === 'string' ? rules : rules.join('|');
}

/** The rules of a variable this module cannot check (left to the panel), e.g. `url`, `ip`. */
export function uncheckedRules(rules: EggRules): string[] {
  return ruleList(rules)
    .map((r) => r.name)
    .filter((name) => !KNOWN_RULES.has(name));
}

/**
 * The staff game form's `slot_variables` field (issue 42): a JSON object egg id -> the env_variable that
 * holds a server's player count, '' for none (slots not enforced); an egg left out uses the variable found
 * by its usual name.
 */
export const slotVariablesField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text.trim() === '') return undefined;
    try {
      return z
        .record(z.string().regex(/^\d{1,10}$/), z.string().regex(/^([A-Za-z0-9_]{1,191})?$/))
        .parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'variable' });
      return z.NEVER;
    }
  });

/**
 * GET /api/private/store/game-slots?id=<game id> (staff): per egg of the game's packages, the variable that
 * holds a server's player count: `choice` staff's (null: found by name, '' none), `detected` the one found by
 * name, and the egg's variables to choose from.
 */
export const gameSlotVariable = z.object({
  egg_id: z.number().int(),
  egg: z.string(),
  choice: z.string().nullable(),
  detected: z.string().nullable(),
  variables: z.array(z.object({ env_variable: z.string(), name: z.string() })),
});
export const gameSlotVariablesAnswer = z.array(gameSlotVariable);
export type GameSlotVariable = z.infer<typeof gameSlotVariable>;
