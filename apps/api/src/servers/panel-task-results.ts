/**
 * What a panel call the queue confirmed means for the owned server's row: panel is below servers, so the
 * queue (panel/panel-queue.ts) hands each confirmed task to this handler in the transaction that closes it.
 */
import type { Transaction } from 'kysely';
import {
  type DonePanelTask,
  drainPanelTasks,
  type PanelQueueResult,
  type PanelTaskHandlers,
  type TaskServer,
} from '../panel/panel-queue';
import type { AppContext } from '../platform/context';
import type { Database } from '../platform/db/schema';
import { moveServer } from './server-status';

/**
 * Records a confirmed task on the server's row, inside the queue's transaction: a suspension of a server
 * still suspended is marked confirmed (`panel_suspended_at`, the time in ms), an unsuspension clears it, a
 * deletion of a server being deleted ends it (`deleted`). Power and build calls change no row.
 */
export async function applyPanelTaskResult(
  trx: Transaction<Database>,
  task: DonePanelTask,
  now: number,
): Promise<void> {
  if (task.kind === 'suspend') {
    await trx
      .updateTable('user_packages')
      .set({ panel_suspended_at: now })
      .where('id', '=', task.userPackageId)
      .where('status', '=', 'suspended')
      .execute();
  } else if (task.kind === 'unsuspend') {
    await trx
      .updateTable('user_packages')
      .set({ panel_suspended_at: null })
      .where('id', '=', task.userPackageId)
      .execute();
  } else if (task.kind === 'delete') {
    await moveServer(trx, task.userPackageId, 'deleting', 'deleted', { deleted_at: now });
  }
}

/** The panel ids of owned server `userPackageId`, as the panel queue's tasks need them. */
async function taskServer(ctx: AppContext, userPackageId: number): Promise<TaskServer> {
  return ctx.db
    .selectFrom('user_packages')
    .select(['id', 'ptero_server_id', 'ptero_server_uuid'])
    .where('id', '=', userPackageId)
    .executeTakeFirstOrThrow();
}

const handlers: PanelTaskHandlers = { serverOf: taskServer, onDone: applyPanelTaskResult };

/**
 * Runs the panel queue's due tasks (panel/panel-queue.ts#drainPanelTasks) with the server rows kept in
 * step; the one entry point for servers and the modules above it.
 * @returns tasks confirmed and tasks that failed (and wait for their retry)
 */
export function runPanelQueue(ctx: AppContext): Promise<PanelQueueResult> {
  return drainPanelTasks(ctx, handlers);
}
