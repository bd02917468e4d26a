/**
 * The mail outbox (docs/decisions/013-mail-outbox.md, 313-mails-rendered-at-send.md): the billing tick
 * queues a suspension notice by its kind and values, and the sender renders it when it sends it, word for
 * word what rendering it in the tick gave, in every language; a mail queued rendered (a row from before
 * migration 0016) is sent as stored; a row naming a template this version does not know is kept and retried.
 */
import { LANGUAGES } from '@falkenhost/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hourStart } from '../../src/platform/clock';
import { newUserPackage } from '../../src/platform/db/rows';
import { mailDate, renderNoticeMail } from '../../src/platform/mail/templates';
import { queueMail, sendQueuedMail } from '../../src/platform/outbox';
import { billHourlyServers } from '../../src/servers/hourly-billing';
import { DATABASES, insertCustomer, type Product, startProduct, uniqueName } from '../harness';

const ZONES = ['Europe/Prague', 'America/New_York', 'Asia/Tokyo', 'UTC', 'Australia/Adelaide'];

describe.each(DATABASES)('mail outbox on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind);
  }, 60_000);
  afterAll(async () => {
    await product?.close();
  });

  const sentTo = (to: string) => product.server.ctx.mailer.captured?.().filter((m) => m.to === to) ?? [];

  it('sends the suspension notice the tick queued unrendered exactly as rendering it at once gave, in each language', async () => {
    const ctx = product.server.ctx;
    const t = ctx.now();
    const pkg = await ctx.db.selectFrom('packages').select('id').limit(1).executeTakeFirstOrThrow();
    const customers = [];
    for (const [i, language] of LANGUAGES.entries()) {
      const username = uniqueName(`notice_${language}`);
      const userId = await insertCustomer(ctx.db, username, 0, t);
      const timeZone = ZONES[i % ZONES.length] as string;
      await ctx.db
        .updateTable('users')
        .set({ language, time_zone: timeZone })
        .where('id', '=', userId)
        .execute();
      const server = await ctx.db
        .insertInto('user_packages')
        .values(
          newUserPackage({
            user_id: userId,
            package_id: pkg.id,
            name: `notice <${language}> & "co"`,
            billing_type: 'hourly',
            status: 'paid',
            egg_id: 1,
            nest_id: 1,
            location_id: 1,
            credits_monthly: 100 * 10_000,
            billed_until: hourStart(t),
            created_at: t,
          }),
        )
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      customers.push({ username, email: `${username}@example.com`, language, timeZone, server });
    }

    await billHourlyServers(ctx);
    const queued = await ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'template', 'language', 'subject'])
      .where(
        'to_address',
        'in',
        customers.map((c) => c.email),
      )
      .execute();
    expect(queued).toHaveLength(LANGUAGES.length);
    for (const row of queued) expect(row).toMatchObject({ template: 'suspended', subject: '' });

    await sendQueuedMail(ctx);
    const subjects = new Set<string>();
    for (const c of customers) {
      const { delete_at } = await ctx.db
        .selectFrom('user_packages')
        .select('delete_at')
        .where('id', '=', c.server.id)
        .executeTakeFirstOrThrow();
      // What the tick rendered before decision 313, with the same values.
      const expected = renderNoticeMail('suspended', c.language, {
        username: c.username,
        firstName: 'Test', // insertCustomer's first name: the mail greets by it (decisions/443)
        server: c.server.name,
        date: mailDate(c.language, c.timeZone, Number(delete_at)),
      });
      const sent = sentTo(c.email);
      expect(sent).toHaveLength(1);
      expect({ subject: sent[0]?.subject, text: sent[0]?.text, html: sent[0]?.html }).toEqual(expected);
      expect(sent[0]?.text).not.toContain(c.username);
      subjects.add(expected.subject);
    }
    expect(subjects.size).toBe(LANGUAGES.length);
  });

  it('sends a mail queued rendered as it was stored', async () => {
    const ctx = product.server.ctx;
    const to = `${uniqueName('rendered')}@example.com`;
    const mail = { subject: 'Stored subject', text: 'Stored text', html: '<p>Stored html</p>' };
    await queueMail(ctx.db, to, mail, ctx.now());
    await sendQueuedMail(ctx);
    expect(sentTo(to).map((m) => ({ subject: m.subject, text: m.text, html: m.html }))).toEqual([mail]);
  });

  it('keeps a row naming a template it does not know and retries it later', async () => {
    const ctx = product.server.ctx;
    const to = `${uniqueName('unknown')}@example.com`;
    const now = ctx.now();
    const row = await ctx.db
      .insertInto('mail_outbox')
      .values({
        to_address: to,
        subject: '',
        text: '',
        html: '',
        template: 'fromANewerVersion',
        language: 'de',
        template_values: '{"username":"x"}',
        next_attempt_at: now,
        last_error: null,
        created_at: now,
        sent_at: null,
        invoice_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sendQueuedMail(ctx);
    const after = await ctx.db
      .selectFrom('mail_outbox')
      .select(['sent_at', 'attempts', 'last_error', 'next_attempt_at'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(sentTo(to)).toEqual([]);
    expect(after.sent_at).toBeNull();
    expect(after.attempts).toBe(1);
    expect(after.last_error).toContain('unknown mail template fromANewerVersion');
    expect(Number(after.next_attempt_at)).toBeGreaterThan(now);
  });
  it('sends a mail once when a second drain starts while the first is in flight and the clock jumps past its lease', async () => {
    const ctx = product.server.ctx;
    const to = `${uniqueName('drain')}@example.com`;
    await queueMail(ctx.db, to, { subject: 'Once', text: 'once', html: '<p>once</p>' }, ctx.now());
    // The demo's clock moves by hours in milliseconds: the first drain's lease has run out for the second.
    const first = sendQueuedMail(ctx);
    product.advance(2 * 60 * 60 * 1000);
    const second = sendQueuedMail(ctx);
    await Promise.all([first, second]);
    expect(sentTo(to)).toHaveLength(1);
  });
});
