/**
 * The forms of the staff popups: @mantine/form validated by the contracts' schema the API checks the same
 * request with (contracts admin.ts), so a rule lives once for both sides.
 */
import { ADMIN_MESSAGES, firstAdminMessage } from '@falkenhost/contracts/admin';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

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
 * such as `emptyFields`. `number` keeps a NumberInput's value as numberValue does.
 */
export function useFieldProps<Values>(form: UseFormReturnType<Values>) {
  const { t } = useTranslation('admin');
  return (path: string, options?: { type?: 'input' | 'checkbox'; number?: boolean }) => {
    const props = form.getInputProps(path, options?.type ? { type: options.type } : undefined);
    const error = errorText(t, props.error);
    if (!options?.number) return { ...props, error };
    return {
      ...props,
      error,
      onChange: (value: number | string) => form.setFieldValue(path, numberValue(value) as never),
    };
  };
}

/** A form error (a message key) as the page's text; undefined for none. */
export function errorText(t: (key: string) => string, error: unknown): string | undefined {
  if (typeof error !== 'string' || error === '') return undefined;
  return (ADMIN_MESSAGES as readonly string[]).includes(error) ? t(`errors.${error}`) : t('errors.unknown');
}
