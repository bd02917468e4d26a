/**
 * The forms of the staff popups: @mantine/form validated by the contracts' schema the API checks the same
 * request with (contracts admin.ts), so a rule lives once for both sides.
 */
import { ADMIN_MESSAGES, firstAdminMessage } from '@falkenhost/contracts/admin';
import { REASONS } from '@falkenhost/contracts/errors';
import { isLimitedField, NUMBER_LIMITS } from '@falkenhost/contracts/staff-limits';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '@/lib/api-client';
// Relative, as the message tests import this module without the web build's '@' alias.
import { formattersFor } from '../../lib/format';

/** A Standard Schema (zod 4) as schemaResolver takes it. */
type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A staff form of `initialValues` checked by `schema` when submitted (errors clear as a field changes).
 * @param schema a contracts schema, e.g. `discountBody` or `gameForm('add')`
 */
// biome-ignore lint/suspicious/noExplicitAny: as @mantine/form types its values
export function useStaffForm<Values extends Record<string, any>>(
  initialValues: Values,
  schema: Schema,
): UseFormReturnType<Values> {
  return useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
  });
}

/**
 * Checks the form and returns the i18n key (namespace admin) of its first problem in the spec's order
 * (firstAdminMessage), or null when the form is valid. Every failing field shows its own message too.
 */
export function firstFormError<Values>(form: UseFormReturnType<Values>): string | null {
  const result = form.validate();
  if (!result.hasErrors) return null;
  return `errors.${firstAdminMessage(Object.values(result.errors)) ?? ADMIN_MESSAGES[0]}`;
}

/** A NumberInput's value as the form keeps it: a number, or '' while empty or not a number yet. */
export function numberValue(value: number | string): number | '' {
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  const parsed = value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : '';
}

/**
 * `form.getInputProps(path)` with the error translated (namespace admin): the schema's messages are keys
 * such as `emptyFields`; `outOfRange` names the field's range. `number` keeps a NumberInput's value as
 * numberValue does.
 */
export function useFieldProps<Values>(form: UseFormReturnType<Values>) {
  const { t, i18n } = useTranslation('admin');
  return (path: string, options?: { type?: 'input' | 'checkbox'; number?: boolean }) => {
    const props = form.getInputProps(path, options?.type ? { type: options.type } : undefined);
    const error = errorText(t, props.error, path, i18n.language);
    if (!options?.number) return { ...props, error };
    return {
      ...props,
      error,
      onChange: (value: number | string) => form.setFieldValue(path, numberValue(value) as never),
    };
  };
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A form error (a message key) as the page's text; undefined for none. `outOfRange` on a field with a range
 * (contracts NUMBER_LIMITS) says the range, its numbers in `language`'s format.
 * @param path the field the error is on
 */
export function errorText(t: Translate, error: unknown, path?: string, language = 'en'): string | undefined {
  if (typeof error !== 'string' || error === '') return undefined;
  if (error === 'outOfRange' && path && isLimitedField(path)) {
    const { min, max } = NUMBER_LIMITS[path];
    const { whole } = formattersFor(language);
    return t('errors.range', { min: whole(min), max: whole(max) });
  }
  return (ADMIN_MESSAGES as readonly string[]).includes(error) ? t(`errors.${error}`) : t('errors.unknown');
}

/** A message naming its field, for a toast: `{ key: 'errors.inField', values: { field, message } }`. */
export interface FieldProblem {
  key: string;
  values: Record<string, string>;
}

/**
 * The refusals of a failed save that name a field of the form (a 400 validation or file-type, or a 413,
 * answer's `errors: [{ msg, path }]`), by field, the first message of each in the spec's order.
 * @param fields the form's field names
 */
export function serverFieldErrors(
  answer: Pick<ApiResult<unknown>, 'status' | 'error'>,
  fields: readonly string[],
): Record<string, string> {
  const reason = answer.error?.reason;
  const named = answer.status === 413 || (answer.status === 400 && reason !== REASONS.variable);
  const out: Record<string, string> = {};
  if (!named) return out;
  for (const { msg, path } of answer.error?.errors ?? []) {
    const field = String(path ?? '');
    if (!fields.includes(field)) continue;
    const kept = out[field];
    out[field] = kept ? (firstAdminMessage([kept, msg]) ?? kept) : msg;
  }
  return out;
}

/**
 * The messages whose toast names their field; the spec's own ("Fill in all fields", "Choose at least one
 * location"...) stay as the spec words them (product.md "Error catalogue" ("Admin")).
 */
const NAMED_IN_TOAST = new Set([
  'outOfRange',
  'wholeNumber',
  'eggOtherGame',
  'confirmUnlimited',
  'fileType',
  'fileTooLarge',
]);

/**
 * The staff popups' refusals on their fields (issue 44 part 3): `check()` validates the form and `answered()`
 * puts a failed save's field-named refusals on the fields; both give the toast of the first refusal in the
 * spec's order (naming its field by `label(field)` unless it is one of the spec's own messages), or null
 * when there is none.
 */
export function useFieldProblems<Values>(
  form: UseFormReturnType<Values>,
  fields: readonly string[],
  label: (field: string) => string,
) {
  const { t, i18n } = useTranslation('admin');
  const problem = (errors: Record<string, unknown>): FieldProblem | null => {
    const first = firstAdminMessage(Object.values(errors));
    const field = Object.keys(errors).find((key) => errors[key] === first) ?? Object.keys(errors)[0];
    if (!field) return null;
    if (!NAMED_IN_TOAST.has(String(errors[field])))
      return { key: `errors.${first ?? ADMIN_MESSAGES[0]}`, values: {} };
    const message = errorText(t, errors[field], field, i18n.language) ?? '';
    return { key: 'errors.inField', values: { field: label(field), message } };
  };
  return {
    check: (): FieldProblem | null => {
      const result = form.validate();
      return result.hasErrors ? problem(result.errors) : null;
    },
    answered: (answer: Pick<ApiResult<unknown>, 'status' | 'error'>): FieldProblem | null => {
      const errors = serverFieldErrors(answer, fields);
      if (Object.keys(errors).length === 0) return null;
      form.setErrors(errors);
      return problem(errors);
    },
  };
}
