import { useEggVariableEdits } from '@/hooks/use-egg-variable-edits';
import { variableValueText } from '@/lib/egg-variables';
import type { usePackageVariables } from '../api/store';

/** The part of the package's variables query the order reads. */
type VariablesQuery = Pick<ReturnType<typeof usePackageVariables>, 'data' | 'isPending'>;

/**
 * The egg variables the customer gives with an order (issue 28): the chosen egg's fields, the values
 * typed (kept by env name when the egg changes) and the server's messages on them.
 * @param query the package's variables by egg id (usePackageVariables)
 * @param eggId the chosen egg, as the select gives it; null while none is chosen
 * @param initial the values to start with (a restored draft); only the chosen egg's fields are sent
 * @returns `fields`, `values` as typed, `variables` (the values trimmed, what the order sends),
 *   `ready` (each value passes the egg's own rules), and the edits' `serverErrors`,
 *   `setServerErrors` and `change`
 */
export function useOrderVariables(
  query: VariablesQuery,
  eggId: string | null,
  initial: Record<string, string> = {},
) {
  const edits = useEggVariableEdits(initial);
  const fields = eggId ? (query.data?.[eggId] ?? []) : [];
  const variables = Object.fromEntries(
    fields.map((field) => [field.env_variable, (edits.values[field.env_variable] ?? '').trim()]),
  );
  // Both buy buttons wait for the egg's variables and for each value to pass the egg's own rules; if
  // the list cannot be loaded the order goes without, and the server's 400 variable answer says what.
  const ready =
    !query.isPending &&
    fields.every((field) => variableValueText(field, variables[field.env_variable] ?? '') === null);
  return { ...edits, fields, variables, ready };
}
