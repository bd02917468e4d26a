/**
 * /api/private/billing (the "Billing" part of the settings section): the customer's invoices
 * and credit notes, each one's PDF, the credit history, and auto top-up (issue 43). Verified customers,
 * their own rows only.
 */
import {
  autoTopUpAnswer,
  autoTopUpBody,
  invoicesAnswer,
  ledgerAnswer,
  ledgerQuery,
} from '@falkenhost/contracts/billing';
import { centsToEur } from '@falkenhost/contracts/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ledgerPage, ownInvoicePdf } from '../../../billing/customer-billing';
import { listInvoices } from '../../../billing/invoices';
import { autoTopUpOf, changeAutoTopUp } from '../../../orders/top-ups/top-up-settings';
import { returnBase } from '../../../platform/requests/origin-check';
import { authOf, guard, userOf } from '../../guards';
import { requestLanguage } from '../../request-language';

export default async function billingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  app.addHook('onRequest', guard(fastify, 'verified'));

  app.get('/invoices', { schema: { response: { 200: invoicesAnswer } } }, async (request) => {
    const rows = await listInvoices(ctx, authOf(request).user.id, requestLanguage(request));
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      kind: row.kind as 'invoice' | 'credit-note',
      issued_at: new Date(row.issued_at).toISOString(),
      total: centsToEur(row.total_cents),
      description: row.description,
      pdf_url: `/api/private/billing/invoices/${row.id}/pdf`,
    }));
  });

  app.get(
    '/invoices/:id/pdf',
    { schema: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) } },
    async (request, reply) => {
      const { filename, content } = await ownInvoicePdf(ctx, authOf(request).user.id, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(content);
    },
  );

  app.get(
    '/ledger',
    { schema: { querystring: ledgerQuery, response: { 200: ledgerAnswer } } },
    async (request) => ledgerPage(ctx, authOf(request).user.id, request.query.page),
  );

  app.get('/auto-top-up', { schema: { response: { 200: autoTopUpAnswer } } }, async (request) =>
    autoTopUpOf(ctx, authOf(request).user.id),
  );

  app.put(
    '/auto-top-up',
    {
      config: { rateLimit: { max: ctx.config.rateLimitPerMinute * 2, timeWindow: '1 minute' } },
      schema: { body: autoTopUpBody, response: { 200: autoTopUpAnswer } },
    },
    async (request) =>
      changeAutoTopUp(ctx, await userOf(request), request.body, returnBase(ctx.config, request)),
  );
}
