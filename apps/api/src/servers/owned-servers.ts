/** The customer's servers as the servers page shows them, from our database alone (no panel call). */
import type { AddonType, BillingType } from '@falkenhost/contracts/constants';
import {
  centsToEur,
  hourlyUnits,
  monthlyEurPrice,
  scheduledMonthlyUnits,
  serverMonthPrice,
  unitsToCredits,
} from '@falkenhost/contracts/money';
import type { OwnedServer, SuspensionReason } from '@falkenhost/contracts/servers';
import { addonsInLanguage } from '../catalog/catalogue-names';
import { serverBuild } from '../panel/server-build';
import type { AppContext } from '../platform/context';
import { nextScheduledStart, scheduledHoursPerWeek } from './schedules/schedule-hours';
import { schedulesOfServers } from './schedules/schedules';

const HIDDEN = ['failed', 'deleted', 'deleting'];

/**
 * The servers of `userId` the customer still sees (not failed, deleting or deleted); product.md
 * "Entities and fields". Add-on names in `language` where they have one (docs/decisions/242).
 */
export async function listOwnedServers(
  ctx: AppContext,
  userId: number,
  language = 'en',
): Promise<OwnedServer[]> {
  const rows = await ownedServerRows(ctx, userId);
  const addons =
    rows.length === 0
      ? []
      : await addonsInLanguage(
          ctx.db,
          language,
          await addonRowsOf(
            ctx,
            rows.map((r) => r.id),
          ),
        );

  const schedule = await scheduleFactsOf(ctx, userId, rows);
  return rows.map((row) => ({
    ...ownedServerOf(
      row,
      addons.filter((a) => a.user_package_id === row.id),
      ctx.config.panel.panelUrl,
    ),
    ...(schedule.get(row.id) ?? { next_start: null, scheduled_credits_monthly: null }),
  }));
}

type ScheduleFacts = Pick<OwnedServer, 'next_start' | 'scheduled_credits_monthly'>;

/**
 * What the schedules of the customer's scheduled hourly servers say (docs/decisions/445): the expected
 * credits of an average month (scheduledMonthlyUnits), and for a running server outside its hours the
 * next start, by the schedules in the customer's zone (none while in its hours or suspended).
 */
async function scheduleFactsOf(
  ctx: AppContext,
  userId: number,
  rows: { id: number; scheduled: number; billing_type: string; status: string; credits_monthly: number }[],
): Promise<Map<number, ScheduleFacts>> {
  const facts = new Map<number, ScheduleFacts>();
  const schedules = await schedulesOfServers(ctx.db, rows);
  if (schedules.size === 0) return facts;
  const user = await ctx.db
    .selectFrom('users')
    .select('time_zone')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const now = ctx.now();
  for (const row of rows) {
    const own = schedules.get(row.id);
    if (!own) continue;
    const start = row.status === 'paid' ? nextScheduledStart(own, user.time_zone, now) : null;
    facts.set(row.id, {
      next_start: start === null ? null : new Date(start).toISOString(),
      scheduled_credits_monthly: unitsToCredits(
        scheduledMonthlyUnits(row.credits_monthly, scheduledHoursPerWeek(own)),
      ),
    });
  }
  return facts;
}

/** The user's servers not HIDDEN with their package's columns, newest first. */
function ownedServerRows(ctx: AppContext, userId: number) {
  return ctx.db
    .selectFrom('user_packages as up')
    .innerJoin('packages as p', 'p.id', 'up.package_id')
    .select([
      'up.id',
      'up.name',
      'up.billing_type',
      'up.status',
      'up.ptero_server_id',
      'up.ptero_server_uuid',
      'up.ptero_identifier',
      'up.credits_monthly',
      'up.mollie_mandate_id',
      'up.package_id',
      'up.scheduled',
      'up.delete_at',
      'up.paid_until',
      'up.cancelled_at',
      'up.grace_until',
      'up.renewal_retry_at',
      'p.name as package_name',
      'p.game_id',
      'p.credits_monthly as package_credits_monthly',
      'p.target_user_id',
      'p.vcpu',
      'p.ram_size',
      'p.storage_size',
      'p.databases',
      'p.backups',
      'p.ports',
      'p.slots',
      'p.swap',
      'p.io',
    ])
    .where('up.user_id', '=', userId)
    .where('up.status', 'not in', HIDDEN)
    .orderBy('up.created_at', 'desc')
    .execute();
}

type OwnedServerRow = Awaited<ReturnType<typeof ownedServerRows>>[number];

