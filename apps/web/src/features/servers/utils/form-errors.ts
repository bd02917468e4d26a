import type { FormErrors } from '@mantine/form';

/**
 * Keeps only the first error of a resolver's answer (product.md "Validation rules": the first failing rule in
 * the spec's order is the one shown). The contracts' schemas report their issues in that order.
 */
export function firstErrorOnly(errors: FormErrors): FormErrors {
  const first = Object.entries(errors).find(([, message]) => message);
  return first ? { [first[0]]: first[1] } : {};
}
