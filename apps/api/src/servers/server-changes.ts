/**
 * Add-ons and package changes of a running server (spec 2 "Customer servers", 4, 7, 8 "Servers", 9;
 * architecture.md "Add-ons and package change"). Hourly servers: nothing is charged now, the new rate
 * applies from the next hour, and the balance must cover one hour of it. Monthly servers: the difference
 * is paid in credits for the rest of the paid period, and the subscription's amount changes from the
 * next period (issue 8; orders/server-changes-paid.ts). The panel side and the change lock:
 * change-panel.ts.
 *
 * Crash safety: one change of a server at a time (`changing_since`, also the record of the intent); the
 * panel's build is changed first and our database after, in one transaction. A panel failure changes
 * nothing of ours. A crash between the two leaves `changing_since` set: `reconcileServerChanges` puts the
 * panel's build back to what our database says (the customer keeps what they were charged for).
 */
import { REASONS } from '@falkenhost/contracts/errors';
import { hourlyUnits, proRataUnits, serverMonthPrice } from '@falkenhost/contracts/money';
import type { Server } from '@falkenhost/pterodactyl/types';
import type { Transaction } from 'kysely';
import { applyLedgerEntry } from '../billing/ledger';
import { addonsOfPackage } from '../catalog/packages';
import { type ServerBuild, serverBuild } from '../panel/server-build';
import type { AppContext } from '../platform/context';
import type { Database, User, UserPackage } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { applyBuild, assertNodeRoom, panelServerForChange, withServerChange } from './change-panel';
import { assertPaid, loadOwnedServer } from './owned-server';
import { periodEnd } from './paid-period';
import { insertServerAddons } from './server-records';

/**
 * Adds an add-on to a running server. A monthly server's subscription follows in
 * orders/server-changes-paid.ts.
 * @returns the server as it was before the change
 * @throws AppError 404 (not the user's server), 409 server-state (not running), 400 unknown (custom
 *   server, add-on not offered or inactive), 409 addon-exists (one per type), 400 credits (the balance
 *   cannot pay one hour at the new rate), 400 resources (the node has no room for more disk), 409 busy
 *   (another change is under way), 502 panel (the panel refused; nothing changed)
 */
export async function buyAddon(
  ctx: AppContext,
  user: User,
  addonId: number,
  userPackageId: number,
): Promise<UserPackage> {
  const first = await loadOwnedServer(ctx, user.id, userPackageId);
  // Checked again under the server's change lock: a concurrent purchase may have just added one.
  await withServerChange(ctx, first.server.id, async () => {
    const owned = await loadOwnedServer(ctx, user.id, userPackageId);
    assertPaid(owned.server);
    if (owned.custom) throw new AppError(400, REASONS.unknown);
    const addon = (await addonsOfPackage(ctx, owned.pkg.id)).find((a) => a.id === addonId);
    if (!addon) throw new AppError(400, REASONS.unknown);
    if (owned.addons.some((a) => a.type === addon.type)) throw new AppError(409, REASONS.addonExists);
    const monthly = owned.server.credits_monthly + addon.credits_monthly;
    const charge = await priceOfChange(ctx, owned.server, monthly);
    const build = serverBuild(owned.pkg, [...owned.addons, addon]);
    const current = await panelServerForChange(ctx, owned.server);
    await assertNodeRoom(ctx, current, build);

    await applyBuild(ctx, current, build);
    const t = ctx.now();
    await recordOrRevert(ctx, owned.server, current, serverBuild(owned.pkg, owned.addons), async (trx) => {
      await chargeChange(
        trx,
        owned.server,
        charge,
        monthly,
        'addon',
        `addon:${owned.server.id}:${addon.id}:${t}`,
        t,
      );
      await insertServerAddons(trx, owned.server.id, [addon], t);
      await trx
        .updateTable('user_packages')
        .set((eb) => ({ credits_monthly: eb('credits_monthly', '+', addon.credits_monthly) }))
        .where('id', '=', owned.server.id)
        .execute();
    });
  });
  return first.server;
}

/**
 * Removes an add-on from a server; its price leaves the monthly rate from the next hour.
 * @returns the server as it was before the change
 * @throws AppError 404 (not the user's server or no such add-on on it), 409 server-state, 409 busy,
 *   502 panel
 */
export async function removeAddon(
  ctx: AppContext,
  user: User,
  addonId: number,
  userPackageId: number,
): Promise<UserPackage> {
  const first = await loadOwnedServer(ctx, user.id, userPackageId);
  await withServerChange(ctx, first.server.id, async () => {
    const owned = await loadOwnedServer(ctx, user.id, userPackageId);
    assertPaid(owned.server);
    const addon = owned.addons.find((a) => a.id === addonId);
    if (!addon) throw new AppError(404, REASONS.notFound);
    const build = serverBuild(
      owned.pkg,
      owned.addons.filter((a) => a.id !== addonId),
    );
    const current = await panelServerForChange(ctx, owned.server);
    await applyBuild(ctx, current, build);
    const monthly = owned.server.credits_monthly - addon.credits_monthly;
    await recordOrRevert(ctx, owned.server, current, serverBuild(owned.pkg, owned.addons), async (trx) => {
      await chargeChange(trx, owned.server, 0, monthly, 'addon', '', ctx.now());
      await trx
        .deleteFrom('user_package_addons')
        .where('user_package_id', '=', owned.server.id)
        .where('addon_id', '=', addonId)
        .execute();
      await trx
        .updateTable('user_packages')
        .set((eb) => ({ credits_monthly: eb('credits_monthly', '-', addon.credits_monthly) }))
        .where('id', '=', owned.server.id)
        .execute();
    });
  });
  return first.server;
}

