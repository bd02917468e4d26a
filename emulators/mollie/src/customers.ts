import { notFound, unprocessable } from './api/errors';
import { bodyObject, parseLocale, parseMetadata, parseOptionalText } from './api/validation';
import { isoDate } from './state/dates';
import { newId } from './state/ids';
import type { Store } from './state/store';
import type { Customer, Mandate, MandateMethod, MandateStatus, Mode } from './state/types';

/**
 * Creates a customer from `POST /v2/customers {name?, email?, locale?, metadata?}`.
 * @throws MollieError 422 for a bad locale, a too long name/email, metadata over 1024 bytes.
 */
export function createCustomer(store: Store, raw: unknown, mode: Mode): Customer {
  const body = bodyObject(raw);
  const customer: Customer = {
    id: newId('cst'),
    mode,
    createdAt: store.now(),
    name: parseOptionalText(body.name, 'name'),
    email: parseOptionalText(body.email, 'email'),
    locale: parseLocale(body.locale),
    metadata: parseMetadata(body.metadata),
  };
  store.customers.set(customer.id, customer);
  return customer;
}

/** @throws MollieError 404 "No customer exists with token cst_...". */
export function findCustomer(store: Store, id: string): Customer {
  const customer = store.customers.get(id);
  if (!customer) throw notFound('customer', id);
  return customer;
}

/**
 * Creates a valid mandate for a customer, as a paid first payment does.
 * @param method creditcard or paypal (what the first payment was paid with)
 */
export function createMandate(store: Store, customerId: string, method: MandateMethod, mode: Mode): Mandate {
  const now = store.now();
  const details: Record<string, unknown> =
    method === 'paypal'
      ? { consumerName: 'Test Consumer', consumerAccount: 'consumer@example.com' }
      : {
          cardHolder: 'T. TEST',
          cardNumber: '6787',
          cardLabel: 'Mastercard',
          cardFingerprint: newId('fp').slice(3),
          cardExpiryDate: '2030-12-31',
        };
  const mandate: Mandate = {
    id: newId('mdt'),
    mode,
    createdAt: now,
    customerId,
    method,
    status: 'valid',
    details,
    signatureDate: isoDate(now),
    mandateReference: null,
  };
  store.mandates.set(mandate.id, mandate);
  return mandate;
}

/** @throws MollieError 404 for an unknown customer or a mandate not of this customer. */
export function findMandate(store: Store, customerId: string, mandateId: string): Mandate {
  findCustomer(store, customerId);
  const mandate = store.mandates.get(mandateId);
  if (!mandate || mandate.customerId !== customerId) throw notFound('mandate', mandateId);
  return mandate;
}

/**
 * Revokes a mandate (`DELETE /v2/customers/{cst}/mandates/{mdt}`, answered 204): it can charge nothing
 * more (status `invalid`) and the subscriptions on it are canceled, as Mollie's reference says.
 * @throws MollieError 404 for an unknown customer or a mandate not of this customer; 422 when it is
 *   revoked already.
 */
export function revokeMandate(store: Store, customerId: string, mandateId: string): void {
  const mandate = findMandate(store, customerId, mandateId);
  if (mandate.status === 'invalid') throw unprocessable('mandateId', 'The mandate has been revoked already');
  mandate.status = 'invalid';
  for (const s of store.subscriptions.values()) {
    if (s.mandateId !== mandateId || s.status === 'canceled' || s.status === 'completed') continue;
    s.status = 'canceled';
    s.canceledAt = store.now();
    s.nextPaymentDate = null;
  }
}

/** The customer's mandates in creation order. */
export function customerMandates(store: Store, customerId: string): Mandate[] {
  return [...store.mandates.values()].filter((m) => m.customerId === customerId);
}

/**
 * The mandate a recurring charge or subscription uses: `mandateId` when given (it must be the
 * customer's and have one of `statuses`), else the customer's newest such mandate (of `method` if set).
 * @throws MollieError 422 field mandateId / customerId when none fits.
 */
export function usableMandate(
  store: Store,
  customerId: string,
  mandateId: string | undefined,
  statuses: MandateStatus[],
  method?: MandateMethod,
): Mandate {
  if (mandateId) {
    const mandate = store.mandates.get(mandateId);
    if (!mandate || mandate.customerId !== customerId || !statuses.includes(mandate.status)) {
      throw unprocessable('mandateId', 'The mandate is invalid or does not belong to this customer');
    }
    return mandate;
  }
  const mandate = customerMandates(store, customerId)
    .reverse()
    .find((m) => statuses.includes(m.status) && (!method || m.method === method));
  if (!mandate) throw unprocessable('customerId', 'The customer has no valid mandates');
  return mandate;
}
