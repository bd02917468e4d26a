/**
 * A server's life after the order: power, the customer's delete, the low-balance warning and the deletion
 * of a suspended server (docs/decisions/066-suspension-and-deletion.md, 067-customer-delete.md).
 */
import type { PowerSignal } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import { HOURS_PER_MONTH, hourlyUnits } from '@falkenhost/contracts/money';
import { sql } from 'kysely';
import { clearLowBalanceWarning, markLowBalanceWarned } from '../identity/user-fields';
import { enqueuePanelTask } from '../panel/panel-queue';
import { isStateConflict } from '../panel/port';
import { sendPowerSignal } from '../panel/power-states';
import { DAY_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import type { User } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { mailDate, renderNoticeMail } from '../platform/mail/templates';
import { queueMail } from '../platform/outbox';
import { creditsText } from './hourly-billing';
import { assertPaid, loadOwnedServer } from './owned-server';
import { runPanelQueue } from './panel-task-results';
import { isOutsideSchedule } from './schedules/schedules';
import { moveServer, type ServerStatus } from './server-status';

export const LOW_BALANCE_HOURS = 24;

/** Runs the queued panel calls now so the customer sees the result at once; failures are retried later. */
async function kickQueue(ctx: AppContext): Promise<void> {
  await runPanelQueue(ctx).catch((error) => ctx.log.warn({ err: error }, 'panel queue run failed'));
}

/**
 * Sends a power signal to a running server through the panel's Client API.
 * @throws AppError 404, 409 server-state, 409 outside-schedule, 409 installing, 502 panel
 */
export async function powerServer(
  ctx: AppContext,
  user: User,
  id: number,
  signal: PowerSignal,
): Promise<void> {
  const { server } = await loadOwnedServer(ctx, user.id, id);
  assertPaid(server);
  if (!server.ptero_server_uuid) throw new AppError(409, REASONS.installing);
  if (
    signal !== 'stop' &&
    server.scheduled === 1 &&
    (await isOutsideSchedule(ctx.db, ctx.now(), server.id, user.time_zone))
  )
    throw new AppError(409, REASONS.outsideSchedule);
  try {
    // By the full uuid, which only our server has (panel/panel-ownership.ts).
    await sendPowerSignal(ctx, server.ptero_server_uuid, signal);
  } catch (error) {
    if (isStateConflict(error)) throw new AppError(409, REASONS.installing);
    throw new AppError(502, REASONS.panel, error instanceof Error ? error.message : undefined);
  }
}

/**
 * Deletes an hourly server at the customer's request (product.md "API calls" cancel-server).
 * @throws AppError 404, 409 server-state (not running or billed monthly)
 */
export async function cancelServer(ctx: AppContext, user: User, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const { server } = await loadOwnedServer(ctx, user.id, id, trx);
    if (server.billing_type !== 'hourly' || !['paid', 'suspended'].includes(server.status))
      throw new AppError(409, REASONS.serverState);
    const t = ctx.now();
    const from = server.status as ServerStatus;
    if (!(await moveServer(trx, server.id, from, 'deleting', { delete_at: t })))
      throw new AppError(409, REASONS.serverState);
    await enqueuePanelTask(trx, { userPackageId: server.id, kind: 'delete', now: t });
  });
  await kickQueue(ctx);
}

/** The customer's columns of the low-balance query, selected and grouped by. */
const LOW_BALANCE_USER_COLUMNS = [
  'u.id',
  'u.credits',
  'u.email',
  'u.username',
  'u.first_name',
  'u.language',
  'u.low_balance_warned_at',
] as const;

/**
 * Mails each customer whose balance pays fewer than LOW_BALANCE_HOURS of their running hourly servers,
 * once until the balance covers them again. Answers how many warnings were queued.
 */