/**
 * Moves a server to another package of its game, at once and for good (spec 4).
 * @returns the server as it was before the change
 * @throws AppError 404, 409 server-state, 400 unknown (custom server; package not active, not public, of
 *   another game or the current one), 409 addons (remove the add-ons first), 400 credits (one hour at the
 *   new rate), 400 resources (the server's node cannot hold the new limits), 409 busy, 502 panel
 */
export async function changePackage(
  ctx: AppContext,
  user: User,
  newPackageId: number,
  userPackageId: number,
): Promise<UserPackage> {
  const first = await loadOwnedServer(ctx, user.id, userPackageId);
  await withServerChange(ctx, first.server.id, async () => {
    const owned = await loadOwnedServer(ctx, user.id, userPackageId);
    assertPaid(owned.server);
    if (owned.custom) throw new AppError(400, REASONS.unknown);
    const next = await ctx.db
      .selectFrom('packages')
      .selectAll()
      .where('id', '=', newPackageId)
      .where('game_id', '=', owned.pkg.game_id)
      .where('active', '=', 1)
      .where('target_user_id', 'is', null)
      .executeTakeFirst();
    if (!next || next.id === owned.pkg.id) throw new AppError(400, REASONS.unknown);
    if (owned.addons.length > 0) throw new AppError(409, REASONS.hasAddons);
    const charge = await priceOfChange(ctx, owned.server, next.credits_monthly);
    const build = serverBuild(next, []);
    const current = await panelServerForChange(ctx, owned.server);
    await assertNodeRoom(ctx, current, build);

    await applyBuild(ctx, current, build);
    const t = ctx.now();
    await recordOrRevert(ctx, owned.server, current, serverBuild(owned.pkg, []), async (trx) => {
      await chargeChange(
        trx,
        owned.server,
        charge,
        next.credits_monthly,
        'package-change',
        `package-change:${owned.server.id}:${next.id}:${t}`,
        t,
      );
      await trx
        .updateTable('user_packages')
        .set({ package_id: next.id, credits_monthly: next.credits_monthly })
        .where('id', '=', owned.server.id)
        .execute();
    });
  });
  return first.server;
}

/**
 * What a change to `newMonthlyUnits` costs now, after checking the balance can pay it (architecture.md
 * "Add-ons and package change"): hourly servers pay the new rate from the next hour, so the balance must
 * cover one hour of it and nothing is charged now; monthly servers pay the difference for the rest of
 * their paid period in credits (money.ts `proRataUnits`; a cheaper rate costs 0).
 * @returns credit units to charge now (0 for hourly)
 * @throws AppError 400 credits when the balance cannot pay it
 */
async function priceOfChange(ctx: AppContext, server: UserPackage, newMonthlyUnits: number): Promise<number> {
  if (server.billing_type !== 'monthly') {
    await assertBalanceCoversHour(ctx, server.user_id, newMonthlyUnits);
    return 0;
  }
  const now = ctx.now();
  const anchor = server.period_anchor ?? now;
  const periods = server.periods_paid ?? 1;
  const end = server.paid_until ?? periodEnd(anchor, periods);
  const start = periodEnd(anchor, Math.max(periods - 1, 0));
  const charge = proRataUnits(newMonthlyUnits - server.credits_monthly, end - now, Math.max(end - start, 1));
  const { credits } = await ctx.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', server.user_id)
    .executeTakeFirstOrThrow();
  if (Number(credits) < charge) throw new AppError(400, REASONS.credits);
  return charge;
}

/**
 * Inside the change's transaction: a monthly server pays `charge` (ledger `kind`, unique `reference`) and
 * gets the later-month card price of `newMonthlyUnits` (the subscription follows from the next period).
 * @throws AppError 400 credits when the balance no longer pays it (the transaction rolls back)
 */
async function chargeChange(
  trx: Transaction<Database>,
  server: UserPackage,
  charge: number,
  newMonthlyUnits: number,
  kind: 'addon' | 'package-change',
  reference: string,
  now: number,
): Promise<void> {
  if (server.billing_type !== 'monthly') return;
  if (charge > 0)
    await applyLedgerEntry(trx, { userId: server.user_id, amount: -charge, kind, reference, now });
  await trx
    .updateTable('user_packages')
    .set({ monthly_amount_cents: serverMonthPrice(newMonthlyUnits, 0, 'creditCard').total })
    .where('id', '=', server.id)
    .execute();
}

/**
 * Records a change the panel has already taken; if recording fails (the balance was spent meanwhile),
 * the panel's build goes back to `previous` and the error is thrown: database, balance and panel stay as
 * they were.
 */
async function recordOrRevert(
  ctx: AppContext,
  server: UserPackage,
  current: Server,
  previous: ServerBuild,
  record: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  try {
    await ctx.db.transaction().execute(record);
  } catch (error) {
    await applyBuild(ctx, current, previous).catch((e) =>
      ctx.log.error(
        { err: e, serverId: server.id },
        'reverting the panel after a failed change; reconciled later',
      ),
    );
    throw error;
  }
}

/** @throws AppError 400 credits when the balance is below one hour at `monthlyUnits` */
async function assertBalanceCoversHour(ctx: AppContext, userId: number, monthlyUnits: number) {
  const { credits } = await ctx.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(credits) < hourlyUnits(monthlyUnits)) throw new AppError(400, REASONS.credits);
}
