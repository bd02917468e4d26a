/** Add-ons and package changes of a running server (docs/decisions/063-hourly-server-changes.md, 064). */
import { REASONS } from '@falkenhost/contracts/errors';
import { hourlyUnits, proRataUnits, serverMonthPrice } from '@falkenhost/contracts/money';
import type { Transaction } from 'kysely';
import { applyLedgerEntry } from '../../billing/ledger';
import { addonsOfPackage, oneAddonPerType } from '../../catalog/packages';
import type { PanelServer as Server } from '../../panel/port';
import { type ServerBuild, serverBuild } from '../../panel/server-build';
import type { AppContext } from '../../platform/context';
import type { Database, User, UserPackage } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { assertPaid, loadOwnedServer } from '../owned-server';
import { periodEnd } from '../paid-period';
import { insertServerAddons } from '../server-records';
import { applyBuild, assertNodeRoom, panelServerForChange, withServerChange } from './change-panel';

/**
 * Adds an add-on to a running server; answers the server as it was before.
 * @throws AppError 404, 409 server-state, 400 unknown, 409 addon-exists, 400 credits, 400 resources,
 *   409 busy, 502 panel (nothing changed)
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
    if (!oneAddonPerType([...owned.addons, addon])) throw new AppError(409, REASONS.addonExists);
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
 * Removes an add-on from a server; answers the server as it was before.
 * @throws AppError 404, 409 server-state, 409 busy, 502 panel
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
 * Moves a server to another package of its game, at once and for good (product.md "States and transitions");
 * answers it as before.
 * @throws AppError 404, 409 server-state, 400 unknown, 409 addons, 400 credits, 400 resources, 409 busy,
 *   502 panel
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
 * Checks the balance can pay a change to `newMonthlyUnits`; answers the credit units to charge now
 * (0 for hourly servers, the pro rata difference for monthly ones).
 * @throws AppError 400 credits
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
 * Inside the change's transaction: a monthly server pays `charge` and gets the card price of
 * `newMonthlyUnits`. @throws AppError 400 credits when the balance no longer pays it
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

/** Records a change the panel already took; if that fails, the panel's build goes back to `previous`. */
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

async function assertBalanceCoversHour(ctx: AppContext, userId: number, monthlyUnits: number) {
  const { credits } = await ctx.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(credits) < hourlyUnits(monthlyUnits)) throw new AppError(400, REASONS.credits);
}