export async function warnLowBalances(ctx: AppContext): Promise<number> {
  const monthly = sql<number>`sum(up.credits_monthly)`;
  // balance x HOURS_PER_MONTH < LOW_BALANCE_HOURS x monthly: the balance pays fewer than LOW_BALANCE_HOURS
  // hours at monthly / HOURS_PER_MONTH (money.ts), compared without rounding.
  const balanceMonthly = sql`u.credits * ${sql.lit(HOURS_PER_MONTH)}`;
  const rows = await ctx.db
    .selectFrom('users as u')
    .innerJoin('user_packages as up', 'up.user_id', 'u.id')
    .select([...LOW_BALANCE_USER_COLUMNS, monthly.as('monthly')])
    .where('up.status', '=', 'paid')
    .where('up.billing_type', '=', 'hourly')
    .groupBy([...LOW_BALANCE_USER_COLUMNS])
    .having((eb) =>
      eb.or([
        eb.and([
          eb('u.low_balance_warned_at', 'is', null),
          eb(balanceMonthly, '<', sql`${LOW_BALANCE_HOURS} * ${monthly}`),
        ]),
        eb.and([
          eb('u.low_balance_warned_at', 'is not', null),
          eb(balanceMonthly, '>=', sql`${LOW_BALANCE_HOURS} * ${monthly}`),
        ]),
      ]),
    )
    .execute();
  let warned = 0;
  const t = ctx.now();
  for (const row of rows) {
    const hourly = hourlyUnits(Number(row.monthly));
    const low = hourly > 0 && Number(row.credits) < LOW_BALANCE_HOURS * hourly;
    if (!low) {
      await clearLowBalanceWarning(ctx.db, row.id);
      continue;
    }
    if (row.low_balance_warned_at !== null) continue;
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await markLowBalanceWarned(trx, row.id, t))) return;
      const mail = renderNoticeMail('lowBalance', row.language, {
        username: row.username,
        firstName: row.first_name,
        credits: creditsText(Number(row.credits)),
        hours: String(LOW_BALANCE_HOURS),
      });
      await queueMail(trx, row.email, mail, t);
      warned += 1;
    });
  }
  return warned;
}

export interface SuspendedResult {
  warned: number;
  deleted: number;
}

/** Warns of, then carries out, the deletion of suspended servers near or past their deletion date. */
export async function processSuspended(ctx: AppContext): Promise<SuspendedResult> {
  const t = ctx.now();
  const result: SuspendedResult = { warned: 0, deleted: 0 };
  const rows = await ctx.db
    .selectFrom('user_packages as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select([
      'up.id',
      'up.name',
      'up.delete_at',
      'up.deletion_warnings',
      'up.billing_type',
      'u.email',
      'u.username',
      'u.first_name',
      'u.language',
      'u.time_zone',
    ])
    .where('up.status', '=', 'suspended')
    .where('up.delete_at', '<=', t + 3 * DAY_MS)
    .execute();
  for (const row of rows) {
    const deleteAt = row.delete_at ?? t;
    await ctx.db.transaction().execute(async (trx) => {
      if (deleteAt <= t) {
        if (!(await moveServer(trx, row.id, 'suspended', 'deleting'))) return;
        await enqueuePanelTask(trx, { userPackageId: row.id, kind: 'delete', now: t });
        const mail = renderNoticeMail('deleted', row.language, {
          username: row.username,
          firstName: row.first_name,
          server: row.name,
          days: String(ctx.config.suspendDays),
        });
        await queueMail(trx, row.email, mail, t);
        result.deleted += 1;
        return;
      }
      const level = deleteAt - t <= DAY_MS ? 2 : 1;
      if (row.deletion_warnings >= level) return;
      const marked = await trx
        .updateTable('user_packages')
        .set({ deletion_warnings: level })
        .where('id', '=', row.id)
        .where('deletion_warnings', '=', row.deletion_warnings)
        .where('status', '=', 'suspended')
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return;
      const kind = row.billing_type === 'monthly' ? 'deletionWarningMonthly' : 'deletionWarning';
      const mail = renderNoticeMail(kind, row.language, {
        username: row.username,
        firstName: row.first_name,
        server: row.name,
        date: mailDate(row.language, row.time_zone, deleteAt),
      });
      await queueMail(trx, row.email, mail, t);
      result.warned += 1;
    });
  }
  return result;
}
