/** Absolute URLs of the emulated resources, built from the mount base (`publicUrl`). */

const HAL = 'application/hal+json';
const HTML = 'text/html';

export interface Link {
  href: string;
  type: string;
}

/** A link to an API resource (`application/hal+json`). */
export function apiLink(base: string, path: string): Link {
  return { href: `${base}${path}`, type: HAL };
}

/** A link to a page (`text/html`). */
export function pageLink(base: string, path: string): Link {
  return { href: `${base}${path}`, type: HTML };
}

/** A link to Mollie's public API documentation, e.g. `docLink('get-payment')`. */
export function docLink(page: string): Link {
  return { href: `https://docs.mollie.com/reference/${page}`, type: HTML };
}

export const paths = {
  payment: (id: string) => `/v2/payments/${id}`,
  payments: () => '/v2/payments',
  paymentRefunds: (tr: string) => `/v2/payments/${tr}/refunds`,
  paymentRefund: (tr: string, id: string) => `/v2/payments/${tr}/refunds/${id}`,
  refunds: () => '/v2/refunds',
  checkout: (id: string) => `/checkout/${id}`,
  changeState: (id: string) => `/change-state/${id}`,
  dashboardPayment: (id: string) => `/dashboard/payments/${id}`,
  customer: (id: string) => `/v2/customers/${id}`,
  customers: () => '/v2/customers',
  customerPayments: (cst: string) => `/v2/customers/${cst}/payments`,
  mandates: (cst: string) => `/v2/customers/${cst}/mandates`,
  mandate: (cst: string, id: string) => `/v2/customers/${cst}/mandates/${id}`,
  subscriptions: (cst: string) => `/v2/customers/${cst}/subscriptions`,
  subscription: (cst: string, id: string) => `/v2/customers/${cst}/subscriptions/${id}`,
  subscriptionPayments: (cst: string, id: string) => `/v2/customers/${cst}/subscriptions/${id}/payments`,
  profile: (id: string) => `/v2/profiles/${id}`,
};
