/**
 * /api/private/billing (issue 8, the "Billing" part of the settings section): the customer's invoices
 * and credit notes, each one's PDF, and the credit history. Verified customers, their own rows only.
 */
import { invoicesAnswer, LEDGER_PAGE_SIZE, ledgerAnswer, ledgerQuery } from '@falkenhost/contracts/billing';
import { REASONS } from '@falkenhost/contracts/errors';
import { centsToEur, unitsToCredits } from '@falkenhost/contracts/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoicePdf } from '../../../billing/invoice-files';
import { listInvoices } from '../../../billing/invoices';
import { AppError } from '../../../platform/errors';
import { authOf, guard } from '../../guards';

export default async function billingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  app.addHook('onRequest', guard(fastify, 'verified'));

  app.get('/invoices', { schema: { response: { 200: invoicesAnswer } } }, async (request) => {
    const rows = await listInvoices(ctx, authOf(request).user.id);
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
      const invoice = await ctx.db
        .selectFrom('invoices')
        .select('id')
        .where('id', '=', request.params.id)
        .where('user_id', '=', authOf(request).user.id)
        .executeTakeFirst();
      if (!invoice) throw new AppError(404, REASONS.notFound);
      const { filename, content } = await invoicePdf(ctx, invoice.id);
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
    async (request) => {
      const userId = authOf(request).user.id;
      const { count } = await ctx.db
        .selectFrom('credit_ledger')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const pages = Math.max(1, Math.ceil(Number(count) / LEDGER_PAGE_SIZE));
      const page = Math.min(request.query.page, pages);
      const rows = await ctx.db
        .selectFrom('credit_ledger')
        .select(['id', 'created_at', 'kind', 'amount', 'balance_after'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(LEDGER_PAGE_SIZE)
        .offset((page - 1) * LEDGER_PAGE_SIZE)
        .execute();
      return {
        page,
        pages,
        rows: rows.map((r) => ({
          id: r.id,
          created_at: new Date(r.created_at).toISOString(),
          kind: r.kind,
          amount: unitsToCredits(Number(r.amount)),
          balance_after: unitsToCredits(Number(r.balance_after)),
        })),
      };
    },
  );
}
