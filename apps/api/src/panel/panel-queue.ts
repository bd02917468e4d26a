/** The queue of panel calls jobs make (decisions/031-panel-queue.md). */

import { PANEL_BUDGET_SHARE } from '@falkenhost/pterodactyl/client';
import { isNotFound, isStateConflict } from '@falkenhost/pterodactyl/errors';
import { inBackground } from '@falkenhost/pterodactyl/limiter';
import type { Kysely, Transaction } from 'kysely';
import { MINUTE_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import type { Database } from '../platform/db/schema';
import type { PanelCallOutcome } from '../platform/metrics';
import { leaseRow, type RetryPolicy, type RowCondition, retryDelay, retryLater } from '../platform/queue';
import { addToWindow } from '../platform/requests/rate-limit-store';
import { notifyStaff } from '../platform/staff-webhook';
import { confirmPanelServer, ForeignPanelServerError } from './panel-ownership';
import { pushBuild } from './panel-servers';
import { sendPowerSignal } from './power-states';
import { currentBuild } from './server-build';
import { untilStopped } from './wings-state';

/** build: set the server's limits to its package and add-ons now (after a staff edit) */
export type PanelTaskKind = 'suspend' | 'unsuspend' | 'power' | 'delete' | 'build';
export type PanelPowerSignal = 'start' | 'stop' | 'restart';

const RETRY: RetryPolicy = { leaseMs: MINUTE_MS, firstRetryMs: 5_000, maxRetryMs: 10 * MINUTE_MS };
const pending: RowCondition<'panel_tasks'> = (eb) => eb('status', '=', 'pending');
/**
 * The failed try after which the staff hear of a task (platform/staff-webhook.ts): the first whose retry
 * delay reaches the cap (5 s doubling: the 8th, about 10 minutes of failures). The queue itself never
 * gives up (decisions/031-panel-queue.md), so this is its "retries exhausted".
 */
export const PANEL_TASK_NOTIFY_ATTEMPTS = (() => {
  let attempt = 1;
  while (retryDelay(RETRY, attempt) < RETRY.maxRetryMs) attempt += 1;
  return attempt;
})();
const PARALLEL = 4;

/** Writes a task; call inside the transaction that decides it. */
export async function enqueuePanelTask(
  db: Kysely<Database> | Transaction<Database>,
  task: { userPackageId: number; kind: PanelTaskKind; signal?: PanelPowerSignal; now: number },
): Promise<void> {
  await db
    .insertInto('panel_tasks')
    .values({
      user_package_id: task.userPackageId,
      kind: task.kind,
      payload: JSON.stringify(task.signal ? { signal: task.signal } : {}),
      status: 'pending',
      next_attempt_at: task.now,
      last_error: null,
      created_at: task.now,
      done_at: null,
    })
    .execute();
}

/** Writes many tasks of one kind in one statement (the billing tick's suspensions). */
export async function enqueuePanelTasks(
  trx: Transaction<Database>,
  userPackageIds: number[],
  kind: PanelTaskKind,
  now: number,
): Promise<void> {
  for (let i = 0; i < userPackageIds.length; i += 1_000) {
    await trx
      .insertInto('panel_tasks')
      .values(
        userPackageIds.slice(i, i + 1_000).map((id) => ({
          user_package_id: id,
          kind,
          status: 'pending',
          next_attempt_at: now,
          last_error: null,
          created_at: now,
          done_at: null,
        })),
      )
      .execute();
  }
}

/**
 * Tasks the queue runs a minute at most, all instances together: its share of the panel's rate limit
 * (decisions/111-panel-budget.md).
 */
export function panelQueuePerMinute(ctx: AppContext): number {
  return Math.max(1, Math.floor(ctx.config.panelRateLimitPerMinute * PANEL_BUDGET_SHARE));
}

/**
 * Takes up to `wanted` calls from the per-minute budget all instances share (decisions/111-panel-budget.md).
 * @returns how many calls may be made now (0 when the minute's budget is spent)
 */
export async function takePanelBudget(ctx: AppContext, wanted: number): Promise<number> {
  if (wanted <= 0) return 0;
  const max = panelQueuePerMinute(ctx);
  const { count } = await addToWindow(ctx.db, 'panel-queue', wanted, ctx.now(), MINUTE_MS);
  const before = count - wanted;
  return Math.max(0, Math.min(wanted, max - before));
}

interface ClaimedTask {
  id: number;
  user_package_id: number;
  kind: string;
  payload: string;
  attempts: number;
}

export interface PanelQueueResult {
  done: number;
  failed: number;
}

/** A task the panel confirmed (or that needs nothing more on the panel). */
export interface DonePanelTask {
  kind: PanelTaskKind;
  userPackageId: number;
}

/** What the caller does with a confirmed task (panel is below servers, which owns the server rows). */
export interface PanelTaskHandlers {
  /** The panel ids of owned server `userPackageId` (servers owns `user_packages`; it must exist). */
  serverOf(ctx: AppContext, userPackageId: number): Promise<TaskServer>;
  /** Applies the task to the caller's records, in the transaction that marks it done; `now` in ms. */
  onDone(trx: Transaction<Database>, task: DonePanelTask, now: number): Promise<void>;
}

/** What a task needs of its owned server: our id and the panel server's ids, null before it exists. */
export interface TaskServer {
  id: number;
  ptero_server_id: number | null;
  ptero_server_uuid: string | null;
}

/**
 * Runs due tasks until none is due or the budget is spent (callers: servers/panel-task-results.ts).
 * @returns tasks confirmed and tasks that failed (and wait for their retry)
 */
export function drainPanelTasks(ctx: AppContext, handlers: PanelTaskHandlers): Promise<PanelQueueResult> {
  return inBackground(() => drain(ctx, handlers));
}

async function drain(ctx: AppContext, handlers: PanelTaskHandlers): Promise<PanelQueueResult> {
  const result: PanelQueueResult = { done: 0, failed: 0 };
  for (;;) {
    const due = await countDue(ctx, PARALLEL * 4);
    if (due === 0) return result;
    const budget = await takePanelBudget(ctx, due);
    if (budget === 0) return result;
    const tasks = await claim(ctx, budget);
    if (tasks.length === 0) return result;
    for (let i = 0; i < tasks.length; i += PARALLEL) {
      const batch = tasks.slice(i, i + PARALLEL);
      const outcomes = await Promise.all(batch.map((task) => runTask(ctx, handlers, task)));
      for (const ok of outcomes) ok ? result.done++ : result.failed++;
    }
  }
}

function dueQuery(ctx: AppContext, now: number) {
  return ctx.db
    .selectFrom('panel_tasks as t')
    .where('t.status', '=', 'pending')
    .where('t.next_attempt_at', '<=', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('panel_tasks as e')
            .select('e.id')
            .whereRef('e.user_package_id', '=', 't.user_package_id')
            .where('e.status', '=', 'pending')
            .whereRef('e.id', '<', 't.id'),
        ),
      ),
    );
}

