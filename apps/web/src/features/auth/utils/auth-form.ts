/**
 * The auth forms on @mantine/form, validated by the contracts' zod schemas the API uses for the same
 * request (issue 30 point 3). A form shows one message: the first failing rule in spec order
 * (contracts AUTH_RULE_ORDER); its field is marked invalid and focused.
 */
import { firstAuthIssue } from '@falkenhost/contracts/auth';
import { type FormErrors, useForm } from '@mantine/form';
import type { z } from 'zod';
import { ruleKey } from './errors';

/**
 * A validate function for useForm: parses the values with `schema` and returns only the first failing
 * rule in spec order, as `{ [field path]: rule message }`, or `{}` when the values pass.
 */
export function firstRuleResolver(schema: z.ZodType): (values: unknown) => FormErrors {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const issue = firstAuthIssue(result.error.issues);
    return issue ? { [issue.path.join('.')]: issue.message } : {};
  };
}

/**
 * useForm for an auth screen: controlled values, `schema` as the validator, and fields marked invalid
 * (aria-invalid, red border) without a text of their own: the message shows once, in the form's alert.
 * @param name the form's name, which prefixes the inputs' data-path so focusing finds the right one
 */
export function useAuthForm<V extends Record<string, unknown>>(
  name: string,
  initialValues: V,
  schema: z.ZodType,
) {
  return useForm<V>({
    name,
    mode: 'controlled',
    initialValues,
    validate: firstRuleResolver(schema),
    enhanceGetInputProps: ({ inputProps }) => ({ error: inputProps.error ? true : undefined }),
  });
}

/** The part of a useForm answer that validateAuthForm needs. */
interface Validatable {
  validate: () => { hasErrors: boolean; errors: FormErrors };
  getInputNode: (path: never) => HTMLElement | null;
}

/**
 * Validates `form`; on a failing rule focuses its field (in an event handler: never during render).
 * @returns the i18n key of the message to show, or null when the values pass
 */
export function validateAuthForm(form: Validatable): string | null {
  const { hasErrors, errors } = form.validate();
  if (!hasErrors) return null;
  const [path, message] = Object.entries(errors)[0] ?? [];
  if (path) (form.getInputNode as (path: string) => HTMLElement | null)(path)?.focus();
  return ruleKey(String(message));
}

/** The i18n key of the form's current rule message, or null (a field edited clears its own). */
export function formErrorKey(errors: FormErrors): string | null {
  const message = Object.values(errors)[0];
  return message ? ruleKey(String(message)) : null;
}
