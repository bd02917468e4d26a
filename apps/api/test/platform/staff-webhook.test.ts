/**
 * Staff notifications (issue 31 part 4, docs/decisions/191-staff-webhook.md): STAFF_WEBHOOK_URL points at a
 * real local HTTP server; orders and refunds go through the real routes, the Mollie emulator and its
 * webhooks; the tick is the product's own.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTick } from '../../src/jobs/tick';
import { enqueuePanelTask, PANEL_TASK_NOTIFY_ATTEMPTS } from '../../src/panel/panel-queue';
import { renderNoticeMail } from '../../src/platform/mail/templates';
import { queueMail } from '../../src/platform/outbox';
import { sendStaffNotifications } from '../../src/platform/staff-webhook';
import { runPanelQueue } from '../../src/servers/panel-task-results';
import {
  billingAddress,
  DATABASES,
  grantCredits,
  orderByCredits,
  type Product,
  payAtCheckout,
  registerVerified,
  startProduct,
} from '../harness';

interface Received {
  status: number;
  contentType: string | undefined;
  body: { content: string; embeds?: unknown };
}

/** A webhook like Discord's: records every POST; `failNext` answers that many with 500. */
async function startHook(): Promise<{ url: string; received: Received[]; failNext: number; server: Server }> {
  const hook = { url: '', received: [] as Received[], failNext: 0, server: undefined as unknown as Server };
  hook.server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const status = hook.failNext > 0 ? 500 : 204;
      if (hook.failNext > 0) hook.failNext -= 1;
      hook.received.push({ status, contentType: req.headers['content-type'], body: JSON.parse(raw) });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/api/webhooks/discord`;
  return hook;
}

describe.each(DATABASES)('staff webhook on %s', (kind) => {
  let product: Product;
  let hook: Awaited<ReturnType<typeof startHook>>;
  const delivered = (part: string) =>
    hook.received.filter((r) => r.status < 300 && r.body.content.includes(part)).length;

  beforeAll(async () => {
    hook = await startHook();
    product = await startProduct(kind, { configure: (c) => ({ ...c, staffWebhookUrl: hook.url }) });
  }, 60_000);
  afterAll(async () => {
    await product?.close();
    await new Promise((resolve) => hook?.server.close(resolve));
  });

  /** Buys 100 credits by card through the store route and the emulator's checkout. */
  async function buyCredits() {
    const customer = await registerVerified(product);
    const res = await customer.session.post('/api/private/store/order-credits', {
      ...billingAddress,
      creditsAmount: 100,
      paymentMethod: 'creditCard',
    });
    expect(res.status).toBe(200);
    const paymentId: string = res.body.link.split('/').pop();
    await payAtCheckout(res.body.link, 'paid');
    const paid = () =>
      product.server.ctx.db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('mollie_payment_id', '=', paymentId)
        .executeTakeFirstOrThrow();
    await expect.poll(paid).toMatchObject({ status: 'completed' });
    const { id } = await paid();
    return { ...customer, paymentId, orderId: id };
  }

  const webhookAgain = (paymentId: string) =>
    fetch(`${product.url}/api/webhooks/mollie`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: paymentId }),
    });

  it('posts a new order, a refund and a chargeback once each, as Discord takes them', async () => {
    const { username, paymentId, orderId } = await buyCredits();
    const order = `New order #${orderId}: 100 credits bought by ${username}, paid 4.32 EUR.`;
    await expect.poll(() => delivered(order)).toBe(1);
    const post = hook.received.find((r) => r.body.content === order)!;
    expect(post.contentType).toBe('application/json');
    expect(post.body).toEqual({ content: order, allowed_mentions: { parse: [] } });

    const mollie = product.server.emulators!.mollie;
    mollie.refund(paymentId, 216);
    const refund = `Refund on order #${orderId} of ${username}: 2.16 EUR of 4.32 EUR taken back so far, payment ${paymentId}.`;
    await expect.poll(() => delivered(refund)).toBe(1);
    mollie.chargeback(paymentId);
    const chargeback = `Chargeback on order #${orderId} of ${username}: 4.32 EUR of 4.32 EUR`;
    await expect.poll(() => delivered(chargeback)).toBe(1);

    // The same webhook again, at once, and the jobs: nothing is told twice.
    await Promise.all(Array.from({ length: 5 }, () => webhookAgain(paymentId)));
    await runTick(product.server.ctx);
    expect(await sendStaffNotifications(product.server.ctx)).toBe(0);
    expect(hook.received.filter((r) => r.body.content.includes(`order #${orderId}`))).toHaveLength(3);
    const keys = await product.server.ctx.db
      .selectFrom('staff_notifications')
      .select('dedupe_key')
      .where('dedupe_key', 'like', `%${paymentId}%`)
      .orderBy('id')
      .execute();
    expect(keys.map((k) => k.dedupe_key)).toEqual([`takeback:${paymentId}:216`, `takeback:${paymentId}:432`]);
  });

  it('retries a webhook that answered 500 later, and delivers it once', async () => {
    const ctx = product.server.ctx;
    await expect.poll(() => sendStaffNotifications(ctx)).toBe(0);
    hook.failNext = 1;
    const { username, orderId } = await buyCredits();
    const order = `New order #${orderId}: 100 credits bought by ${username}`;
    // The Mollie webhook posts it at once: the hook answers 500.
    await expect.poll(() => hook.received.filter((r) => r.body.content.includes(order)).length).toBe(1);
    expect(hook.received.find((r) => r.body.content.includes(order))!.status).toBe(500);
    await expect
      .poll(() =>
        ctx.db
          .selectFrom('staff_notifications')
          .select(['sent_at', 'last_error', 'attempts'])
          .where('dedupe_key', '=', `order:${orderId}`)
          .executeTakeFirstOrThrow(),
      )
      .toEqual({ sent_at: null, last_error: 'Error: staff webhook answered 500', attempts: 1 });

    // Not before its retry time (30 s after the failure on the product's clock).
    expect(await sendStaffNotifications(ctx)).toBe(0);
    expect(hook.received.filter((r) => r.body.content.includes(order))).toHaveLength(1);
    product.advance(30_000);
    expect(await sendStaffNotifications(ctx)).toBe(1);
    expect(await sendStaffNotifications(ctx)).toBe(0);
    expect(hook.received.filter((r) => r.body.content.includes(order)).map((r) => r.status)).toEqual([
      500, 204,
    ]);
    expect(delivered(order)).toBe(1);
  });

  it('tells a queue waiting over 15 minutes once per episode, not at every tick', async () => {
    const ctx = product.server.ctx;
    // A mail queued 16 minutes ago whose mail server keeps failing (its next try an hour away).
    const t = ctx.now();
    await queueMail(
      ctx.db,
      'stuck@example.com',
      renderNoticeMail('renewalFailed', 'en', {
        username: 'stuck',
        server: 'srv',
        date: '1 May',
      }),
      t - 16 * 60_000,
    );
    const stuck = await ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'stuck@example.com')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: t + 3_600_000 })
      .where('id', '=', stuck.id)
      .execute();
    const notice = `(#${stuck.id}) has waited 16 minutes.`;

    expect((await runTick(ctx)).staff).toEqual({ staleQueues: 1, sent: 1 });
    expect((await runTick(ctx)).staff).toEqual({ staleQueues: 0, sent: 0 });
    product.advance(5 * 60_000);
    expect((await runTick(ctx)).staff).toEqual({ staleQueues: 0, sent: 0 });
    expect(delivered(notice)).toBe(1);
    expect(hook.received.filter((r) => r.body.content.includes('mail outbox'))).toHaveLength(1);

    // The episode ends when the mail goes; nothing more is told.
    await ctx.db.updateTable('mail_outbox').set({ sent_at: ctx.now() }).where('id', '=', stuck.id).execute();
    expect((await runTick(ctx)).staff.staleQueues).toBe(0);
  });

  it('posts a server bought with credits, and a panel task once its retries reach the cap', async () => {
    const ctx = product.server.ctx;
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 10);
    const id = await orderByCredits(session, 'staff-watch');
    // Queued with the order, posted by the next job run.
    expect(await sendStaffNotifications(ctx)).toBe(1);
    expect(delivered(`server "staff-watch" ordered with credits (hourly) by ${username}.`)).toBe(1);

    const panel = product.server.emulators!.pterodactyl;
    await enqueuePanelTask(ctx.db, { userPackageId: id, kind: 'suspend', now: ctx.now() });
    const task = await ctx.db
      .selectFrom('panel_tasks')
      .select('id')
      .where('user_package_id', '=', id)
      .where('kind', '=', 'suspend')
      .executeTakeFirstOrThrow();
    const notice = `Panel task #${task.id} (suspend, server #${id}) still fails after`;
    // The panel answers 500 to every try; the retries double from 5 s to the 10-minute cap.
    for (let attempt = 1; attempt <= PANEL_TASK_NOTIFY_ATTEMPTS + 1; attempt += 1) {
      // Tries 3 to 6 fail alike: counted here rather than made (each costs the panel budget's pacing).
      if (attempt === 3) {
        attempt = PANEL_TASK_NOTIFY_ATTEMPTS - 1;
        await ctx.db
          .updateTable('panel_tasks')
          .set({ attempts: attempt - 1 })
          .where('id', '=', task.id)
          .execute();
      }
      panel.failNext('suspendServer', { status: 500 });
      expect((await runPanelQueue(ctx)).failed, `try ${attempt}`).toBe(1);
      await sendStaffNotifications(ctx);
      expect(delivered(notice), `after try ${attempt}`).toBe(attempt < PANEL_TASK_NOTIFY_ATTEMPTS ? 0 : 1);
      product.advance(10 * 60_000);
    }
    expect(PANEL_TASK_NOTIFY_ATTEMPTS).toBe(8);
    expect(hook.received.find((r) => r.body.content.includes(notice))!.body.content).toContain(
      'still fails after 8 tries',
    );
    expect((await runPanelQueue(ctx)).done).toBe(1);
  });
});

describe('staff webhook unset in production', () => {
  it('queues nothing without STAFF_WEBHOOK_URL', async () => {
    const product = await startProduct('sqlite', {
      seed: false,
      configure: (c) => ({ ...c, staffWebhookUrl: null }),
    });
    try {
      const { notifyStaff } = await import('../../src/platform/staff-webhook');
      const ctx = product.server.ctx;
      const queued = await ctx.db.transaction().execute((trx) =>
        notifyStaff(ctx, trx, {
          type: 'queue-stale',
          queue: 'panel',
          oldestId: 1,
          ageMinutes: 20,
          pending: 1,
        }),
      );
      expect(queued).toBe(false);
      const rows = await ctx.db.selectFrom('staff_notifications').select('id').execute();
      expect(rows).toEqual([]);
    } finally {
      await product.close();
    }
  });
});
