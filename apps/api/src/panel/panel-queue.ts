/**
 * The one queue of panel calls that jobs make (issue 7 "Billing engine that scales"): suspend, unsuspend,
 * power and delete. A task is written in the transaction that decides it (the intent), then run by
 * `runPanelQueue` (suspend, unsuspend, power, delete and build: the limits a staff edit changed), which
 * - keeps within the panel's API limit (`PANEL_RATE_LIMIT_PER_MINUTE`, default 240 as Pterodactyl's
 *   application API allows): its calls are background calls of the client's limiter, which lets the
 *   customers' calls go first, and the tasks of all instances are counted in the database against the
 *   same share of the limit the limiter keeps to (decisions/111-panel-budget.md);
 * - runs a server's tasks one at a time in the order they were written (a suspend before the unsuspend);
 * - retries a failed call after 5 s, 10 s, 20 s ... up to 10 minutes, for as long as it takes: a panel
 *   outage delays tasks and loses none;
 * - applies each confirmed call to the database (suspension confirmed, server deleted).
 * The calls are idempotent on the panel (suspend of a suspended server, delete of a deleted one: 404),
 * so a task run twice after a crash does no harm.
 */

import { PANEL_BUDGET_SHARE } from '@falkenhost/pterodactyl/client';
import { isNotFound, isStateConflict } from '@falkenhost/pterodactyl/errors';
import { inBackground } from '@falkenhost/pterodactyl/limiter';
import { type Kysely, sql, type Transaction } from 'kysely';
import WebSocket from 'ws';
import type { AppContext } from '../platform/context';
import type { Database } from '../platform/db/schema';
import type { PanelCallOutcome } from '../platform/metrics';
import { confirmPanelServer, ForeignPanelServerError } from './panel-ownership';
import { pushBuild } from './panel-servers';
import { currentBuild } from './server-build';

/** build: set the server's limits to its package and add-ons now (after a staff edit, issue 10) */
export type PanelTaskKind = 'suspend' | 'unsuspend' | 'power' | 'delete' | 'build';
export type PanelPowerSignal = 'start' | 'stop' | 'restart';

