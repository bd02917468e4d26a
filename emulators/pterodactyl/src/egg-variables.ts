import { failedRules, type ValidationIssue } from './rules';
import type { EggRecord } from './state/records';

/**
 * Validates `environment` against the egg's variables (each by its own rules, the attribute named
 * "<variable name> variable"), as the panel's VariableValidatorService does.
 * @param environment env variable -> value, already normalised ('' became null)
 * @returns one issue per failed rule of a variable, `field` = `environment.<ENV_VARIABLE>`
 */
export function validateEggVariables(
  egg: EggRecord,
  environment: Record<string, unknown>,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const variable of egg.variables) {
    const value = environment[variable.env_variable] ?? null;
    for (const failed of failedRules(value, true, variable.rules, `${variable.name} variable`))
      issues.push({ field: `environment.${variable.env_variable}`, ...failed });
  }
  return issues;
}

/**
 * Stored values of the egg's variables: the given value as a string, or '' when none was given, as the
 * panel's ServerCreationService stores `value ?? ''` (so the server's environment then shows '', not the
 * variable's default).
 */
export function storedEnvironment(
  egg: EggRecord,
  environment: Record<string, unknown>,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const variable of egg.variables) {
    const value = environment[variable.env_variable];
    out[variable.env_variable] = value === null || value === undefined ? '' : String(value);
  }
  return out;
}
