import { MollieError } from './api/errors';
import { findCustomer } from './customers.js';
import type { Store } from './state/store';
import type { RecurringOutcome } from './state/types';

/**
 * The outcomes a test can ask for. A recurring payment starts `pending`, and Mollie's status graph only
 * lets a pending payment become paid or failed (reference/mollie.md, "Statuses"), so expired and
 * canceled are not offered.
 */
export const RECURRING_OUTCOMES: readonly RecurringOutcome[] = ['paid', 'failed'];

/** Whose recurring payments to steer: one customer by id, or every customer with an e-mail address. */
export type RecurringOutcomeTarget = { customerId: string } | { email: string };

/**
 * The status the customer's recurring payments end with: what `setRecurringOutcome` set, else `paid`
 * (Mollie's test mode charges a valid test mandate successfully).
 */
export function recurringOutcomeOf(store: Store, customerId: string | undefined): RecurringOutcome {
  return (customerId && store.recurringOutcomes.get(customerId)) || 'paid';
}

/**
 * Test control: makes the recurring payments of the target customer(s) end with `status` from now on —
 * renewals of `runDueSubscriptions`, `createRenewal` without an explicit status, and recurring payments
 * created through the API when they leave `pending` on their own. It applies to every following
 * recurring payment until changed; `paid` restores the default. (Decision of the emulator; Mollie's
 * test mode has no such switch, its test mandates are always charged successfully.)
 * @param target `{customerId}`, or `{email}` matched case-insensitively and trimmed against every
 *   customer (all customers with that e-mail are set)
 * @returns the ids of the customers set, in creation order
 * @throws MollieError 400 for a status other than paid/failed or an empty id/e-mail; 404 for an unknown
 *   customer id or an e-mail no customer has.
 */
export function setRecurringOutcome(
  store: Store,
  target: RecurringOutcomeTarget,
  status: RecurringOutcome,
): string[] {
  if (!RECURRING_OUTCOMES.includes(status)) {
    throw new MollieError(400, `The status must be one of: ${RECURRING_OUTCOMES.join(', ')}`, 'status');
  }
  let customerIds: string[];
  if ('customerId' in target) {
    if (typeof target.customerId !== 'string' || target.customerId.trim() === '') {
      throw new MollieError(400, 'The customerId is required', 'customerId');
    }
    customerIds = [findCustomer(store, target.customerId.trim()).id];
  } else {
    const email = typeof target.email === 'string' ? target.email.trim().toLowerCase() : '';
    if (email === '') throw new MollieError(400, 'The email is required', 'email');
    customerIds = [...store.customers.values()]
      .filter((c) => c.email?.trim().toLowerCase() === email)
      .map((c) => c.id);
    if (customerIds.length === 0)
      throw new MollieError(404, `No customer exists with e-mail ${target.email}.`);
  }
  for (const id of customerIds) {
    if (status === 'paid') store.recurringOutcomes.delete(id);
    else store.recurringOutcomes.set(id, status);
  }
  return customerIds;
}

/**
 * Validates the body of `POST /test/recurring-outcome`: `{customerId, status}` or `{email, status}`
 * (exactly one of customerId and email, both strings; status paid or failed).
 * @throws MollieError 400 naming the field at fault.
 */
export function parseRecurringOutcomeRequest(body: unknown): {
  target: RecurringOutcomeTarget;
  status: RecurringOutcome;
} {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new MollieError(400, 'The body must be a JSON object {customerId|email, status}');
  }
  const { customerId, email, status } = body as Record<string, unknown>;
  if (typeof status !== 'string' || !RECURRING_OUTCOMES.includes(status as RecurringOutcome)) {
    throw new MollieError(400, `The status must be one of: ${RECURRING_OUTCOMES.join(', ')}`, 'status');
  }
  const hasId = customerId !== undefined && customerId !== null && customerId !== '';
  const hasEmail = email !== undefined && email !== null && email !== '';
  if (hasId === hasEmail) throw new MollieError(400, 'Give either customerId or email', 'customerId');
  if (hasId && typeof customerId !== 'string') {
    throw new MollieError(400, 'The customerId must be a string', 'customerId');
  }
  if (hasEmail && typeof email !== 'string')
    throw new MollieError(400, 'The email must be a string', 'email');
  return {
    target: hasId ? { customerId: customerId as string } : { email: email as string },
    status: status as RecurringOutcome,
  };
}