/** A task's lease while it runs: another instance may take it over after this. */
const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 10 * 60_000;
/** calls made at once */
const PARALLEL = 4;
/** How long a start or restart waits for a stop in progress to end. */
const SETTLE_WAIT_MS = 15_000;

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
 * Takes up to `wanted` calls from the per-minute budget all instances share: the share of the panel's limit
 * the average the client's limiter keeps to in one process, so several instances' queues together stay
 * within it too.
 * @returns how many calls may be made now (0 when the minute's budget is spent)
 */
export async function takePanelBudget(ctx: AppContext, wanted: number): Promise<number> {
  if (wanted <= 0) return 0;
  const max = Math.max(1, Math.floor(ctx.config.panelRateLimitPerMinute * PANEL_BUDGET_SHARE));
  const t = ctx.now();
  const row = await ctx.db
    .insertInto('rate_limits')
    .values({ key: 'panel-queue', count: wanted, reset_at: t + 60_000 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${t} then ${wanted} else rate_limits.count + ${wanted} end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${t} then ${t + 60_000} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count'])
    .executeTakeFirstOrThrow();
  const before = Number(row.count) - wanted;
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

/**
 * Runs due tasks until none is due or the minute's budget is spent, as background calls (the customers'
 * own calls go ahead of them in the client's limiter).
 * @returns tasks confirmed and tasks that failed (and wait for their retry)
 */
export function runPanelQueue(ctx: AppContext): Promise<PanelQueueResult> {
  return inBackground(() => drainPanelQueue(ctx));
}

async function drainPanelQueue(ctx: AppContext): Promise<PanelQueueResult> {
  const result: PanelQueueResult = { done: 0, failed: 0 };
  for (;;) {
    const due = await countDue(ctx, PARALLEL * 4);
    if (due === 0) return result;
    const budget = await takePanelBudget(ctx, due);
    if (budget === 0) return result;
    const tasks = await claim(ctx, budget);
    if (tasks.length === 0) return result;
    for (let i = 0; i < tasks.length; i += PARALLEL) {
      const outcomes = await Promise.all(tasks.slice(i, i + PARALLEL).map((task) => runTask(ctx, task)));
      for (const ok of outcomes) ok ? result.done++ : result.failed++;
    }
  }
}

/** Due tasks that are the oldest pending one of their server, up to `limit`. */
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

/**
 * Leases up to `limit` due tasks (a conditional update per task: several instances never share one):
 * the customers' kinds first, then suspensions and deletions, each in the order written, so a paid
 * unsuspend does not wait behind a billing tick's thousands of suspensions.
 */
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
    const leased = await ctx.db
      .updateTable('panel_tasks')
      .set({ next_attempt_at: now + LEASE_MS, attempts: task.attempts + 1 })
      .where('id', '=', task.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', task.next_attempt_at)
      .executeTakeFirst();
    if (Number(leased.numUpdatedRows) === 1) claimed.push({ ...task, attempts: task.attempts + 1 });
  }
  return claimed;
}

/** Makes one call and records the outcome. @returns true when the panel confirmed it */
async function runTask(ctx: AppContext, task: ClaimedTask): Promise<boolean> {
  const server = await ctx.db
    .selectFrom('user_packages')
    .select(['id', 'ptero_server_id', 'ptero_server_uuid', 'status'])
    .where('id', '=', task.user_package_id)
    .executeTakeFirstOrThrow();
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
    if (error instanceof ForeignPanelServerError) return refused(ctx, task, server.id, error);
    // A server the panel no longer has needs no suspension, power or deletion.
    if (!isNotFound(error) && !(task.kind === 'power' && isStateConflict(error) && isSettled(error))) {
      observe('failed');
      ctx.metrics?.panelCallFailures.inc({ kind: task.kind });
      const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (task.attempts - 1));
      await ctx.db
        .updateTable('panel_tasks')
        .set({ next_attempt_at: ctx.now() + delay, last_error: String(error).slice(0, 500) })
        .where('id', '=', task.id)
        .execute();
      ctx.log.warn(
        { err: error, taskId: task.id, kind: task.kind, serverId: server.id, retryInMs: delay },
        'panel call failed; retried later',
      );
      return false;
    }
    observe('ok');
  }
  await confirm(ctx, task, server.id);
  return true;
}

/**
 * The server with our external id is not ours (panel/panel-ownership.ts; audited there): the task ends
 * without touching it, so the panel reconciler, which leaves servers with queued calls alone, takes over.
 * A deletion is done all the same: the server we meant to delete is no longer on the panel.
 * @returns true (the task is closed)
 */
async function refused(
  ctx: AppContext,
  task: ClaimedTask,
  serverId: number,
  error: ForeignPanelServerError,
): Promise<boolean> {
  if (task.kind === 'delete') {
    await confirm(ctx, task, serverId);
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
 * Makes the task's call on the panel server confirmed ours (panel/panel-ownership.ts): Application API
 * calls use the id the panel gives for our external id, never the one we recorded; power goes by the
 * full uuid. A server the panel no longer has needs nothing (the panel reconciler recreates a paid one).
 * @throws ForeignPanelServerError (retried later; the reconciler repairs the record), PterodactylError
 */
async function call(
  ctx: AppContext,
  task: ClaimedTask,
  server: { id: number; ptero_server_id: number | null; ptero_server_uuid: string | null },
): Promise<void> {
  const { pterodactyl } = ctx;
  if (server.ptero_server_id === null || server.ptero_server_uuid === null) return;
  if (task.kind === 'power') {
    const { signal } = JSON.parse(task.payload) as { signal: PanelPowerSignal };
    if (signal !== 'stop') await untilStopped(ctx, server.ptero_server_uuid);
    return pterodactyl.sendPowerSignal(server.ptero_server_uuid, signal);
  }
  const current = await confirmPanelServer(ctx, server);
  if (!current) return;
  switch (task.kind) {
    case 'suspend':
      return pterodactyl.suspendServer(current.id);
    case 'unsuspend':
      return pterodactyl.unsuspendServer(current.id);
    case 'delete':
      return pterodactyl.deleteServer(current.id, { force: true });
    case 'build':
      return pushBuild(ctx, current, await currentBuild(ctx, task.user_package_id));
    default:
      throw new Error(`unknown panel task ${task.kind}`);
  }
}

/**
 * Waits (real time, at most SETTLE_WAIT_MS) while the server is `stopping`. The panel passes a power signal
 * to Wings without `wait_seconds`, and Wings drops a signal that arrives while another power action holds
 * the server's lock, a stop holding it until the process has stopped (wings server/power.go,
 * HandlePowerAction): a start sent then would be answered 204 and never happen. A schedule's start can
 * follow its stop that closely (the demo clock's hours pass in milliseconds). The state is read from the
 * server's Wings socket, which reports it live; the panel's resources answer is cached for 20 s.
 * @throws Error when the server is still stopping at the end: the queue retries the task later
 */
async function untilStopped(ctx: AppContext, uuid: string): Promise<void> {
  const { socket, token } = await ctx.pterodactyl.getWebsocketCredentials(uuid);
  await new Promise<void>((resolve, reject) => {
    // Wings accepts the panel's own origin (its `remote`), as the stats relay sends it.
    const ws = new WebSocket(socket, { origin: new URL(ctx.config.pterodactyl.panelUrl).origin });
    const finish = (error?: Error) => {
      clearTimeout(timer);
      ws.terminate();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error('the server is still stopping')), SETTLE_WAIT_MS);
    ws.on('open', () => ws.send(JSON.stringify({ event: 'auth', args: [token] })));
    ws.on('message', (data) => {
      let frame: { event?: string; args?: string[] };
      try {
        frame = JSON.parse(String(data));
      } catch {
        return;
      }
      let state: string | undefined;
      if (frame.event === 'status') state = frame.args?.[0];
      else if (frame.event === 'stats') {
        try {
          state = (JSON.parse(frame.args?.[0] ?? '{}') as { state?: string }).state;
        } catch {
          state = undefined;
        }
      } else if (frame.event === 'jwt error' || frame.event === 'daemon error')
        finish(new Error(`Wings: ${frame.event} ${frame.args?.join(' ') ?? ''}`));
      if (state !== undefined && state !== 'stopping') finish();
    });
    ws.on('error', (error) => finish(error));
    ws.on('close', () => finish(new Error('the Wings socket closed before telling the state')));
  });
}

/** Marks the task done and applies what the panel confirmed to the server's row. */
async function confirm(ctx: AppContext, task: ClaimedTask, serverId: number): Promise<void> {
  const t = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('panel_tasks')
      .set({ status: 'done', done_at: t, last_error: null })
      .where('id', '=', task.id)
      .execute();
    if (task.kind === 'suspend') {
      await trx
        .updateTable('user_packages')
        .set({ panel_suspended_at: t })
        .where('id', '=', serverId)
        .where('status', '=', 'suspended')
        .execute();
    } else if (task.kind === 'unsuspend') {
      await trx
        .updateTable('user_packages')
        .set({ panel_suspended_at: null })
        .where('id', '=', serverId)
        .execute();
    } else if (task.kind === 'delete') {
      await trx
        .updateTable('user_packages')
        .set({ status: 'deleted', deleted_at: t })
        .where('id', '=', serverId)
        .where('status', '=', 'deleting')
        .execute();
    }
  });
}
