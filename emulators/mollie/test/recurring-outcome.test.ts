import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerWithMandate, readJson, startEmulator, startReceiver, waitFor } from './helpers.js';

let clock = 0;
let emu: Awaited<ReturnType<typeof startEmulator>>;
let hook: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  clock = Date.parse('2024-01-15T10:00:00Z');
  emu = await startEmulator({ now: () => clock, recurringAutoPaidAfterMs: null });
  hook = await startReceiver();
});
afterEach(async () => {
  await emu.close();
  await hook.close();
});

/** POST /test/recurring-outcome without an API key, as the test-control page does. */
function setOutcome(body: unknown, raw?: string) {
  return fetch(`${emu.base}/test/recurring-outcome`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: raw ?? JSON.stringify(body),
  });
}

async function subscribed(email = 'ada@example.com', description = 'Valheim Standard server 1') {
  const { customer } = await customerWithMandate(emu, { name: 'Ada', email });
  const sub = await emu.client.subscriptions.create({
    customerId: customer.id,
    subscriptionRequest: {
      amount: { currency: 'EUR', value: '9.75' },
      interval: '1 month',
      description,
      startDate: '2024-01-31',
      webhookUrl: hook.url,
    },
  });
  return { customer, sub };
}

/** Moves the clock to a UTC day and charges what is due. */
async function runOn(day: string) {
  clock = Date.parse(`${day}T08:00:00Z`);
  return emu.state.runDueSubscriptions();
}

