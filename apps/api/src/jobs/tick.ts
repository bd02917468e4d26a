/**
 * One run of every due job, each step idempotent across instances
 * (docs/decisions/061-billing-tick-batches.md).
 */

import { reconcileCardOrders } from '../orders/checkout/card-order-advance';
import { type RecoveryResult, recoverProvisioning } from '../orders/checkout/package-by-credits';
import { pollPendingPayments, pollWebhooklessPayments } from '../orders/mollie-webhook';
import {
  PANEL_RECONCILE_INTERVAL_MS,
  type PanelReconcileResult,
  reconcilePanel,
} from '../orders/reconciliation/panel-reconciler';
import { expireMonthlyServers } from '../orders/renewals/monthly-expiry';
import { runRenewalRetries } from '../orders/renewals/renewal-retries';
import { pollMissedRenewals } from '../orders/renewals/renewals';
import { syncSubscriptions } from '../orders/subscriptions/subscription-sync';
import { reconcileTopUps, startAutoTopUps, type TopUpRunResult } from '../orders/top-ups/top-up-tick';
import type { PanelQueueResult } from '../panel/panel-queue';
import { pruneAllocationClaims } from '../panel/placement';
import { inBackground } from '../panel/port';
import { hourStart } from '../platform/clock';
import type { AppContext } from '../platform/context';
import { sendQueuedMail } from '../platform/outbox';
import { claimSlot } from '../platform/queue';
import { sendStaffNotifications } from '../platform/staff-webhook';
import { reconcileServerChanges } from '../servers/changes/change-panel';
import { type BillingResult, billHourlyServers } from '../servers/hourly-billing';
import { processSuspended, type SuspendedResult, warnLowBalances } from '../servers/lifecycle';
import { runPanelQueue } from '../servers/panel-task-results';
import { applySchedulePower } from '../servers/schedules/schedules';
import { checkStaleQueues } from './stale-queues';

export interface TickResult {
  recovered: RecoveryResult;
  cardOrders: number;
  /** renewal retries charged on a mandate (docs/decisions/421-renewal-retry-payments.md) */
  renewalRetries: number;
  monthlySuspended: number;
  subscriptions: number;
  billing: BillingResult;
  /** auto top-ups started by this run (issue 43) */
  topUps: TopUpRunResult;
  hourly: { power: number; lowBalance: number; polled: number; renewals: number } | null;
  suspended: SuspendedResult;
  panel: PanelQueueResult;
  panelReconcile: PanelReconcileResult | null;
  mails: number;
  /** staff notifications: stale-queue notices queued and notifications posted by this run */
  staff: { staleQueues: number; sent: number };
}

/**
 * One run of every due job; `options.signal` stops it between steps, `reconcilePanel` forces the reconciler.
 * @throws the signal's reason when it was aborted, or the error of the step that failed
 */
export async function runTick(
  ctx: AppContext,
  options: { signal?: AbortSignal; reconcilePanel?: boolean } = {},
): Promise<TickResult> {
  const started = performance.now();
  let outcome: 'ok' | 'error' | 'stopped' = 'error';
  try {
    // Jobs' panel calls wait behind the customers' (decisions/111-panel-budget.md).
    const result = await inBackground(() => runSteps(ctx, options.signal, options.reconcilePanel ?? false));
    outcome = 'ok';
    return result;
  } catch (error) {
    if (options.signal?.aborted) outcome = 'stopped';
    throw error;
  } finally {
    ctx.metrics?.tickDuration.observe({ outcome }, (performance.now() - started) / 1000);
  }
}

async function runSteps(
  ctx: AppContext,
  signal: AbortSignal | undefined,
  forceReconcile: boolean,
): Promise<TickResult> {
  const next = () => signal?.throwIfAborted();
  const recovered = await recoverProvisioning(ctx);
  next();
  const cardOrders = await reconcileCardOrders(ctx);
  next();
  // Payments Mollie will not call our webhook for are read back at every run, not after an hour.
  await pollWebhooklessPayments(ctx);
  next();
  const renewalRetries = await runRenewalRetries(ctx);
  next();
  const monthlySuspended = await expireMonthlyServers(ctx);
  next();
  const subscriptions = await syncSubscriptions(ctx);
  next();
  await reconcileServerChanges(ctx);
  next();
  // Wall-clock interval, by one instance: the demo clock's hours would list the panel's servers hourly.
  const slot = Math.floor(Date.now() / PANEL_RECONCILE_INTERVAL_MS);
  let panelReconcile: PanelReconcileResult | null = null;
  if ((await claimSlot(ctx.db, 'job_runs', 'panel-reconcile', slot)) || forceReconcile) {
    panelReconcile = await reconcilePanel(ctx).catch((error) => {
      ctx.log.warn({ err: error }, 'the panel reconciler could not read the panel; it runs again later');
      return null;
    });
  }
  next();
  await pruneAllocationClaims(ctx);
  next();
  const billing = await billHourlyServers(ctx);
  next();
  // Right after the hours are charged, so a balance they took below a threshold is topped up before the
  // next hour (decisions/427); intents a crash or an outage left are charged again first.
  await reconcileTopUps(ctx);
  const topUps = await startAutoTopUps(ctx);
  next();
  let hourly: TickResult['hourly'] = null;
  // Once claimed, the hour's jobs run to their end: no other run takes this hour again.
  if (await claimSlot(ctx.db, 'job_runs', 'lifecycle', hourStart(ctx.now()))) {
    hourly = {
      power: await applySchedulePower(ctx),
      lowBalance: await warnLowBalances(ctx),
      polled: await pollPendingPayments(ctx),
      renewals: await pollMissedRenewals(ctx),
    };
  }
  next();
  const suspended = await processSuspended(ctx);
  next();
  const panel = await runPanelQueue(ctx);
  next();
  const mails = await sendQueuedMail(ctx);
  next();
  const staleQueues = await checkStaleQueues(ctx);
  const staff = { staleQueues, sent: await sendStaffNotifications(ctx) };
  return {
    recovered,
    cardOrders,
    renewalRetries,
    monthlySuspended,
    subscriptions,
    billing,
    topUps,
    hourly,
    suspended,
    panel,
    panelReconcile,
    mails,
    staff,
  };
}
