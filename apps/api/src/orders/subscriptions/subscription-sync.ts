/**
 * Mollie subscriptions of servers paid monthly by card, brought to what our database says after each
 * decision and again from the jobs (docs/decisions/073-subscriptions-follow-database.md).
 */
import { sql } from 'kysely';
import {
  cancelSubscription,
  createSubscription,
  findRunningSubscription,
  updateSubscriptionAmount,
  updateSubscriptionMandate,
} from '../../integrations/mollie';
import type { AppContext } from '../../platform/context';
import { recordSubscriptionMandate } from '../../servers/renewal-grace';
import {
  clearSubscription,
  recordSubscription,
  recordSubscriptionAmount,
} from '../../servers/server-records';

/** The subscription's date of a paid period's end: its UTC day (`YYYY-MM-DD`). */
function isoDay(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/**
 * Makes Mollie's subscription of one monthly server match our database.
 * @throws the Mollie client's error when Mollie refuses or cannot be reached (retried by the jobs)
 */
export async function syncSubscription(ctx: AppContext, userPackageId: number): Promise<void> {
  const row = await ctx.db
    .selectFrom('user_packages as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select([
      'up.id',
      'up.name',
      'up.status',
      'up.billing_type',
      'up.mollie_mandate_id',
      'up.mollie_subscription_id',
      'up.cancelled_at',
      'up.paid_until',
      'up.period_anchor',
      'up.monthly_amount_cents',
      'up.subscription_amount_cents',
      'up.subscription_mandate_id',
      'u.mollie_customer_id',
    ])
    .where('up.id', '=', userPackageId)
    .executeTakeFirst();
  if (row?.billing_type !== 'monthly' || !row.mollie_customer_id) return;
  const wanted = row.monthly_amount_cents ?? 0;
  const live = row.status === 'paid' && row.cancelled_at === null;

  if (row.mollie_subscription_id && !live) {
    await cancelSubscription(ctx.mollie, row.mollie_customer_id, row.mollie_subscription_id);
    await clearSubscription(ctx.db, row.id, row.mollie_subscription_id);
    return;
  }
  if (!live || wanted <= 0 || row.paid_until === null) return;
  if (!row.mollie_subscription_id) {
    if (!row.mollie_mandate_id) return;
    // Created before and its answer lost past the Idempotency-Key's hour: adopted, not made twice.
    const running = await findRunningSubscription(ctx.mollie, row.mollie_customer_id, row.id);
    if (running) {
      await recordSubscription(ctx.db, row.id, {
        id: running.id,
        amountCents: running.amountCents,
        mandateId: running.mandateId,
        clearPrevious: false,
      });
      return;
    }
    const id = await createSubscription(ctx.mollie, {
      customerId: row.mollie_customer_id,
      mandateId: row.mollie_mandate_id,
      amountCents: wanted,
      description: `Falkenhost server ${row.name} (#${row.id}, from ${isoDay(row.period_anchor ?? row.paid_until)})`,
      startDate: isoDay(row.paid_until),
      webhookUrl: `${ctx.config.publicUrl}/api/webhooks/mollie`,
      metadata: { userPackageId: row.id },
      idempotencyKey: `subscription-${row.id}-${row.period_anchor ?? 0}`,
    });
    await recordSubscription(ctx.db, row.id, {
      id,
      amountCents: wanted,
      mandateId: row.mollie_mandate_id,
      clearPrevious: true,
    });
    return;
  }
  // A payment with another card made a new mandate: the subscription's later months charge it.
  if (row.mollie_mandate_id && row.subscription_mandate_id !== row.mollie_mandate_id) {
    await updateSubscriptionMandate(
      ctx.mollie,
      row.mollie_customer_id,
      row.mollie_subscription_id,
      row.mollie_mandate_id,
    );
    await recordSubscriptionMandate(ctx.db, row.id, row.mollie_subscription_id, row.mollie_mandate_id);
  }
  if (row.subscription_amount_cents !== wanted) {
    await updateSubscriptionAmount(ctx.mollie, row.mollie_customer_id, row.mollie_subscription_id, wanted);
    await recordSubscriptionAmount(ctx.db, row.id, wanted, row.subscription_amount_cents);
  }
}

/** Syncs every monthly server whose subscription is not what our database says; answers how many. */
export async function syncSubscriptions(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .selectFrom('user_packages as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select('up.id')
    .where('up.billing_type', '=', 'monthly')
    .where('u.mollie_customer_id', 'is not', null)
    .where((eb) =>
      eb.or([
        // a subscription to cancel
        eb.and([
          eb('up.mollie_subscription_id', 'is not', null),
          eb.or([eb('up.status', '!=', 'paid'), eb('up.cancelled_at', 'is not', null)]),
        ]),
        // a subscription to create
        eb.and([
          eb('up.mollie_subscription_id', 'is', null),
          eb('up.status', '=', 'paid'),
          eb('up.cancelled_at', 'is', null),
          eb('up.mollie_mandate_id', 'is not', null),
          eb('up.monthly_amount_cents', '>', 0),
        ]),
        // an amount to update
        eb.and([
          eb('up.mollie_subscription_id', 'is not', null),
          eb('up.status', '=', 'paid'),
          eb(
            sql`coalesce(up.subscription_amount_cents, -1)`,
            '!=',
            sql`coalesce(up.monthly_amount_cents, -1)`,
          ),
        ]),
        // a mandate to move the subscription onto (a payment with another card)
        eb.and([
          eb('up.mollie_subscription_id', 'is not', null),
          eb('up.status', '=', 'paid'),
          eb('up.mollie_mandate_id', 'is not', null),
          eb(sql`coalesce(up.subscription_mandate_id, '')`, '!=', sql`up.mollie_mandate_id`),
        ]),
      ]),
    )
    .limit(200)
    .execute();
  let done = 0;
  for (const { id } of rows) {
    try {
      await syncSubscription(ctx, id);
      done += 1;
    } catch (error) {
      ctx.log.warn({ err: error, userPackageId: id }, 'syncing a subscription failed; retried later');
    }
  }
  return done;
}