describe('recurring outcome (test control)', () => {
  it('by customerId: the next renewals fail until set back to paid (by e-mail)', async () => {
    const { customer, sub } = await subscribed();
    const res = await setOutcome({ customerId: customer.id, status: 'failed' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await readJson(res)).toEqual({ customerIds: [customer.id], status: 'failed' });

    const [january] = await runOn('2024-01-31');
    expect(january).toMatchObject({ status: 'failed', subscriptionId: sub.id });
    expect(january?.failedAt).toBeDefined();
    expect(hook.calls.map((c) => c.body)).toEqual([`id=${january?.id}`]);
    const failed = await emu.client.payments.get({ paymentId: january!.id });
    expect(failed.status).toBe('failed');
    // The subscription goes on; a failed charge does not cancel it.
    const after = await emu.client.subscriptions.get({ customerId: customer.id, subscriptionId: sub.id });
    expect(after).toMatchObject({ status: 'active', nextPaymentDate: '2024-02-29' });

    // Still failing for the next period (until changed).
    expect((await runOn('2024-02-29'))[0]?.status).toBe('failed');

    const reset = await setOutcome({ email: ' ADA@example.com', status: 'paid' });
    expect(await readJson(reset)).toEqual({ customerIds: [customer.id], status: 'paid' });
    expect((await runOn('2024-03-31'))[0]?.status).toBe('paid');
  });

  it('by e-mail: every customer with that e-mail; createRenewal follows it unless given a status', async () => {
    const a = await subscribed('twin@example.com');
    const b = await subscribed('Twin@Example.com', 'Second server');
    const other = await subscribed('other@example.com', 'Third server');
    const res = await setOutcome({ email: 'twin@example.com', status: 'failed' });
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body).toEqual({ customerIds: [a.customer.id, b.customer.id], status: 'failed' });

    const charged = await runOn('2024-01-31');
    const statusOf = (subId: string) => charged.find((p) => p.subscriptionId === subId)?.status;
    expect(statusOf(a.sub.id)).toBe('failed');
    expect(statusOf(b.sub.id)).toBe('failed');
    expect(statusOf(other.sub.id)).toBe('paid');

    expect(emu.state.createRenewal(a.sub.id).status).toBe('failed');
    expect(emu.state.createRenewal(a.sub.id, 'paid').status).toBe('paid');
  });

  it('applies to recurring payments created through the API when they leave pending', async () => {
    const auto = await startEmulator({ recurringAutoPaidAfterMs: 20 });
    try {
      const { customer } = await customerWithMandate(auto);
      auto.state.setRecurringOutcome({ customerId: customer.id }, 'failed');
      const charge = () =>
        auto.client.customers.createPayment({
          customerId: customer.id,
          paymentRequest: {
            amount: { currency: 'EUR', value: '5.00' },
            description: 'Top-up',
            redirectUrl: null,
            sequenceType: 'recurring',
          },
        });
      const failing = await charge();
      expect(failing.status).toBe('pending');
      await waitFor(() => auto.state.payment(failing.id).status !== 'pending');
      expect(auto.state.payment(failing.id).status).toBe('failed');
      auto.state.setRecurringOutcome({ email: 'ada@example.com' }, 'paid');
      const paying = await charge();
      await waitFor(() => auto.state.payment(paying.id).status !== 'pending');
      expect(auto.state.payment(paying.id).status).toBe('paid');
    } finally {
      await auto.close();
    }
  });

  it('404 JSON for an unknown customer or e-mail', async () => {
    await subscribed();
    const unknownId = await setOutcome({ customerId: 'cst_missing123', status: 'failed' });
    expect(unknownId.status).toBe(404);
    expect(unknownId.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await readJson(unknownId)).toMatchObject({
      status: 404,
      title: 'Not Found',
      detail: 'No customer exists with token cst_missing123.',
    });
    const unknownEmail = await setOutcome({ email: 'nobody@example.com', status: 'failed' });
    expect(unknownEmail.status).toBe(404);
    expect((await readJson(unknownEmail)).detail).toBe('No customer exists with e-mail nobody@example.com.');
    expect(() => emu.state.setRecurringOutcome({ customerId: 'cst_missing123' }, 'failed')).toThrow(
      /No customer exists/,
    );
    expect(emu.state.snapshot().recurringOutcomes).toEqual([]);
  });

  it.each([
    ['a status Mollie cannot reach from pending', { email: 'ada@example.com', status: 'expired' }],
    ['no status', { email: 'ada@example.com' }],
    ['neither customerId nor email', { status: 'failed' }],
    ['both customerId and email', { customerId: 'cst_x', email: 'ada@example.com', status: 'failed' }],
    ['a customerId that is not a string', { customerId: 7, status: 'failed' }],
    ['an array body', [{ email: 'ada@example.com', status: 'failed' }]],
  ])('400 JSON for %s', async (_label, body) => {
    await subscribed();
    const res = await setOutcome(body);
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(emu.state.snapshot().recurringOutcomes).toEqual([]);
  });

  it('400 JSON for a body that is not JSON', async () => {
    const res = await setOutcome(undefined, '{"email":');
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ status: 400 });
  });

  it('needs no API key, and the API still does', async () => {
    const { customer } = await subscribed();
    const withoutKey = await setOutcome({ customerId: customer.id, status: 'failed' });
    expect(withoutKey.status).toBe(200);
    expect((await fetch(`${emu.base}/v2/customers/${customer.id}`)).status).toBe(401);
  });

  it('GET serves a self-contained page with the form and the current outcomes, escaped', async () => {
    const { customer } = await customerWithMandate(emu, { name: 'X', email: '<b>"x"</b>@example.com' });
    emu.state.setRecurringOutcome({ customerId: customer.id }, 'failed');
    const res = await fetch(`${emu.base}/test/recurring-outcome`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`action="${emu.base}/test/recurring-outcome"`);
    expect(html).toContain('<option value="paid">Paid</option>');
    expect(html).toContain('<option value="failed">Failed</option>');
    expect(html).toContain('<button type="submit">');
    expect(html).toContain('fetch(form.action, {');
    expect(html).toContain(customer.id);
    expect(html).toContain('&#60;b&#62;&#34;x&#34;&#60;/b&#62;@example.com');
    expect(html).not.toContain('<b>"x"</b>');
    expect(html).not.toMatch(/<script src=|<link /);
  });

  it('the page tells the setting per customer and overall, and reloads it after a change (issue 44)', async () => {
    const page = async () => (await fetch(`${emu.base}/test/recurring-outcome`)).text();
    expect(await page()).toContain("Every customer's recurring payments end paid.");
    const { customer } = await subscribed();
    expect((await setOutcome({ email: 'ada@example.com', status: 'failed' })).status).toBe(200);
    const html = await page();
    expect(html).not.toContain("Every customer's recurring payments end paid.");
    expect(html).toContain(
      "One customer is set apart below; every other customer's recurring payments end paid.",
    );
    expect(html).toMatch(new RegExp(`<td>${customer.id}</td><td>ada@example.com</td><td>Failed</td>`));
    // the script replaces the section with the page served anew once a change is answered
    expect(html).toContain('<section id="current">');
    expect(html).toContain("document.getElementById('current').replaceWith");
    expect((await setOutcome({ customerId: customer.id, status: 'paid' })).status).toBe(200);
    expect(await page()).toContain("Every customer's recurring payments end paid.");
  });
});
