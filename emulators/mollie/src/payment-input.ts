import { unprocessable } from './api/errors';
import {
  bodyObject,
  parseAmount,
  parseLocale,
  parseMetadata,
  parseMethods,
  parseOptionalUrl,
  parseText,
  parseUrl,
} from './api/validation';
import type { Amount, PaymentMethod, SequenceType } from './state/types';

/** A validated create-payment request. */
export interface CreatePaymentInput {
  amount: Amount;
  description: string;
  redirectUrl: string | null;
  cancelUrl: string | null;
  webhookUrl: string | null;
  /** The methods asked for; undefined when none was given. */
  methods: PaymentMethod[] | undefined;
  metadata: unknown;
  locale: string | null;
  sequenceType: SequenceType;
  customerId: string | undefined;
  mandateId: string | undefined;
}

const SEQUENCE_TYPES: readonly SequenceType[] = ['oneoff', 'first', 'recurring'];

/**
 * Validates the body of `POST /v2/payments` (or `/v2/customers/{cst}/payments`, whose path gives the
 * customer). Checks shapes only; whether the customer and mandate exist is the state's job.
 * @throws MollieError 422 naming the field: amount (string with 2 decimals), description (<= 255),
 *   redirectUrl (required unless recurring), method, locale, metadata (<= 1024 bytes), sequenceType,
 *   customerId (required for first and recurring).
 */
export function parsePaymentRequest(raw: unknown, customerIdFromPath?: string): CreatePaymentInput {
  const body = bodyObject(raw);
  const amount = parseAmount(body.amount);
  const description = parseText(body.description, 'description');
  const sequenceType = body.sequenceType ?? 'oneoff';
  if (!SEQUENCE_TYPES.includes(sequenceType as SequenceType)) {
    throw unprocessable('sequenceType', 'The sequence type is invalid');
  }
  const recurring = sequenceType === 'recurring';
  const redirectUrl = recurring
    ? parseOptionalUrl(body.redirectUrl, 'redirectUrl')
    : parseUrl(body.redirectUrl, 'redirectUrl');
  const customerId = customerIdFromPath ?? optionalId(body.customerId, 'customerId');
  if (sequenceType !== 'oneoff' && !customerId) {
    throw unprocessable('customerId', `A customer is required for a ${sequenceType} payment`);
  }
  const methods = body.method === undefined || body.method === null ? undefined : parseMethods(body.method);
  if (sequenceType === 'first' && methods?.length === 1 && methods[0] === 'paysafecard') {
    throw unprocessable('method', 'The payment method paysafecard cannot be used for a first payment');
  }
  return {
    amount,
    description,
    redirectUrl,
    cancelUrl: parseOptionalUrl(body.cancelUrl, 'cancelUrl'),
    webhookUrl: parseOptionalUrl(body.webhookUrl, 'webhookUrl'),
    methods,
    metadata: parseMetadata(body.metadata),
    locale: parseLocale(body.locale),
    sequenceType: sequenceType as SequenceType,
    customerId,
    mandateId: optionalId(body.mandateId, 'mandateId'),
  };
}

function optionalId(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw unprocessable(field, `The ${field} is invalid`);
  return value;
}
