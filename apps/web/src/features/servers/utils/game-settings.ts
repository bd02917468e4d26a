/**
 * The game settings form's checks (issue 28 point 3): its values are only the variables edited since the
 * last load or save; errors are `rule:param` strings under `edits.<env_variable>`.
 */
import {
  checkEggVariable,
  type EggVariableValue,
  serverVariablesBody,
} from '@falkenhost/contracts/egg-variables';
import type { FormErrors } from '@mantine/form';
import { type VariableText, variableText } from '@/lib/egg-variables';

/** The form's values: only the variables edited since the last load or save (env_variable -> value). */
export interface GameSettingsValues {
  edits: Record<string, string>;
}

/** The form's path of a variable's edit (and of its error). */
export const fieldPath = (envVariable: string) => `edits.${envVariable}`;

/**
 * The form's check, the API's for PUT variables: each value by its egg's Laravel rules (contracts
 * checkEggVariable, fields in the panel's order, the first failed rule of each), then the body's shape
 * (contracts serverVariablesBody). Errors are `rule:param` strings under `edits.<env_variable>`.
 * @param fields the server's variables with their saved values
 * @param id the user package id the body names
 */
export function gameSettingsErrors(
  fields: readonly EggVariableValue[],
  id: number,
  values: GameSettingsValues,
): FormErrors {
  const errors: FormErrors = {};
  for (const field of fields) {
    const failed = checkEggVariable(field.rules, values.edits[field.env_variable] ?? field.value);
    if (failed) errors[fieldPath(field.env_variable)] = `${failed.rule}:${failed.param}`;
  }
  if (Object.keys(errors).length > 0) return errors;
  const body = serverVariablesBody.safeParse({ id, variables: changedValues(fields, values) });
  if (!body.success) {
    const key = String(body.error.issues[0]?.path[1] ?? fields[0]?.env_variable ?? '');
    errors[fieldPath(key)] = 'generic:';
  }
  return errors;
}

/** The edited values that differ from the saved ones, trimmed (what Save sends). */
export function changedValues(
  fields: readonly EggVariableValue[],
  values: GameSettingsValues,
): Record<string, string> {
  return Object.fromEntries(
    fields
      .map((field) => [field.env_variable, (values.edits[field.env_variable] ?? field.value).trim()] as const)
      .filter(([key, value]) => value !== fields.find((f) => f.env_variable === key)?.value),
  );
}

/**
 * The form's errors (set by a submit or by the server's 400 answer) as messages per variable, for
 * EggVariableInputs' serverErrors.
 */
export function variableMessages(
  fields: readonly EggVariableValue[],
  errors: FormErrors,
): Map<string, VariableText> {
  const shown = new Map<string, VariableText>();
  for (const field of fields) {
    const error = errors[fieldPath(field.env_variable)];
    if (typeof error !== 'string') continue;
    const colon = error.indexOf(':');
    shown.set(
      field.env_variable,
      variableText({ rule: error.slice(0, colon), param: error.slice(colon + 1) }, field),
    );
  }
  return shown;
}