async function countDue(ctx: AppContext, limit: number): Promise<number> {
  const rows = await dueQuery(ctx, ctx.now()).select('t.id').limit(limit).execute();
  return rows.length;
}

/** Tasks a customer waits for (a paid unsuspend, a start, a new build), leased before bulk work. */
const CUSTOMER_KINDS: PanelTaskKind[] = ['unsuspend', 'power', 'build'];

/** Leases up to `limit` due tasks, customers' kinds first, by a conditional update each (none shared). */
async function claim(ctx: AppContext, limit: number): Promise<ClaimedTask[]> {
  const now = ctx.now();
  const due = (customer: boolean, max: number) =>
    max <= 0
      ? Promise.resolve([])
      : dueQuery(ctx, now)
          .select(['t.id', 't.user_package_id', 't.kind', 't.payload', 't.attempts', 't.next_attempt_at'])
          .where('t.kind', customer ? 'in' : 'not in', CUSTOMER_KINDS)
          .orderBy('t.id')
          .limit(max)
          .execute();
  const first = await due(true, limit);
  const candidates = [...first, ...(await due(false, limit - first.length))];
  const claimed: ClaimedTask[] = [];
  for (const task of candidates) {
    if (await leaseRow(ctx.db, 'panel_tasks', task, now + RETRY.leaseMs, pending))
      claimed.push({ ...task, attempts: task.attempts + 1 });
  }
  return claimed;
}

