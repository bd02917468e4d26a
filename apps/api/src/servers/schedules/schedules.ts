/**
 * On-hours schedules of hourly servers (product.md "Entities and fields", "Validation rules" ("Schedule");
 * docs/decisions/062-schedules.md).
 */
import { DAYS, type Day } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import {
  type ScheduleAnswer,
  type ScheduleBody,
  type ScheduleDeleteBody,
  scheduleInput,
} from '@falkenhost/contracts/servers';
import type { Kysely, Transaction } from 'kysely';
import { setTimeZone } from '../../identity/user-fields';
import { enqueuePanelTask } from '../../panel/panel-queue';
import type { AppContext } from '../../platform/context';
import type { Database, User } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { loadOwnedServer } from '../owned-server';
import { runPanelQueue } from '../panel-task-results';
import { hoursOf, isActiveHour, isValidTimeZone, type StoredSchedule } from './schedule-hours';

/** The server's schedules and the time zone they are in. @throws AppError 404 */
export async function listSchedules(
  ctx: AppContext,
  user: User,
  userPackageId: number,
): Promise<ScheduleAnswer> {
  const { server } = await loadOwnedServer(ctx, user.id, userPackageId);
  const rows = await ctx.db
    .selectFrom('schedules')
    .select(['id', 'day_of_week', 'active_hours'])
    .where('user_package_id', '=', server.id)
    .orderBy('day_of_week')
    .orderBy('id')
    .execute();
  return {
    timeZone: user.time_zone,
    schedules: rows.map((r) => ({
      id: r.id,
      day_of_week: DAYS[r.day_of_week] as Day,
      active_hours: hoursOf(r).sort((a, b) => a - b),
    })),
  };
}

const isHour = (v: unknown): v is number => Number.isInteger(v);

/**
 * Adds the hours `startHour` to `endHour` (inclusive) of `day` to an hourly server's schedules, checked in
 * product.md "Validation rules"'s order by the contracts' `scheduleInput`; a valid `timeZone` (sent only when
 * the customer chose it) becomes the customer's schedule time zone
 * (docs/decisions/221-schedule-time-zone.md).
 * @throws AppError 404, 400 invalid-input, 400 invalid-hours, 409 schedule-overlap
 */
export async function addSchedule(ctx: AppContext, user: User, body: ScheduleBody): Promise<void> {
  const parsed = scheduleInput.safeParse(body);
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message;
    throw new AppError(400, reason === REASONS.invalidInput ? REASONS.invalidInput : REASONS.invalidHours);
  }
  const { day, startHour, endHour } = parsed.data;
  const dayIndex = DAYS.indexOf(day);
  const hours = Array.from({ length: endHour - startHour + 1 }, (_, i) => startHour + i);

  await ctx.db.transaction().execute(async (trx) => {
    const { server } = await loadOwnedServer(ctx, user.id, body.user_packages_id, trx);
    if (server.billing_type !== 'hourly') throw new AppError(400, REASONS.invalidInput);
    const sameDay = await trx
      .selectFrom('schedules')
      .select('active_hours')
      .where('user_package_id', '=', server.id)
      .where('day_of_week', '=', dayIndex)
      .execute();
    if (sameDay.some((s) => hoursOf(s).some((h) => hours.includes(h))))
      throw new AppError(409, REASONS.scheduleOverlap);
    const t = ctx.now();
    await trx
      .insertInto('schedules')
      .values({
        user_package_id: server.id,
        day_of_week: dayIndex,
        active_hours: JSON.stringify(hours),
        created_at: t,
      })
      .execute();
    await trx.updateTable('user_packages').set({ scheduled: 1 }).where('id', '=', server.id).execute();
    if (body.timeZone && isValidTimeZone(body.timeZone) && body.timeZone !== user.time_zone) {
      await setTimeZone(trx, user.id, body.timeZone, t);
    }
  });
  await applySchedulePower(ctx, [body.user_packages_id]);
}

/**
 * Removes hours from one schedule (all when `hoursToDelete` is absent); an empty schedule is deleted.
 * @throws AppError 404, 400 invalid-input
 */
