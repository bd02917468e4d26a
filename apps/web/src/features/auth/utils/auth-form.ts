/**
 * The auth forms on @mantine/form, validated by the contracts' zod schemas the API uses for the same
 * request (issue 30 point 3). A form shows one message: the first failing rule in spec order
 * (contracts AUTH_RULE_ORDER); its field is marked invalid and focused.
 */
import { type FormErrors, useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { z } from 'zod';
import { firstUse } from '@/lib/first-use';
import { ruleKey } from './errors';

/** The contracts' auth module: the schemas the API parses the same requests with. */
export type AuthRules = typeof import('@falkenhost/contracts/auth');

/**
 * The contracts' auth schemas, loaded at the page's first use or first check: building them (zod) was one
 * of the longest tasks of a phone taking /login over, and nothing needs them before a form is sent
 * (decision 091).
 */
export function loadAuthRules(): Promise<AuthRules> {
  return import('@falkenhost/contracts/auth');
}

/**
 * useForm for an auth screen: controlled values, and fields marked invalid (aria-invalid, red border)
 * without a text of their own: the message shows once, in the form's alert. The rules are checked by
 * checkAuthForm when the form is sent.
 * @param name the form's name, which prefixes the inputs' data-path so focusing finds the right one
 */
export function useAuthForm<V extends Record<string, unknown>>(name: string, initialValues: V) {
  useEffect(() => {
    void firstUse().then(loadAuthRules);
  }, []);
  return useForm<V>({
    name,
    mode: 'controlled',
    initialValues,
    enhanceGetInputProps: ({ inputProps }) => ({ error: inputProps.error ? true : undefined }),
  });
}

/** The part of a useForm answer that checkAuthForm needs. */
interface Checkable {
  getValues: () => unknown;
  setErrors: (errors: FormErrors) => void;
  getInputNode: (path: never) => HTMLElement | null;
}

/**
 * Checks `form`'s values with the schema `pick` chooses: on a failing rule only the first in spec order
 * (contracts AUTH_RULE_ORDER) is set as the form's error, `{ [field path]: rule message }`, and its field
 * is focused (in an event handler: never during render).
 * @returns the parsed values, or null when a rule fails
 */
export async function checkAuthForm<S extends z.ZodType>(
  form: Checkable,
  pick: (rules: AuthRules) => S,
): Promise<z.output<S> | null> {
  const rules = await loadAuthRules();
  const result = pick(rules).safeParse(form.getValues());
  if (result.success) return result.data;
  const issue = rules.firstAuthIssue(result.error.issues);
  const path = issue ? issue.path.join('.') : '';
  form.setErrors(issue ? { [path]: issue.message } : {});
  if (issue) (form.getInputNode as (path: string) => HTMLElement | null)(path)?.focus();
  return null;
}

/** The i18n key of the form's current rule message, or null (a field edited clears its own). */
export function formErrorKey(errors: FormErrors): string | null {
  const message = Object.values(errors)[0];
  return message ? ruleKey(String(message)) : null;
}
