/**
 * Hourly billing of servers paid by credits: each started clock hour of a running server is charged once,
 * in set-based batches so the tick stays cheap with many servers and safe with several instances
 * (docs/decisions/060-hourly-billing-clock-hours.md); an hour the balance cannot pay suspends the server.
 */
import { hourlyUnits, unitsToCredits } from '@falkenhost/contracts/money';
import { sql, type Transaction } from 'kysely';
import { chargeServerHours, type ServerHourCharge } from '../billing/hour-charges';
import { enqueuePanelTasks } from '../panel/panel-queue';
import { DAY_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import type { Dialect } from '../platform/db/dialect';
import type { Database } from '../platform/db/schema';
import { mailDate } from '../platform/mail/templates';
import { type QueuedNotice, queueNoticeMails } from '../platform/outbox';
import { advanceBilledHours, billedUntilAfter, lastPaidHour } from './billed-hours';
import { isActiveHour } from './schedules/schedule-hours';
import { moveServer } from './server-status';

export interface BillingResult {
  /** server-hours charged */
  charged: number;
  /** servers suspended because the balance could not pay their hour */
  suspended: number;
  /** server-hours outside their schedule: not charged */
  idle: number;
}

interface ClaimedServer {
  id: number;
  user_id: number;
  credits_monthly: number;
  /** the end of the claimed hour (the hour starts one hour before) */
  billed_until: number | null;
  scheduled: number;
  name: string;
}

/**
 * Charges every hour that has started for every running hourly server, batch after batch until none is
 * due, yielding to the event loop between batches. A batch claims its servers' due hour (`billed_until`
 * moves on, servers/billed-hours.ts), locks their customers, charges them (billing/hour-charges.ts) and
 * suspends the unpaid, in one transaction. Schedules' idle hours are not charged.
 * @param options.batchSize servers per transaction (default: SQLite 500, whose synchronous statements
 *   block the loop; PostgreSQL 4 000, whose driver never does, so fewer statements: 100 000 servers took
 *   5.0-5.5 s against 6.3-6.8 s in batches of 2 000, with the loop never blocked over 42 ms; decision 314)
 * @returns server-hours charged, servers suspended, idle hours
 */
export async function billHourlyServers(
  ctx: AppContext,
  options: { batchSize?: number } = {},
): Promise<BillingResult> {
  const size = options.batchSize ?? (ctx.dialect === 'postgres' ? 4_000 : 500);
  const total: BillingResult = { charged: 0, suspended: 0, idle: 0 };
  for (;;) {
    const { claimed, ...batch } = await billBatch(ctx, size);
    // Counted per committed batch: a later batch that fails does not hide the hours already charged.
    ctx.metrics?.serversCharged.inc(batch.charged);
    total.charged += batch.charged;
    total.suspended += batch.suspended;
    total.idle += batch.idle;
    if (claimed === 0) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function billBatch(ctx: AppContext, size: number): Promise<BillingResult & { claimed: number }> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const claimed = await dueHours(trx, ctx.dialect, now, size);
    const result = { claimed: claimed.length, charged: 0, suspended: 0, idle: 0 };
    if (claimed.length === 0) return result;

    const idle = await idleServers(trx, claimed);
    result.idle = idle.size;
    const billable = claimed
      .filter((s) => !idle.has(s.id) && hourlyUnits(s.credits_monthly) > 0)
      .sort((a, b) => a.user_id - b.user_id || a.id - b.id);

    const charges: ServerHourCharge[] = [];
    const unpaid: ClaimedServer[] = [];
    const users = new Map<number, BilledUser>();
    if (billable.length > 0) {
      await yieldToLoop();
      const userIds = [...new Set(billable.map((s) => s.user_id))];
      const rows = await trx
        .selectFrom('users')
        .select(['id', 'credits', 'email', 'username', 'first_name', 'language', 'time_zone'])
        .$if(ctx.dialect === 'postgres', (q) => q.where('id', '=', sql<number>`any(${userIds}::int[])`))
        .$if(ctx.dialect !== 'postgres', (q) => q.where('id', 'in', userIds))
        .orderBy('id')
        .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
        .execute();
      for (const u of rows) users.set(u.id, { ...u, credits: Number(u.credits) });
    }
    for (const server of billable) {
      const user = users.get(server.user_id);
      const price = hourlyUnits(server.credits_monthly);
      if (!user || user.credits < price) {
        unpaid.push(server);
        continue;
      }
      user.credits -= price;
      charges.push({
        userId: user.id,
        userPackageId: server.id,
        hour: lastPaidHour(server.billed_until ?? now),
        units: price,
        balanceAfter: user.credits,
      });
    }

    // The hour moves on for every server but the unpaid: their hour is not billed, and they are written
    // once, by the suspension.
    const unpaidIds = new Set(unpaid.map((s) => s.id));
    await yieldToLoop();
    await advanceBilledHours(
      trx,
      ctx.dialect,
      claimed.filter((s) => !unpaidIds.has(s.id)).map((s) => s.id),
    );
    await chargeServerHours(trx, ctx.dialect, charges, now);
    result.charged = charges.length;
    if (unpaid.length > 0) {
      result.suspended = await suspendUnpaid(ctx, trx, unpaid, users, now);
    }
    return result;
  });
}

