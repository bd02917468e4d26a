/**
 * Staff notifications posted to a webhook (STAFF_WEBHOOK_URL; docs/decisions/191-staff-webhook.md):
 * queued in `staff_notifications` inside the transaction that decides the event, once per event by a
 * unique key, and posted by the tick with a lease and a doubling retry, as the mail outbox does (013, 009).
 * Messages are English only: a log-like channel for the staff, not customer text.
 */
import type { Kysely, Transaction } from 'kysely';
import { MINUTE_MS } from './clock';
import type { AppContext } from './context';
import type { Database } from './db/schema';
import { type RetryPolicy, type RowCondition, sendDueRows } from './queue';

type Db = Kysely<Database> | Transaction<Database>;

/** Discord's limit on a message's `content` (characters). */
export const STAFF_MESSAGE_MAX = 2_000;

const RETRY: RetryPolicy = { leaseMs: MINUTE_MS, firstRetryMs: 30_000, maxRetryMs: 30 * MINUTE_MS };
const unsent: RowCondition<'staff_notifications'> = (eb) => eb('sent_at', 'is', null);
const POST_TIMEOUT_MS = 10_000;

/** What was ordered: a server paid from credits or by card, or credits bought. */
export type StaffOrderKind = 'package-credits' | 'package-card' | 'credits';

/** The events staff hear about; amounts in euro cents, credits in whole credits. */
export type StaffEvent =
  | {
      type: 'new-order';
      orderId: number;
      orderKind: StaffOrderKind;
      username: string;
      /** the server's name (server orders) */
      serverName?: string;
      /** paid by card (card orders, credit purchases) */
      amountCents?: number;
      /** credits bought, or the server's monthly price in credits */
      credits?: number;
    }
  | {
      type: 'renewal-failed';
      paymentId: string;
      /** Mollie's final status: failed, canceled or expired */
      status: string;
      username: string;
      serverName: string;
      userPackageId: number;
      /** which try failed: 0 the subscription's renewal, 1.. a retry on the mandate (RENEWAL_RETRY_DAYS) */
      attempt?: number;
      /** retries this grace has in all; 0 or absent when the server is not kept in grace */
      retries?: number;
      /** epoch ms: the next retry, or null after the last */
      nextTryAt?: number | null;
      /** epoch ms: when the server stops unless paid (after the last retry: now, suspended) */
      stopsAt?: number | null;
    }
  | {
      type: 'take-back';
      /** a chargeback when the bank took any of it back, else a refund */
      kind: 'refund' | 'chargeback';
      paymentId: string;
      orderId: number;
      /** refunded plus charged back so far on this payment */
      takenBackCents: number;
      paidCents: number;
      username: string;
      /** who started it: the staff or bank (Mollie), or our own refund of an order that got no server */
      origin: 'mollie' | 'ours';
    }
  | {
      type: 'panel-task-failing';
      taskId: number;
      kind: string;
      userPackageId: number;
      attempts: number;
      error: string;
    }
  | {
      type: 'queue-stale';
      queue: 'panel' | 'mail';
      oldestId: number;
      /** minutes the oldest pending row has waited */
      ageMinutes: number;
      pending: number;
    };

/** The event's unique key: an event told twice (webhook redelivered, two instances) is queued once. */
export function staffEventKey(event: StaffEvent): string {
  switch (event.type) {
    case 'new-order':
      return `order:${event.orderId}`;
    case 'renewal-failed':
      return `renewal-failed:${event.paymentId}`;
    case 'take-back':
      return `takeback:${event.paymentId}:${event.takenBackCents}`;
    case 'panel-task-failing':
      return `panel-task:${event.taskId}`;
    case 'queue-stale':
      return `queue-old:${event.queue}:${event.oldestId}`;
  }
}

const eur = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;

