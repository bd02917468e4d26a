/**
 * The staff overview (issue 31 part 1, docs/decisions/312-staff-overview.md): GET
 * /api/private/staff/overview?period=7d|30d|12m. Money in integer cents, credits in integer 1/10 000
 * credit, memory and disk in MB, times as ISO 8601; the steps are days (7d, 30d) or calendar months (12m)
 * in the business time zone (OVERVIEW_TIME_ZONE).
 */
import { z } from 'zod';

/** The periods the overview offers; the step is the day for 7d and 30d, the calendar month for 12m. */
export const OVERVIEW_PERIODS = ['7d', '30d', '12m'] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
export type OverviewStep = 'day' | 'month';
/** The steps of each period: how many, and of what. */
export const OVERVIEW_STEPS: Record<OverviewPeriod, { count: number; step: OverviewStep }> = {
  '7d': { count: 7, step: 'day' },
  '30d': { count: 30, step: 'day' },
  '12m': { count: 12, step: 'month' },
};
/** Days and months begin at midnight here: the supplier's zone, as its invoices' years do. */
export const OVERVIEW_TIME_ZONE = 'Europe/Prague';

/**
 * Where revenue comes from: the kind of order an invoice or credit note belongs to (`topUp`: auto
 * top-ups from a saved card, issue 43).
 */
export const REVENUE_SOURCES = ['credits', 'first', 'renewal', 'unsuspend', 'topUp'] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];

export const overviewQuery = z.object({
  period: z.enum(OVERVIEW_PERIODS).optional().default('30d'),
});

const int = z.number().int();

/** One step's figures. */
export const overviewStep = z.object({
  /** the step's first instant (ISO 8601) */
  start: z.string(),
  /** net revenue by source in cents: invoices issued in the step minus credit notes issued in it */
  revenue: z.object({ credits: int, first: int, renewal: int, unsuspend: int, topUp: int }),
  /** credits bought (1/10 000 credit), less credits taken back after a refund or chargeback */
  creditsSold: int,
  /** credits paid for servers (orders, hours, add-ons, changes; less credits given back), 1/10 000 credit */
  creditsSpent: int,
  newCustomers: int,
  serversDeleted: int,
  /** renewal payments that ended failed, canceled or expired */
  failedRenewals: int,
});
export type OverviewStepFigures = z.infer<typeof overviewStep>;

const queueDepth = z.object({
  /** tasks (mails) waiting */
  depth: int,
  /** when the oldest waiting one was queued (ISO 8601), null when none waits */
  oldestAt: z.string().nullable(),
});

export const overviewAnswer = z.object({
  period: z.enum(OVERVIEW_PERIODS),
  step: z.enum(['day', 'month']),
  timeZone: z.string(),
  /** when the figures were read (ISO 8601) */
  at: z.string(),
  steps: z.array(overviewStep),
  /** monthly recurring revenue in cents: the monthly price of running card-paid servers */
  mrr: z.object({ now: int, atStart: int }),
  /** what customers hold, 1/10 000 credit */
  creditBalance: int,
  activeServers: z.object({
    /** hourly (credits) and monthly (card) servers running */
    byBillingType: z.object({ hourly: int, monthly: int }),
    byGame: z.array(z.object({ gameId: int, game: z.string(), count: int })),
  }),
  suspendedNow: int,
  /** monthly servers running in grace after a failed renewal, their payment being retried (decision 420) */
  graceNow: int,
  /** the panel's nodes, null when the panel could not be read */
  nodes: z
    .array(
      z.object({
        id: int,
        name: z.string(),
        /** MB the node has, and MB given to its servers */
        memory: int,
        memoryAllocated: int,
        disk: int,
        diskAllocated: int,
      }),
    )
    .nullable(),
  /** when the node figures were read from the panel (ISO 8601), null when never */
  nodesReadAt: z.string().nullable(),
  panelQueue: queueDepth.extend({
    /** seconds the waiting tasks take at the panel budget the queue keeps to */
    drainSeconds: int,
    /** tasks the queue makes a minute at most */
    perMinute: int,
  }),
  mailOutbox: queueDepth,
});
export type OverviewAnswer = z.infer<typeof overviewAnswer>;
