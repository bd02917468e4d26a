/**
 * The staff overview (issue 31 part 1, docs/decisions/312-staff-overview.md): how the business is doing
 * over a period, read from the tables of billing, orders, servers, the panel queue and the outbox by SQL
 * aggregation, and the panel's nodes from the cached reading placement keeps.
 */
import {
  OVERVIEW_STEPS,
  OVERVIEW_TIME_ZONE,
  type OverviewAnswer,
  type OverviewPeriod,
  type OverviewStepFigures,
} from '@falkenhost/contracts/overview';
import { sql } from 'kysely';
import { panelQueuePerMinute } from '../panel/panel-queue';
import { panelNodes } from '../panel/placement';
import type { AppContext } from '../platform/context';
import { closedUntil, emptyHour, type HourFigures, hourFigures, keepClosedHours } from './overview-hours';
import { serverFigures } from './overview-servers';
import { stepBoundaries, stepOf } from './overview-steps';

/** How long an answer waits for the panel's nodes when they are not cached (the read goes on). */
const PANEL_WAIT_MS = 2_500;

const iso = (ms: number | string | null | undefined) =>
  ms == null ? null : new Date(Number(ms)).toISOString();

/**
 * The overview of `period` at the product's clock.
 * @returns OverviewAnswer: per step (days or months from midnight in OVERVIEW_TIME_ZONE) net revenue by
 *   source in cents, credits sold and spent in 1/10 000 credit, new customers, servers deleted and failed
 *   renewals; now: MRR in cents (and at the period's start), the customers' credit balance, running
 *   servers by billing type and game, suspended servers, the panel's nodes (memory and disk in MB; null
 *   when the panel did not answer within 2.5 s), the panel queue's and the outbox's depth and oldest
 *   entry, and the seconds the panel queue takes to drain at its budget
 * @throws the database's errors
 */
export async function readOverview(ctx: AppContext, period: OverviewPeriod): Promise<OverviewAnswer> {
  const now = ctx.now();
  const boundaries = stepBoundaries(period, now, OVERVIEW_TIME_ZONE);
  const start = boundaries[0] as number;
  const [steps, servers, creditBalance, queues, nodes] = await Promise.all([
    stepFigures(ctx, boundaries, now),
    serverFigures(ctx, start),
    customersBalance(ctx),
    queueDepths(ctx),
    nodeCapacity(ctx),
  ]);
  const perMinute = panelQueuePerMinute(ctx);
  return {
    period,
    step: OVERVIEW_STEPS[period].step,
    timeZone: OVERVIEW_TIME_ZONE,
    at: new Date(now).toISOString(),
    steps,
    mrr: servers.mrr,
    creditBalance,
    activeServers: servers.activeServers,
    suspendedNow: servers.suspendedNow,
    graceNow: servers.graceNow,
    nodes: nodes.nodes,
    nodesReadAt: iso(nodes.readAt),
    panelQueue: {
      ...queues.panel,
      perMinute,
      drainSeconds: Math.ceil((queues.panel.depth * 60) / perMinute),
    },
    mailOutbox: queues.mail,
  };
}

/** The figures of each step: closed hours from `overview_hours`, the open ones computed now. */
async function stepFigures(
  ctx: AppContext,
  boundaries: number[],
  now: number,
): Promise<OverviewStepFigures[]> {
  const start = boundaries[0] as number;
  const kept = Math.max(start, closedUntil(now));
  await keepClosedHours(ctx, start, kept);
  const sums = boundaries.slice(0, -1).map(() => emptyHour());
  const add = (step: number, figures: Partial<Record<keyof HourFigures, unknown>>) => {
    const target = sums[step];
    if (!target) return;
    for (const key of Object.keys(target) as (keyof HourFigures)[]) target[key] += Number(figures[key] ?? 0);
  };
  if (kept > start) {
    const which = sql.join(
      boundaries.slice(1).map((b, i) => sql`when hour_start < ${b} then ${sql.lit(i)}`),
      sql` `,
    );
    const rows = await ctx.db
      .selectFrom('overview_hours')
      .select((eb) => [
        sql<number>`case ${which} else -1 end`.as('step'),
        eb.fn.sum<number>('revenue_credits').as('revenue_credits'),
        eb.fn.sum<number>('revenue_first').as('revenue_first'),
        eb.fn.sum<number>('revenue_renewal').as('revenue_renewal'),
        eb.fn.sum<number>('revenue_unsuspend').as('revenue_unsuspend'),
        eb.fn.sum<number>('revenue_top_up').as('revenue_top_up'),
        eb.fn.sum<number>('credits_sold').as('credits_sold'),
        eb.fn.sum<number>('credits_spent').as('credits_spent'),
        eb.fn.sum<number>('new_customers').as('new_customers'),
        eb.fn.sum<number>('servers_deleted').as('servers_deleted'),
        eb.fn.sum<number>('failed_renewals').as('failed_renewals'),
      ])
      .where('hour_start', '>=', start)
      .where('hour_start', '<', kept)
      .groupBy(sql`1`)
      .execute();
    for (const row of rows) add(Number(row.step), row);
  }
  for (const [hour, figures] of await hourFigures(ctx, kept, null)) add(stepOf(boundaries, hour), figures);
  return sums.map((s, i) => ({
    start: new Date(boundaries[i] as number).toISOString(),
    revenue: {
      credits: s.revenue_credits,
      first: s.revenue_first,
      renewal: s.revenue_renewal,
      unsuspend: s.revenue_unsuspend,
      topUp: s.revenue_top_up,
    },
    creditsSold: s.credits_sold,
    creditsSpent: s.credits_spent,
    newCustomers: s.new_customers,
    serversDeleted: s.servers_deleted,
    failedRenewals: s.failed_renewals,
  }));
}

/** What customers (accounts not admin or master) hold, 1/10 000 credit. */
async function customersBalance(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('credits'), eb.lit(0)).as('n'))
    .where('role', 'not in', ['admin', 'master'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The panel queue's waiting tasks and the mails not yet sent: how many, and the oldest's queue time. */
async function queueDepths(ctx: AppContext) {
  const [panel, mail] = await Promise.all([
    ctx.db
      .selectFrom('panel_tasks')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('mail_outbox')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    panel: { depth: Number(panel.n), oldestAt: iso(panel.oldest) },
    mail: { depth: Number(mail.n), oldestAt: iso(mail.oldest) },
  };
}

/**
 * Memory and disk (MB) of each node and what its servers were given, from the reading placement keeps
 * (panel/placement.ts, fresh for PANEL_READING_FRESH_MS): the panel is asked at most once per that time.
 */
async function nodeCapacity(
  ctx: AppContext,
): Promise<{ nodes: OverviewAnswer['nodes']; readAt: number | null }> {
  const read = panelNodes(ctx).then(
    async ({ timed }) => ({ nodes: await timed.value, readAt: timed.readAt }),
    (error) => {
      ctx.log.warn({ err: error }, 'the panel nodes could not be read for the overview');
      return null;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const found = await Promise.race([
    read,
    new Promise<null>((resolve) => (timer = setTimeout(resolve, PANEL_WAIT_MS, null))),
  ]);
  clearTimeout(timer);
  if (!found) return { nodes: null, readAt: null };
  return {
    readAt: found.readAt,
    nodes: found.nodes.map((n) => ({
      id: n.id,
      name: n.name,
      memory: n.memory,
      memoryAllocated: n.allocated_resources.memory,
      disk: n.disk,
      diskAllocated: n.allocated_resources.disk,
    })),
  };
}
