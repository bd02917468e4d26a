/**
 * Tells the staff when a queue is stuck (docs/decisions/191-staff-webhook.md): the panel queue or the mail
 * outbox holding a pending row older than 15 minutes. Once per episode: the notice's key names the oldest
 * pending row, so later ticks that find the same row waiting queue nothing new.
 */

import { MINUTE_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import { notifyStaff } from '../platform/staff-webhook';

/** How long a row may wait in a queue before the staff hear of it (ms). */
export const STALE_QUEUE_MS = 15 * MINUTE_MS;

/**
 * Reads the first pending row of `panel_tasks` and of `mail_outbox` that is older than STALE_QUEUE_MS on
 * `ctx.now()` and queues a staff notification for each queue that has one. (The first pending row by id
 * need not be the one waiting longest: a row may be queued with an earlier time.)
 * @returns how many notices were queued by this call (0 when the episode was told already)
 */
export async function checkStaleQueues(ctx: AppContext): Promise<number> {
  if (ctx.config.staffWebhookUrl === null) return 0;
  const now = ctx.now();
  const before = now - STALE_QUEUE_MS;
  const panel = await ctx.db
    .selectFrom('panel_tasks')
    .select(['id', 'created_at'])
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const mail = await ctx.db
    .selectFrom('mail_outbox')
    .select(['id', 'created_at'])
    .where('sent_at', 'is', null)
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  let queued = 0;
  for (const [queue, oldest] of [
    ['panel', panel],
    ['mail', mail],
  ] as const) {
    if (!oldest || Number(oldest.created_at) >= before) continue;
    const pending =
      queue === 'panel'
        ? await ctx.db
            .selectFrom('panel_tasks')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'pending')
            .executeTakeFirstOrThrow()
        : await ctx.db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('sent_at', 'is', null)
            .executeTakeFirstOrThrow();
    const told = await notifyStaff(ctx, ctx.db, {
      type: 'queue-stale',
      queue,
      oldestId: oldest.id,
      ageMinutes: Math.floor((now - Number(oldest.created_at)) / MINUTE_MS),
      pending: Number(pending.n),
    });
    if (told) queued += 1;
  }
  return queued;
}