interface BilledUser {
  id: number;
  /** balance in 1/10 000 credit, less the charges of this batch so far */
  credits: number;
  email: string;
  username: string;
  first_name: string;
  language: string;
  time_zone: string;
}

/**
 * Up to `size` due servers, the earliest due first, each with the hour it is claimed for (`billed_until`:
 * the hour's end, one hour after the stored value). PostgreSQL locks them until the batch commits,
 * skipping rows another instance's batch holds; SQLite's batch transaction is the only writer.
 */
async function dueHours(
  trx: Transaction<Database>,
  dialect: Dialect,
  now: number,
  size: number,
): Promise<ClaimedServer[]> {
  const due = await trx
    .selectFrom('user_packages')
    .select(['id', 'user_id', 'credits_monthly', 'billed_until', 'scheduled', 'name'])
    .where('status', '=', 'paid')
    .where('billing_type', '=', 'hourly')
    .where('billed_until', '<=', now)
    .orderBy('billed_until')
    .limit(size)
    .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked())
    .execute();
  return due.map((s) => ({
    ...s,
    billed_until: s.billed_until === null ? null : billedUntilAfter(Number(s.billed_until)),
  }));
}

/** Lets timers and I/O run between the statements of a batch (better-sqlite3 runs synchronously). */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The claimed servers whose claimed hour is outside their schedules (not charged). */
async function idleServers(trx: Transaction<Database>, claimed: ClaimedServer[]): Promise<Set<number>> {
  const scheduled = claimed.filter((s) => s.scheduled === 1);
  const idle = new Set<number>();
  if (scheduled.length === 0) return idle;
  const ids = scheduled.map((s) => s.id);
  const rows = await trx
    .selectFrom('schedules')
    .select(['user_package_id', 'day_of_week', 'active_hours'])
    .where('user_package_id', 'in', ids)
    .execute();
  const zones = await trx
    .selectFrom('user_packages as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select(['up.id', 'u.time_zone'])
    .where('up.id', 'in', ids)
    .execute();
  const zoneOf = new Map(zones.map((z) => [z.id, z.time_zone]));
  for (const server of scheduled) {
    const own = rows.filter((r) => r.user_package_id === server.id);
    const hour = lastPaidHour(server.billed_until ?? 0);
    if (own.length > 0 && !isActiveHour(own, zoneOf.get(server.id) ?? '', hour)) idle.add(server.id);
  }
  return idle;
}

/**
 * Suspends the servers whose hour the balance could not pay (their `billed_until` stays before the
 * unpaid hour, which is not billed): the deletion date is set (SUSPEND_DAYS), the panel suspension is
 * queued and the customer is mailed.
 * @returns how many were suspended
 */
async function suspendUnpaid(
  ctx: AppContext,
  trx: Transaction<Database>,
  unpaid: ClaimedServer[],
  users: Map<number, BilledUser>,
  now: number,
): Promise<number> {
  const deleteAt = now + ctx.config.suspendDays * DAY_MS;
  const ids = unpaid.map((s) => s.id);
  await moveServer(trx, ids, 'paid', 'suspended', {
    suspended_at: now,
    panel_suspended_at: null,
    delete_at: deleteAt,
    deletion_warnings: 0,
  });
  await enqueuePanelTasks(trx, ids, 'suspend', now);
  const mails: QueuedNotice[] = [];
  for (const server of unpaid) {
    const user = users.get(server.user_id);
    if (!user) continue;
    // Rendered when sent (decision 313): only the date is formatted here, in the customer's zone.
    const values = {
      username: user.username,
      firstName: user.first_name,
      server: server.name,
      date: mailDate(user.language, user.time_zone, deleteAt),
    };
    mails.push({ to: user.email, notice: { kind: 'suspended', language: user.language, values } });
  }
  await queueNoticeMails(trx, ctx.dialect, mails, now);
  return unpaid.length;
}

/** Hours of running the balance pays at this monthly rate (for the low-balance warning). */
export function hoursCovered(balanceUnits: number, monthlyUnits: number): number {
  const hourly = hourlyUnits(monthlyUnits);
  return hourly === 0 ? Number.POSITIVE_INFINITY : Math.floor(balanceUnits / hourly);
}

/** For mails and logs: credit units as credits with 2 decimals. */
export function creditsText(units: number): string {
  return unitsToCredits(units).toFixed(2);
}