/** The English message of an event, at most STAFF_MESSAGE_MAX characters. */
export function staffEventText(event: StaffEvent): string {
  let text: string;
  switch (event.type) {
    case 'new-order': {
      const what =
        event.orderKind === 'credits'
          ? `${event.credits ?? 0} credits bought`
          : `server "${event.serverName ?? ''}" ordered ${event.orderKind === 'package-card' ? 'by card (monthly)' : 'with credits (hourly)'}`;
      const paid = event.amountCents !== undefined ? `, paid ${eur(event.amountCents)}` : '';
      text = `New order #${event.orderId}: ${what} by ${event.username}${paid}.`;
      break;
    }
    case 'renewal-failed':
      text = renewalFailedText(event);
      break;
    case 'take-back': {
      const word = event.kind === 'chargeback' ? 'Chargeback' : 'Refund';
      const by = event.origin === 'ours' ? ' (our refund: the order got no server)' : '';
      text = `${word} on order #${event.orderId} of ${event.username}: ${eur(event.takenBackCents)} of ${eur(event.paidCents)} taken back so far, payment ${event.paymentId}${by}.`;
      break;
    }
    case 'panel-task-failing':
      text = `Panel task #${event.taskId} (${event.kind}, server #${event.userPackageId}) still fails after ${event.attempts} tries; retried every 10 minutes. Last error: ${event.error}`;
      break;
    case 'queue-stale':
      text = `The ${event.queue === 'panel' ? 'panel queue' : 'mail outbox'} has ${event.pending} pending ${event.pending === 1 ? 'task' : 'tasks'}; the oldest (#${event.oldestId}) has waited ${event.ageMinutes} minutes.`;
      break;
  }
  return text.length > STAFF_MESSAGE_MAX ? `${text.slice(0, STAFF_MESSAGE_MAX - 1)}…` : text;
}

/** `2024-12-30 00:01 UTC`: staff read times in one zone. */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Which try of a renewal failed, and what follows (docs/decisions/420-renewal-retries-and-grace.md). */
function renewalFailedText(event: Extract<StaffEvent, { type: 'renewal-failed' }>): string {
  const attempt = event.attempt ?? 0;
  const retries = event.retries ?? 0;
  const what = attempt === 0 ? 'Renewal' : `Renewal retry ${attempt} of ${retries}`;
  const head = `${what} failed (${event.status}) for server "${event.serverName}" (#${event.userPackageId}) of ${event.username}, payment ${event.paymentId}`;
  if (retries === 0) return `${head}; the server is suspended at the end of its paid period.`;
  if (event.nextTryAt != null) {
    const stops = event.stopsAt != null ? `; the server runs until ${utc(event.stopsAt)} unless paid` : '';
    return `${head}; retry ${attempt + 1} of ${retries} at ${utc(event.nextTryAt)}${stops}.`;
  }
  const stops = event.stopsAt != null ? ` at ${utc(event.stopsAt)}` : '';
  return `${head}; that was the last try: the server is suspended${stops}.`;
}

/**
 * Queues a staff notification inside the transaction that decides the event (so a rollback queues
 * nothing), once per `staffEventKey`: a second call with the same key does nothing (insert on conflict do
 * nothing, on SQLite and PostgreSQL). Nothing is queued when no webhook is configured
 * (`config.staffWebhookUrl` null: production without STAFF_WEBHOOK_URL).
 * @param ctx its `config` and `now` (epoch ms)
 * @returns true when this call queued it
 */
export async function notifyStaff(
  ctx: Pick<AppContext, 'config' | 'now'>,
  db: Db,
  event: StaffEvent,
): Promise<boolean> {
  if (ctx.config.staffWebhookUrl === null) return false;
  const now = ctx.now();
  const row = await db
    .insertInto('staff_notifications')
    .values({
      dedupe_key: staffEventKey(event),
      content: staffEventText(event),
      next_attempt_at: now,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Posts the due notifications, oldest first, each under a lease: `{"content": "...",
 * "allowed_mentions": {"parse": []}}` as JSON (Discord's execute-webhook body; no mention pings). A
 * non-2xx answer, a network error or 10 s without answer puts the row back for 30 s, 60 s, ... up to 30
 * minutes; it is never dropped.
 * @returns how many were sent
 */
export async function sendStaffNotifications(ctx: AppContext): Promise<number> {
  const url = ctx.config.staffWebhookUrl;
  if (url === null) return 0;
  return sendDueRows(ctx.db, () => ctx.now(), {
    table: 'staff_notifications',
    policy: RETRY,
    open: unsent,
    due: (now, limit) =>
      ctx.db
        .selectFrom('staff_notifications')
        .select(['id', 'content', 'attempts', 'next_attempt_at'])
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('id')
        .limit(limit)
        .execute(),
    async deliver(row) {
      await post(url, row.content);
      await ctx.db
        .updateTable('staff_notifications')
        .set({ sent_at: ctx.now(), last_error: null })
        .where('id', '=', row.id)
        .execute();
    },
    failed(row, error, retryInMs) {
      ctx.log.warn({ err: error, notificationId: row.id, retryInMs }, 'staff webhook failed; retried later');
    },
  });
}

/** @throws Error naming the status when the webhook does not answer 2xx */
async function post(url: string, content: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content, allowed_mentions: { parse: [] } }),
    signal: AbortSignal.timeout(POST_TIMEOUT_MS),
  });
  await res.body?.cancel().catch(() => undefined);
  if (!res.ok) throw new Error(`staff webhook answered ${res.status}`);
}
