/** The data export (GDPR art. 15, 20; docs/decisions/082-data-export.md), read across the modules below. */
import { centsToEur, unitsToCredits } from '@falkenhost/contracts/money';
import { roleOf } from '../identity/roles';
import { findUserById } from '../identity/user-account';
import { autoTopUpOf } from '../orders/top-ups/top-up-settings';
import type { AppContext } from '../platform/context';

/** What GET me/export answers. */
export interface AccountExport {
  format: 'falkenhost-account-export';
  version: 1;
  exported_at: string;
  profile: Record<string, unknown>;
  servers: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  credit_ledger: Record<string, unknown>[];
  invoices: Record<string, unknown>[];
  /** the auto top-up settings as the Billing settings read them (issue 43) */
  auto_top_up: Record<string, unknown>;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function parseJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** GET me/export: the customer's data as one JSON document (record 082). */
export async function exportAccount(ctx: AppContext, userId: number): Promise<AccountExport> {
  const { db } = ctx;
  const profile = await exportedProfile(db, userId);
  const servers = await exportedServers(db, userId);
  const orders = await exportedOrders(db, userId);
  const creditLedger = await exportedLedger(db, userId);
  const invoices = await exportedInvoices(db, userId);
  const autoTopUp = await autoTopUpOf(ctx, userId);

  return {
    format: 'falkenhost-account-export',
    version: 1,
    exported_at: new Date(ctx.now()).toISOString(),
    profile,
    servers,
    orders,
    credit_ledger: creditLedger,
    invoices,
    auto_top_up: autoTopUp,
  };
}

type Db = AppContext['db'];

/** The user's profile with the referrer's username; credits in credits, instants as ISO strings. */
async function exportedProfile(db: Db, userId: number): Promise<AccountExport['profile']> {
  const user = await findUserById(db, userId);
  const referrer = user.referrer_id
    ? await db.selectFrom('users').select('username').where('id', '=', user.referrer_id).executeTakeFirst()
    : undefined;
  return {
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: roleOf(user),
    language: user.language,
    time_zone: user.time_zone,
    email_verified: user.email_verified === 1,
    two_factor_auth: user.two_factor_auth === 1,
    news_subscription: user.news_subscription === 1,
    credits: unitsToCredits(Number(user.credits)),
    referrer: referrer?.username ?? null,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
  };
}

/** Every server the user has had, deleted ones too, with add-ons and schedules; prices in credits, euros. */
async function exportedServers(db: Db, userId: number): Promise<AccountExport['servers']> {
  const servers = await db
    .selectFrom('user_packages as up')
    .innerJoin('packages as p', 'p.id', 'up.package_id')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .select([
      'up.id',
      'up.name',
      'p.name as package',
      'g.name as game',
      'up.billing_type',
      'up.status',
      'up.location_id',
      'up.credits_monthly',
      'up.monthly_amount_cents',
      'up.paid_until',
      'up.cancelled_at',
      'up.suspended_at',
      'up.created_at',
      'up.deleted_at',
    ])
    .where('up.user_id', '=', userId)
    .orderBy('up.id')
    .execute();
  const serverIds = servers.map((s) => s.id);
  const addons = serverIds.length
    ? await db
        .selectFrom('user_package_addons as upa')
        .innerJoin('addons as a', 'a.id', 'upa.addon_id')
        .select([
          'upa.user_package_id',
          'a.name',
          'a.type',
          'a.quantity',
          'upa.credits_monthly',
          'upa.created_at',
        ])
        .where('upa.user_package_id', 'in', serverIds)
        .execute()
    : [];
  const schedules = serverIds.length
    ? await db
        .selectFrom('schedules')
        .select(['user_package_id', 'day_of_week', 'active_hours'])
        .where('user_package_id', 'in', serverIds)
        .orderBy('day_of_week')
        .execute()
    : [];
  return servers.map((s) => ({
    id: s.id,
    name: s.name,
    game: s.game,
    package: s.package,
    billing_type: s.billing_type,
    status: s.status,
    location_id: s.location_id,
    credits_monthly: unitsToCredits(Number(s.credits_monthly)),
    monthly_eur: s.monthly_amount_cents === null ? null : centsToEur(Number(s.monthly_amount_cents)),
    paid_until: iso(s.paid_until),
    cancelled_at: iso(s.cancelled_at),
    suspended_at: iso(s.suspended_at),
    created_at: iso(s.created_at),
    deleted_at: iso(s.deleted_at),
    addons: addons
      .filter((a) => a.user_package_id === s.id)
      .map((a) => ({
        name: a.name,
        type: a.type,
        quantity: a.quantity,
        credits_monthly: unitsToCredits(Number(a.credits_monthly)),
        created_at: iso(a.created_at),
      })),
    schedules: schedules
      .filter((x) => x.user_package_id === s.id)
      .map((x) => ({ day_of_week: x.day_of_week, active_hours: JSON.parse(x.active_hours) as number[] })),
  }));
}

/** The user's orders, oldest first; amounts in euros, server name and billing address from the details. */
async function exportedOrders(db: Db, userId: number): Promise<AccountExport['orders']> {
  const orders = await db
    .selectFrom('orders')
    .select([
      'public_id',
      'kind',
      'status',
      'credits_amount',
      'amount_cents',
      'fee_cents',
      'discount_bp',
      'payment_method',
      'user_package_id',
      'details',
      'created_at',
      'completed_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return orders.map((o) => {
    const details = parseJson(o.details);
    return {
      id: o.public_id,
      kind: o.kind,
      status: o.status,
      credits: unitsToCredits(Number(o.credits_amount)),
      amount_eur: centsToEur(Number(o.amount_cents)),
      fee_eur: centsToEur(Number(o.fee_cents)),
      discount_percent: Number(o.discount_bp) / 100,
      payment_method: o.payment_method,
      server_id: o.user_package_id,
      server_name: details.serverName ?? null,
      billing_address: details.billingAddress ?? null,
      created_at: iso(o.created_at),
      completed_at: iso(o.completed_at),
    };
  });
}

/** The user's credit ledger, oldest entry first; amounts and balances in credits. */
async function exportedLedger(db: Db, userId: number): Promise<AccountExport['credit_ledger']> {
  const ledger = await db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount', 'balance_after', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return ledger.map((r) => ({
    created_at: iso(r.created_at),
    kind: r.kind,
    amount: unitsToCredits(Number(r.amount)),
    balance_after: unitsToCredits(Number(r.balance_after)),
  }));
}

/** The user's invoices and credit notes, oldest first, each with its PDF's address; totals in euros. */
async function exportedInvoices(db: Db, userId: number): Promise<AccountExport['invoices']> {
  const invoices = await db
    .selectFrom('invoices')
    .select(['id', 'number', 'kind', 'total_cents', 'description', 'issued_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return invoices.map((i) => ({
    number: i.number,
    kind: i.kind,
    issued_at: iso(i.issued_at),
    total_eur: centsToEur(Number(i.total_cents)),
    description: i.description,
    pdf_url: `/api/private/billing/invoices/${i.id}/pdf`,
  }));
}
