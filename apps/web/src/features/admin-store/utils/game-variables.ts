/**
 * The staff game form's egg variables (issue 28 point 3): the values it shows and sends, who gives each
 * value once the form's values are saved (the contracts' `valueSource`, the API's own rule), and the check
 * before saving.
 */
import { type GameVariable, valueSource } from '@falkenhost/contracts/egg-variables';
// Relative, as the message tests import this module without the web build's '@' alias.
import { type VariableText, variableValueText } from '../../../lib/egg-variables';

/** env_variable -> value: staff's edit where there is one, else the stored value. */
export function variableValuesOf(
  fields: readonly GameVariable[],
  edits: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [field.env_variable, edits[field.env_variable] ?? field.value]),
  );
}

/**
 * Who gives the variable's value with the form's values: `game` (a staff value), `customer`, `missing`
 * (nobody: the game cannot be published) or `default`. A variable several eggs share keeps the strictest
 * need the server reported (`missing` over `customer`) unless staff give a value.
 */
export function liveSource(
  field: GameVariable,
  values: Readonly<Record<string, string>>,
): GameVariable['source'] {
  const source = valueSource(field, values);
  if (source === 'game') return source;
  if (field.source === 'missing' || field.source === 'customer') return field.source;
  return source;
}

/**
 * The check before saving: the first value the egg's rules refuse (an empty one is allowed: it clears
 * staff's value), then, when the game is to be published, the first variable nobody gives a value for.
 * @returns the message (keys of common, or admin's `errors.variableMissing`), or null when it may be saved
 */
export function gameVariablesProblem(
  fields: readonly GameVariable[],
  values: Readonly<Record<string, string>>,
  active: boolean,
): VariableText | null {
  for (const field of fields) {
    const value = values[field.env_variable] ?? '';
    if (value.trim() === '') continue;
    const refused = variableValueText(field, value);
    if (refused) return refused;
  }
  if (!active) return null;
  const missing = fields.find((field) => liveSource(field, values) === 'missing');
  return missing
    ? { key: 'errors.variableMissing', values: { name: missing.name || missing.env_variable } }
    : null;
}