export async function deleteSchedule(ctx: AppContext, user: User, body: ScheduleDeleteBody): Promise<void> {
  let remove: number[] | null = null;
  if (body.hoursToDelete !== undefined) {
    let parsed: unknown = body.hoursToDelete;
    if (typeof parsed === 'string') {
      try {
        parsed = JSON.parse(parsed);
      } catch {
        throw new AppError(400, REASONS.invalidInput);
      }
    }
    if (!Array.isArray(parsed) || !parsed.every(isHour)) throw new AppError(400, REASONS.invalidInput);
    remove = parsed;
  }
  await ctx.db.transaction().execute(async (trx) => {
    const { server } = await loadOwnedServer(ctx, user.id, body.user_packages_id, trx);
    const row = await trx
      .selectFrom('schedules')
      .select(['id', 'active_hours'])
      .where('id', '=', body.id)
      .where('user_package_id', '=', server.id)
      .executeTakeFirst();
    if (!row) throw new AppError(404, REASONS.notFound);
    const left = remove === null ? [] : hoursOf(row).filter((h) => !remove.includes(h));
    if (left.length === 0) {
      await trx.deleteFrom('schedules').where('id', '=', row.id).execute();
    } else {
      await trx
        .updateTable('schedules')
        .set({ active_hours: JSON.stringify(left) })
        .where('id', '=', row.id)
        .execute();
    }
    const remaining = await trx
      .selectFrom('schedules')
      .select('id')
      .where('user_package_id', '=', server.id)
      .limit(1)
      .execute();
    if (remaining.length === 0)
      await trx.updateTable('user_packages').set({ scheduled: 0 }).where('id', '=', server.id).execute();
  });
  await applySchedulePower(ctx, [body.user_packages_id]);
}

/**
 * Powers running servers on or off as their schedules say now, queuing a call only when the wanted state
 * changes, so a customer's own stop inside the hours stands. Answers how many calls were queued.
 * @param onlyIds limit to these servers; all scheduled servers when omitted
 */
export async function applySchedulePower(ctx: AppContext, onlyIds?: number[]): Promise<number> {
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom('user_packages as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select(['up.id', 'up.scheduled', 'up.power_target', 'u.time_zone'])
    .where('up.status', '=', 'paid')
    .where((eb) => eb.or([eb('up.scheduled', '=', 1), eb('up.power_target', '=', 'off')]))
    .$if(onlyIds !== undefined, (q) => q.where('up.id', 'in', onlyIds?.length ? onlyIds : [0]))
    .execute();
  if (rows.length === 0) return 0;
  const schedules = await ctx.db
    .selectFrom('schedules')
    .select(['user_package_id', 'day_of_week', 'active_hours'])
    .where(
      'user_package_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  let queued = 0;
  for (const row of rows) {
    const own = schedules.filter((s) => s.user_package_id === row.id);
    const scheduled = row.scheduled === 1 && own.length > 0;
    const wanted = !scheduled || isActiveHour(own, row.time_zone, now) ? 'on' : 'off';
    const target = scheduled ? wanted : null;
    if ((row.power_target ?? 'on') === wanted) {
      if (row.power_target !== target) {
        await ctx.db
          .updateTable('user_packages')
          .set({ power_target: target })
          .where('id', '=', row.id)
          .execute();
      }
      continue;
    }
    const moved = await ctx.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('user_packages')
        .set({ power_target: target })
        .where('id', '=', row.id)
        .where((eb) =>
          row.power_target === null
            ? eb('power_target', 'is', null)
            : eb('power_target', '=', row.power_target),
        )
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return false;
      await enqueuePanelTask(trx, {
        userPackageId: row.id,
        kind: 'power',
        signal: wanted === 'on' ? 'start' : 'stop',
        now,
      });
      return true;
    });
    if (moved) queued += 1;
  }
  if (onlyIds && queued > 0)
    await runPanelQueue(ctx).catch((error) => ctx.log.warn({ err: error }, 'panel queue'));
  return queued;
}

/** True when a scheduled server is outside its active hours at `now` (a manual start is refused then). */
export async function isOutsideSchedule(
  db: Kysely<Database> | Transaction<Database>,
  now: number,
  userPackageId: number,
  timeZone: string,
): Promise<boolean> {
  const own = await db
    .selectFrom('schedules')
    .select(['day_of_week', 'active_hours'])
    .where('user_package_id', '=', userPackageId)
    .execute();
  return own.length > 0 && !isActiveHour(own, timeZone, now);
}

/**
 * The schedules of the scheduled hourly servers among `rows`, by server id (servers without one are
 * absent): what their next start and their expected month (scheduledMonthlyUnits) are read from.
 */
export async function schedulesOfServers(
  db: Kysely<Database> | Transaction<Database>,
  rows: { id: number; scheduled: number; billing_type: string }[],
): Promise<Map<number, StoredSchedule[]>> {
  const ids = rows.filter((r) => r.scheduled === 1 && r.billing_type === 'hourly').map((r) => r.id);
  const byServer = new Map<number, StoredSchedule[]>();
  if (ids.length === 0) return byServer;
  const schedules = await db
    .selectFrom('schedules')
    .select(['user_package_id', 'day_of_week', 'active_hours'])
    .where('user_package_id', 'in', ids)
    .execute();
  for (const s of schedules) byServer.set(s.user_package_id, [...(byServer.get(s.user_package_id) ?? []), s]);
  return byServer;
}
