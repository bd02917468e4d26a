import { useState } from 'react';
import type { VariableText } from '@/lib/egg-variables';

/**
 * The egg variable values a form was given and the server's messages on them (a 400 variable answer,
 * issue 28): a value typed anew drops its variable's message, the others stay until the next answer.
 * Shared by the order's package overview and the staff game popup. `initial`: the values to start with
 * (an order's restored draft, decision 430).
 * @returns `values` (env_variable -> the value typed), `serverErrors` (env_variable -> message) with
 *   `setServerErrors`, and `change(envVariable, value)` for EggVariableInputs' onChange
 */
export function useEggVariableEdits(initial: Record<string, string> = {}) {
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<string, VariableText>>(new Map());
  const change = (key: string, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => {
      if (!current.has(key)) return current;
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  };
  return { values, serverErrors, setServerErrors, change };
}
