/**
 * Hourly billing of servers paid by credits (architecture.md "Billing"): prepaid per hour; the first hour
 * is charged at the order, then each further hour when the paid time runs out, once per server and hour
 * (ledger reference `server-hour:<id>:<hour start>` and a conditional move of `billed_until`). When the
 * balance cannot pay the next hour the server is suspended on the panel and the customer is mailed.
 * Safe when several instances run it at once.
 */
import { hourlyUnits } from '@falkenhost/contracts/money';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../lib/errors';
import { renderSuspensionMail } from '../mail/templates';
import { applyLedgerEntry } from './ledger';

export const HOUR_MS = 3_600_000;

export interface BillingResult {
  charged: number;
  suspended: number;
  /** suspensions the panel confirmed in this run (new ones and earlier failed ones) */
  panelSuspended: number;
}

/**
 * Charges every hourly server whose paid time has run out, hour by hour up to now.
 * @returns how many hours were charged and servers suspended in this run
 */
export async function billHourlyServers(ctx: AppContext): Promise<BillingResult> {
  const { db, now } = ctx;
  const result: BillingResult = { charged: 0, suspended: 0, panelSuspended: 0 };
  const due = await db
    .selectFrom('user_packages')
    .select(['id', 'user_id', 'credits_monthly', 'billed_until', 'name'])
    .where('billing_type', '=', 'hourly')
    .where('status', '=', 'paid')
    .where('billed_until', '<=', now())
    .execute();

  for (const server of due) {
    let billedUntil = server.billed_until ?? now();
    const price = hourlyUnits(server.credits_monthly);
    while (billedUntil <= now()) {
      const outcome = await chargeHour(ctx, server.id, server.user_id, price, billedUntil);
      if (outcome === 'charged') result.charged += 1;
      if (outcome === 'suspend') {
        if (await suspendForCredits(ctx, server.id, server.user_id, server.name)) {
          result.suspended += 1;
        }
        break;
      }
      if (outcome === 'taken') break;
      billedUntil += HOUR_MS;
    }
  }
  result.panelSuspended = await suspendOnPanel(ctx);
  return result;
}

/**
 * Suspends on the panel every hourly server we suspended whose panel suspension is not confirmed yet
 * (a new one, or one whose panel call failed in an earlier run). Failures are logged and retried on the
 * next run; the server is not billed meanwhile.
 * @returns how many the panel confirmed
 */
async function suspendOnPanel(ctx: AppContext): Promise<number> {
  const pending = await ctx.db
    .selectFrom('user_packages')
    .select(['id', 'ptero_server_id'])
    .where('billing_type', '=', 'hourly')
    .where('status', '=', 'suspended')
    .where('panel_suspended_at', 'is', null)
    .where('ptero_server_id', 'is not', null)
    .execute();
  let confirmed = 0;
  for (const server of pending) {
    try {
      await ctx.pterodactyl.suspendServer(server.ptero_server_id as number);
    } catch (error) {
      ctx.log.error(
        { err: error, serverId: server.id },
        'panel suspend failed; the next billing run retries',
      );
      continue;
    }
    await ctx.db
      .updateTable('user_packages')
      .set({ panel_suspended_at: ctx.now() })
      .where('id', '=', server.id)
      .where('status', '=', 'suspended')
      .execute();
    confirmed += 1;
  }
  return confirmed;
}

/** One hour of one server: 'charged', 'taken' (another run did it), or 'suspend' (balance too low). */
async function chargeHour(
  ctx: AppContext,
  serverId: number,
  userId: number,
  price: number,
  hourStart: number,
): Promise<'charged' | 'taken' | 'suspend'> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('user_packages')
        .set({ billed_until: hourStart + HOUR_MS })
        .where('id', '=', serverId)
        .where('status', '=', 'paid')
        .where('billed_until', '=', hourStart)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return 'taken' as const;
      if (price > 0) {
        await applyLedgerEntry(trx, {
          userId,
          amount: -price,
          kind: 'server-hour',
          reference: `server-hour:${serverId}:${hourStart}`,
          now: ctx.now(),
        });
      }
      return 'charged' as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    if (error instanceof Error && 'reason' in error && error.reason === 'credits') return 'suspend';
    throw error;
  }
}

/**
 * Marks a server the balance cannot pay as suspended (once, whichever run gets there first) and mails
 * its owner; the panel suspension follows in `suspendOnPanel`, retried until the panel confirms.
 */
async function suspendForCredits(
  ctx: AppContext,
  serverId: number,
  userId: number,
  name: string,
): Promise<boolean> {
  const claimed = await ctx.db
    .updateTable('user_packages')
    .set({ status: 'suspended', suspended_at: ctx.now(), panel_suspended_at: null })
    .where('id', '=', serverId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (user) {
    const mail = renderSuspensionMail(user.language, {
      username: user.username,
      server: name,
      days: String(ctx.config.suspendDays),
    });
    await ctx.mailer.send({ to: user.email, ...mail }).catch((error) => {
      ctx.log.error({ err: error, serverId }, 'suspension mail failed');
    });
  }
  return true;
}
