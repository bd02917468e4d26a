import { apiLink, docLink, pageLink, paths } from '../api/links';
import { amountCents, centsValue } from '../money';
import { isoTime } from './dates';
import type { Customer, Mandate, Payment, Refund, Subscription } from './types';

/** Optional timestamp fields are left out while unset, as Mollie does. */
function times(fields: Record<string, number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = isoTime(value);
  return out;
}

/**
 * The amounts of a paid payment: refunded, remaining (what can still be refunded) and, once a chargeback
 * came, charged back.
 */
function paidAmounts(p: Payment): Record<string, unknown> {
  const total = amountCents(p.amount.value);
  const refunded = p.refundedCents ?? 0;
  const chargedBack = p.chargedBackCents ?? 0;
  const currency = p.amount.currency;
  return {
    amountRefunded: { currency, value: centsValue(refunded) },
    amountRemaining: { currency, value: centsValue(Math.max(0, total - refunded - chargedBack)) },
    ...(chargedBack > 0 ? { amountChargedBack: { currency, value: centsValue(chargedBack) } } : {}),
  };
}

/** The payment resource as Mollie answers it (`resource:"payment"`), links absolute under `base`. */
export function paymentJson(base: string, p: Payment): Record<string, unknown> {
  const recurring = p.sequenceType === 'recurring';
  const links: Record<string, unknown> = {
    self: apiLink(base, paths.payment(p.id)),
    ...(!recurring && p.status === 'open' ? { checkout: pageLink(base, paths.checkout(p.id)) } : {}),
    ...(recurring && p.mode === 'test'
      ? { changePaymentState: pageLink(base, paths.changeState(p.id)) }
      : {}),
    dashboard: pageLink(base, paths.dashboardPayment(p.id)),
    ...(p.customerId ? { customer: apiLink(base, paths.customer(p.customerId)) } : {}),
    ...(p.customerId && p.mandateId
      ? { mandate: apiLink(base, paths.mandate(p.customerId, p.mandateId)) }
      : {}),
    ...(p.refundedCents ? { refunds: apiLink(base, paths.paymentRefunds(p.id)) } : {}),
    ...(p.customerId && p.subscriptionId
      ? { subscription: apiLink(base, paths.subscription(p.customerId, p.subscriptionId)) }
      : {}),
    documentation: docLink('get-payment'),
  };
  return {
    resource: 'payment',
    id: p.id,
    mode: p.mode,
    createdAt: isoTime(p.createdAt),
    status: p.status,
    isCancelable: p.status === 'open',
    ...(p.expiresAt !== null && (p.status === 'open' || p.status === 'authorized')
      ? { expiresAt: isoTime(p.expiresAt) }
      : {}),
    ...times({
      authorizedAt: p.authorizedAt,
      paidAt: p.paidAt,
      canceledAt: p.canceledAt,
      expiredAt: p.expiredAt,
      failedAt: p.failedAt,
    }),
    amount: p.amount,
    ...(p.status === 'paid' ? paidAmounts(p) : {}),
    description: p.description,
    method: p.method,
    metadata: p.metadata,
    locale: p.locale,
    profileId: p.profileId,
    sequenceType: p.sequenceType,
    redirectUrl: p.redirectUrl,
    cancelUrl: p.cancelUrl,
    webhookUrl: p.webhookUrl,
    ...(p.customerId ? { customerId: p.customerId } : {}),
    ...(p.mandateId ? { mandateId: p.mandateId } : {}),
    ...(p.subscriptionId ? { subscriptionId: p.subscriptionId } : {}),
    details: p.details,
    _links: links,
  };
}

/** The customer resource (`resource:"customer"`). */
export function customerJson(base: string, c: Customer): Record<string, unknown> {
  return {
    resource: 'customer',
    id: c.id,
    mode: c.mode,
    name: c.name,
    email: c.email,
    locale: c.locale,
    metadata: c.metadata,
    createdAt: isoTime(c.createdAt),
    _links: {
      self: apiLink(base, paths.customer(c.id)),
      dashboard: pageLink(base, `/dashboard/customers/${c.id}`),
      payments: apiLink(base, paths.customerPayments(c.id)),
      mandates: apiLink(base, paths.mandates(c.id)),
      subscriptions: apiLink(base, paths.subscriptions(c.id)),
      documentation: docLink('get-customer'),
    },
  };
}

/** The mandate resource (`resource:"mandate"`). */
export function mandateJson(base: string, m: Mandate): Record<string, unknown> {
  return {
    resource: 'mandate',
    id: m.id,
    mode: m.mode,
    status: m.status,
    method: m.method,
    details: m.details,
    mandateReference: m.mandateReference,
    signatureDate: m.signatureDate,
    customerId: m.customerId,
    createdAt: isoTime(m.createdAt),
    _links: {
      self: apiLink(base, paths.mandate(m.customerId, m.id)),
      customer: apiLink(base, paths.customer(m.customerId)),
      documentation: docLink('get-mandate'),
    },
  };
}

/** The subscription resource (`resource:"subscription"`). */
export function subscriptionJson(base: string, s: Subscription, profileId: string): Record<string, unknown> {
  return {
    resource: 'subscription',
    id: s.id,
    mode: s.mode,
    createdAt: isoTime(s.createdAt),
    status: s.status,
    amount: s.amount,
    times: s.times,
    timesRemaining: s.timesRemaining,
    interval: s.interval,
    startDate: s.startDate,
    nextPaymentDate: s.nextPaymentDate,
    description: s.description,
    method: s.method,
    ...(s.mandateId ? { mandateId: s.mandateId } : {}),
    webhookUrl: s.webhookUrl,
    metadata: s.metadata,
    customerId: s.customerId,
    ...(s.canceledAt !== undefined ? { canceledAt: isoTime(s.canceledAt) } : {}),
    _links: {
      self: apiLink(base, paths.subscription(s.customerId, s.id)),
      customer: apiLink(base, paths.customer(s.customerId)),
      ...(s.mandateId ? { mandate: apiLink(base, paths.mandate(s.customerId, s.mandateId)) } : {}),
      profile: apiLink(base, paths.profile(profileId)),
      payments: apiLink(base, paths.subscriptionPayments(s.customerId, s.id)),
      documentation: docLink('get-subscription'),
    },
  };
}

/**
 * The refund resource (`resource:"refund"`). `settlementAmount` is what leaves the merchant's balance:
 * the refunded amount, negative, in the same currency (no conversion in the emulator).
 */
export function refundJson(base: string, r: Refund): Record<string, unknown> {
  return {
    resource: 'refund',
    id: r.id,
    mode: r.mode,
    description: r.description,
    amount: r.amount,
    settlementAmount: { currency: r.amount.currency, value: centsValue(-amountCents(r.amount.value)) },
    status: r.status,
    paymentId: r.paymentId,
    createdAt: isoTime(r.createdAt),
    metadata: r.metadata,
    _links: {
      self: apiLink(base, paths.paymentRefund(r.paymentId, r.id)),
      payment: apiLink(base, paths.payment(r.paymentId)),
      documentation: docLink('get-refund'),
    },
  };
}