/** The add-ons of the servers `serverIds` (not empty), with their catalogue names. */
function addonRowsOf(ctx: AppContext, serverIds: number[]) {
  return ctx.db
    .selectFrom('user_package_addons as upa')
    .innerJoin('addons as a', 'a.id', 'upa.addon_id')
    .select(['upa.user_package_id', 'a.id', 'a.name', 'a.type', 'a.quantity'])
    .where('upa.user_package_id', 'in', serverIds)
    .execute();
}

type OwnedAddonRow = Awaited<ReturnType<typeof addonRowsOf>>[number];

/**
 * One server as the servers page shows it: prices in credits and euros, its build with `own` add-ons,
 * instants as ISO strings. `panelUrl` is the panel's base address, without a trailing slash.
 */
function ownedServerOf(
  row: OwnedServerRow,
  own: OwnedAddonRow[],
  panelUrl: string,
): Omit<OwnedServer, keyof ScheduleFacts> {
  const build = serverBuild(
    row,
    own.map((a) => ({ type: a.type, quantity: a.quantity })),
  );
  return {
    user_package_id: row.id,
    name: row.name,
    ptero_server_id: row.ptero_server_id,
    ptero_server_uuid: row.ptero_server_uuid,
    ptero_identifier: row.ptero_identifier,
    panelUrl: row.ptero_identifier ? `${panelUrl}/server/${row.ptero_identifier}` : null,
    websocketUrl: null,
    token: null,
    billing_type: row.billing_type as BillingType,
    status: row.status,
    totalCreditsPerHour: unitsToCredits(hourlyUnits(row.credits_monthly)),
    totalCreditsPrice: unitsToCredits(row.credits_monthly),
    eurPrice: centsToEur(monthlyEurPrice(row.credits_monthly)),
    eurPriceWithCreditCardFee:
      row.credits_monthly === 0
        ? 0
        : centsToEur(serverMonthPrice(row.credits_monthly, 0, 'creditCard').total),
    custom_package_used: row.target_user_id !== null,
    mollie_mandate_id: row.mollie_mandate_id,
    package_credits_monthly: unitsToCredits(row.package_credits_monthly),
    vcpu: row.vcpu,
    ram_size: row.ram_size,
    storage_size: build.disk / 1024,
    databases: build.databases,
    backups: build.backups,
    ports: row.ports,
    slots: row.slots,
    addons: own.map((a) => ({
      addon_id: a.id,
      addon_name: a.name,
      addon_type: a.type as AddonType,
      addon_quantity: a.quantity,
    })),
    package_id: row.package_id,
    package_name: row.package_name,
    game_id: row.game_id,
    scheduled: row.scheduled === 1,
    delete_at:
      row.status === 'suspended' && row.delete_at !== null ? new Date(row.delete_at).toISOString() : null,
    paid_until:
      row.billing_type === 'monthly' && row.paid_until !== null
        ? new Date(row.paid_until).toISOString()
        : null,
    grace: graceOf(row),
    suspension_reason: suspensionReasonOf(row),
    // product.md "States and transitions": a monthly server without a mandate shows as cancelled
    cancelled:
      row.billing_type === 'monthly' &&
      row.credits_monthly > 0 &&
      (row.mollie_mandate_id === null || row.cancelled_at !== null),
  };
}

/**
 * Why a suspended server stopped (docs/decisions/430): an hourly one could not pay its hour; a monthly
 * one the customer cancelled reached the end of its period; any other monthly one was not renewed (the
 * renewal failed and its grace ended, or no renewal came). Null unless suspended.
 */
export function suspensionReasonOf(row: {
  status: string;
  billing_type: string;
  cancelled_at: number | null;
}): SuspensionReason | null {
  if (row.status !== 'suspended') return null;
  if (row.billing_type === 'hourly') return 'credits';
  return row.cancelled_at !== null ? 'ended' : 'renewal';
}

/**
 * A running monthly server's grace after a failed renewal (docs/decisions/420): the next retry (null
 * while one runs or after the last) and when it stops unless paid, the later of the last retry and the
 * paid period's end; null when not in grace.
 */
function graceOf(row: {
  status: string;
  grace_until: number | null;
  renewal_retry_at: number | null;
  paid_until: number | null;
}): OwnedServer['grace'] {
  if (row.status !== 'paid' || row.grace_until === null) return null;
  return {
    next_try_at: row.renewal_retry_at === null ? null : new Date(row.renewal_retry_at).toISOString(),
    stops_at: new Date(Math.max(row.grace_until, row.paid_until ?? 0)).toISOString(),
  };
}