async function runTask(ctx: AppContext, handlers: PanelTaskHandlers, task: ClaimedTask): Promise<boolean> {
  const server = await handlers.serverOf(ctx, task.user_package_id);
  const started = performance.now();
  const observe = (outcome: PanelCallOutcome) =>
    ctx.metrics?.panelCallDuration.observe(
      { kind: task.kind, outcome },
      (performance.now() - started) / 1000,
    );
  try {
    await call(ctx, task, server);
    observe('ok');
  } catch (error) {
    if (error instanceof ForeignPanelServerError) return refused(ctx, handlers, task, error);
    // A server the panel no longer has needs no suspension, power or deletion.
    if (!isNotFound(error) && !(task.kind === 'power' && isStateConflict(error) && isSettled(error))) {
      observe('failed');
      ctx.metrics?.panelCallFailures.inc({ kind: task.kind });
      const delay = retryDelay(RETRY, task.attempts);
      await ctx.db.transaction().execute(async (trx) => {
        await retryLater(trx, 'panel_tasks', task.id, ctx.now() + delay, error);
        // It never gives up; once its retries are as far apart as they get, the staff are told (once).
        if (task.attempts >= PANEL_TASK_NOTIFY_ATTEMPTS)
          await notifyStaff(ctx, trx, {
            type: 'panel-task-failing',
            taskId: task.id,
            kind: task.kind,
            userPackageId: task.user_package_id,
            attempts: task.attempts,
            error: String(error).slice(0, 500),
          });
      });
      ctx.log.warn(
        { err: error, taskId: task.id, kind: task.kind, serverId: server.id, retryInMs: delay },
        'panel call failed; retried later',
      );
      return false;
    }
    observe('ok');
  }
  await confirm(ctx, handlers, task);
  return true;
}

/**
 * The server with our external id is not ours (panel-ownership.ts): the task ends without touching it and
 * the reconciler takes over. A deletion counts as done: the server we meant is no longer on the panel.
 */
async function refused(
  ctx: AppContext,
  handlers: PanelTaskHandlers,
  task: ClaimedTask,
  error: ForeignPanelServerError,
): Promise<boolean> {
  if (task.kind === 'delete') {
    await confirm(ctx, handlers, task);
  } else {
    await ctx.db
      .updateTable('panel_tasks')
      .set({ status: 'done', done_at: ctx.now(), last_error: error.message.slice(0, 500) })
      .where('id', '=', task.id)
      .execute();
  }
  return true;
}

/** A power signal refused because the server is suspended: nothing left to do (it is off). */
function isSettled(error: unknown): boolean {
  return String((error as { detail?: string }).detail ?? '').includes('suspended');
}

/**
 * Makes the task's call on the panel server confirmed ours (panel-ownership.ts), by the panel's id for our
 * external id; power goes by the full uuid.
 * @throws ForeignPanelServerError (retried later), PterodactylError
 */
async function call(ctx: AppContext, task: ClaimedTask, server: TaskServer): Promise<void> {
  const { panel } = ctx;
  if (server.ptero_server_id === null || server.ptero_server_uuid === null) return;
  if (task.kind === 'power') {
    const { signal } = JSON.parse(task.payload) as { signal: PanelPowerSignal };
    if (signal !== 'stop') await untilStopped(ctx, server.ptero_server_uuid);
    return sendPowerSignal(ctx, server.ptero_server_uuid, signal);
  }
  const current = await confirmPanelServer(ctx, server);
  if (!current) return;
  switch (task.kind) {
    case 'suspend':
      return panel.suspendServer(current.id);
    case 'unsuspend':
      return panel.unsuspendServer(current.id);
    case 'delete':
      return panel.deleteServer(current.id, { force: true });
    case 'build':
      return pushBuild(ctx, current, await currentBuild(ctx, task.user_package_id));
    default:
      throw new Error(`unknown panel task ${task.kind}`);
  }
}

async function confirm(ctx: AppContext, handlers: PanelTaskHandlers, task: ClaimedTask): Promise<void> {
  const t = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('panel_tasks')
      .set({ status: 'done', done_at: t, last_error: null })
      .where('id', '=', task.id)
      .execute();
    const done = { kind: task.kind as PanelTaskKind, userPackageId: task.user_package_id };
    await handlers.onDone(trx, done, t);
  });
}
