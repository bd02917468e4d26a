/** The orders' gauges of /metrics (docs/decisions/010-metrics.md), counted at each scrape. */
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../platform/db/database';
import { type DatabaseGauges, readGuarded } from '../platform/metrics';

/** The orders by kind and status, and the Mollie payments by status: counted in `db` at each scrape. */
export const registerOrderGauges: DatabaseGauges = (
  db: Db['db'],
  log: FastifyBaseLogger,
  registers: Registry[],
) => {
  new Gauge({
    name: 'falkenhost_orders',
    help: 'Orders in the database by kind and status',
    labelNames: ['kind', 'status'] as const,
    registers,
    async collect() {
      this.reset();
      await readGuarded(log, 'falkenhost_orders', async () => {
        const rows = await db
          .selectFrom('orders')
          .select(['kind', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
          .groupBy(['kind', 'status'])
          .execute();
        for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.n));
      });
    },
  });

  new Gauge({
    name: 'falkenhost_payments',
    help: 'Mollie payments (orders paid through Mollie) by status of their order',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      await readGuarded(log, 'falkenhost_payments', async () => {
        const rows = await db
          .selectFrom('orders')
          .where('mollie_payment_id', 'is not', null)
          .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
          .groupBy('status')
          .execute();
        for (const row of rows) this.set({ status: row.status }, Number(row.n));
      });
    },
  });
};
