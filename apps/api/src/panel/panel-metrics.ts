/** The panel queue's gauge of /metrics (docs/decisions/010-metrics.md), counted at each scrape. */
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../platform/db/database';
import { type DatabaseGauges, readGuarded } from '../platform/metrics';

/** The panel calls waiting in the job queue: counted in `db` at each scrape. */
export const registerPanelQueueGauge: DatabaseGauges = (
  db: Db['db'],
  log: FastifyBaseLogger,
  registers: Registry[],
) => {
  new Gauge({
    name: 'falkenhost_panel_queue_depth',
    help: 'Panel calls waiting in the job queue (pending panel_tasks)',
    registers,
    async collect() {
      await readGuarded(log, 'falkenhost_panel_queue_depth', async () => {
        const row = await db
          .selectFrom('panel_tasks')
          .where('status', '=', 'pending')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst();
        this.set(Number(row?.n ?? 0));
      });
    },
  });
};
