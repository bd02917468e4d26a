/**
 * Mollie's Idempotency-Key rules (reference/mollie.md "Idempotency"): the first answer replayed
 * for an hour with `Idempotent-Replayed: true`, 400 for the same key with other parameters, 409 while the
 * first request is still running, forgotten after the hour, kept across a snapshot and restore.
 */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS } from '../src/api/idempotency';
import mollieEmulator from '../src/plugin.js';
import { createMollieState } from '../src/state/state';
import { API_KEY, PREFIX, readJson, startEmulator } from './helpers.js';

const valid = {
  amount: { currency: 'EUR', value: '10.00' },
  description: 'Order 42',
  redirectUrl: 'https://shop.example.com/orders/42',
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A POST of a payment with an Idempotency-Key. */
function create(key: string, body: unknown = valid, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'idempotency-key': key, ...headers }, body: JSON.stringify(body) };
}

describe('Idempotency-Key', () => {
  it('replays within the hour and forgets the key after it (on the emulator clock)', async () => {
    let now = Date.UTC(2025, 0, 10, 12);
    const emu = await startEmulator({ now: () => now });
    closers.push(emu.close);
    const first = await readJson(await emu.api('/v2/payments', create('order-1')));
    now += IDEMPOTENCY_TTL_MS - 1;
    const replay = await emu.api('/v2/payments', create('order-1'));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await readJson(replay)).id).toBe(first.id);
    now += 1;
    const after = await emu.api('/v2/payments', create('order-1'));
    expect(after.status).toBe(201);
    expect(after.headers.get('idempotent-replayed')).toBeNull();
    expect((await readJson(after)).id).not.toBe(first.id);
    expect(emu.state.payments()).toHaveLength(2);
  });

  it('keys are per API key: the same key under another API key makes its own payment', async () => {
    const other = 'test_OtherKey00000000000000000000000000';
    const emu = await startEmulator({ apiKeys: [API_KEY, other] });
    closers.push(emu.close);
    const a = await readJson(await emu.api('/v2/payments', create('shared')));
    const b = await readJson(
      await emu.api('/v2/payments', create('shared', valid, { authorization: `Bearer ${other}` })),
    );
    expect(b.id).not.toBe(a.id);
  });

  it('answers 409 while the first request with the key is still running, then replays it', async () => {
    const state = createMollieState({ publicUrl: () => base });
    let base = '';
    const app = Fastify();
    // A host hook that holds the answer of a marked request until the test lets it go: the emulator's
    // own onSend (which keeps the answer) runs after it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.headers['x-slow']) await held;
      return payload;
    });
    await app.register(mollieEmulator, { prefix: PREFIX, state });
    base = `${await app.listen({ port: 0, host: '127.0.0.1' })}${PREFIX}`;
    closers.push(async () => {
      state.close();
      await app.close();
    });
    const post = (init: RequestInit) =>
      fetch(`${base}/v2/payments`, {
        ...init,
        headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', ...init.headers },
      });
    const slow = post(create('order-9', valid, { 'x-slow': '1' }));
    await expect.poll(() => state.payments().length).toBe(1);
    const concurrent = await post(create('order-9'));
    expect(concurrent.status).toBe(409);
    expect(await readJson(concurrent)).toMatchObject({ status: 409, title: 'Conflict' });
    release();
    const first = await slow;
    expect(first.status).toBe(201);
    const replay = await post(create('order-9'));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await readJson(replay)).id).toBe((await readJson(first)).id);
    expect(state.payments()).toHaveLength(1);
  });

  it('a 4xx answer is kept too: the same request replays its 422', async () => {
    const emu = await startEmulator();
    closers.push(emu.close);
    const bad = { ...valid, amount: { currency: 'EUR', value: '10' } };
    const first = await emu.api('/v2/payments', create('bad-1', bad));
    expect(first.status).toBe(422);
    const replay = await emu.api('/v2/payments', create('bad-1', bad));
    expect(replay.status).toBe(422);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keeps the answers across snapshot and restore, and drops the expired ones', async () => {
    let now = Date.UTC(2025, 0, 10, 12);
    const first = await startEmulator({ now: () => now });
    closers.push(first.close);
    const early = await readJson(await first.api('/v2/payments', create('early')));
    now += IDEMPOTENCY_TTL_MS / 2;
    const late = await readJson(await first.api('/v2/payments', create('late')));
    const snapshot = JSON.parse(JSON.stringify(first.state.snapshot()));
    expect(snapshot.idempotencyKeys).toHaveLength(2);

    const second = await startEmulator({ now: () => now });
    closers.push(second.close);
    now += IDEMPOTENCY_TTL_MS / 2;
    second.state.restore(snapshot);
    // `early` is an hour old now: forgotten; `late` is replayed by the new process.
    expect(second.state.snapshot().idempotencyKeys.map((k) => k.key)).toEqual([`${API_KEY}\nlate`]);
    const replay = await second.api('/v2/payments', create('late'));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await readJson(replay)).id).toBe(late.id);
    const fresh = await readJson(await second.api('/v2/payments', create('early')));
    expect(fresh.id).not.toBe(early.id);
  });
});
