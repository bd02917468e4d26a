import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPterodactylClient } from '../src/client';
import { retryAfterMs } from '../src/http';
import { inBackground, RequestBudget } from '../src/limiter';
import { type Harness, paperServerBody, startHarness } from './harness';

/** A stand-in panel: `answer` decides each request's reply; every request is recorded with its time. */
async function startPanel(answer: (req: IncomingMessage, res: ServerResponse, index: number) => void) {
  const seen: Array<{ method: string; url: string; at: number }> = [];
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', at: Date.now() });
    req.resume();
    req.on('end', () => answer(req, res, seen.length - 1));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => server.close() };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const tooMany = (res: ServerResponse, seconds: number) =>
  json(
    res,
    429,
    { errors: [{ code: 'TooManyRequestsHttpException', status: '429', detail: 'Too Many Attempts.' }] },
    { 'retry-after': String(seconds), 'x-ratelimit-limit': '240', 'x-ratelimit-remaining': '0' },
  );
const location = { object: 'location', attributes: { id: 1, short: 'de', long: 'Frankfurt' } };
const list = { object: 'list', data: [location], meta: { pagination: { current_page: 1, total_pages: 1 } } };

/** Milliseconds between the first two requests. */
const gap = (seen: Array<{ at: number }>) => (seen[1]?.at ?? 0) - (seen[0]?.at ?? 0);

const keys = { applicationKey: `ptla_${'a'.repeat(43)}`, clientKey: `ptlc_${'c'.repeat(43)}` };

describe("a 429 waits for the panel's Retry-After", () => {
  let panel: Awaited<ReturnType<typeof startPanel>>;
  afterEach(() => panel.close());

  it('sends a GET again once Retry-After has passed, not after a fixed backoff', async () => {
    panel = await startPanel((_req, res, i) => (i === 0 ? tooMany(res, 1) : json(res, 200, list)));
    const client = createPterodactylClient({ baseUrl: panel.url, ...keys, retryDelayMs: 10 });
    const started = Date.now();
    await expect(client.listLocations()).resolves.toEqual([location.attributes]);
    expect(panel.seen).toHaveLength(2);
    expect((panel.seen[1]?.at ?? 0) - started).toBeGreaterThanOrEqual(950);
    expect(client.stats()).toMatchObject({ rateLimited: 1, requests: { application: 2, client: 0 } });
  });

  it('sends a POST again after a 429 (the throttle runs before the controller: nothing was done)', async () => {
    panel = await startPanel((_req, res, i) =>
      i === 0
        ? tooMany(res, 1)
        : json(res, 201, { object: 'user', attributes: { id: 7, external_id: 'falkenhost-user-7' } }),
    );
    const client = createPterodactylClient({ baseUrl: panel.url, ...keys });
    const user = await client.createUser({
      email: 'a@example.com',
      username: 'fh_a_7',
      first_name: 'A',
      last_name: 'B',
      external_id: 'falkenhost-user-7',
    });
    expect(user.id).toBe(7);
    expect(panel.seen.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(gap(panel.seen)).toBeGreaterThanOrEqual(950);
  });

  it('gives up after rateLimitRetries 429s', async () => {
    panel = await startPanel((_req, res) => tooMany(res, 1));
    const client = createPterodactylClient({ baseUrl: panel.url, ...keys, rateLimitRetries: 1 });
    const error = await client.listLocations().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'TooManyRequestsHttpException' });
    expect(panel.seen).toHaveLength(2);
    expect(gap(panel.seen)).toBeGreaterThanOrEqual(950);
  });

  it('does not wait longer than maxRetryAfterMs', async () => {
    panel = await startPanel((_req, res) => tooMany(res, 3600));
    const client = createPterodactylClient({ baseUrl: panel.url, ...keys, maxRetryAfterMs: 5_000 });
    await expect(client.listLocations()).rejects.toMatchObject({ status: 429 });
    expect(panel.seen).toHaveLength(1);
  });

  it('reads Retry-After as seconds or an HTTP date, and as the 60 s window when absent', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('17', now)).toBe(17_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs(null, now)).toBe(60_000);
    expect(retryAfterMs('soon', now)).toBe(60_000);
  });
});

describe('one limiter per key', () => {
  it('keeps the average rate and the burst', async () => {
    const budget = new RequestBudget({ perMinute: 6_000, burst: 5, reserve: 0 });
    const started = Date.now();
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 25 }, () =>
        budget.take('foreground').then(() => times.push(Date.now() - started)),
      ),
    );
    // 5 at once, then one every 10 ms: the 25th after about 200 ms.
    expect(times.filter((t) => t < 5)).toHaveLength(5);
    expect(Math.max(...times)).toBeGreaterThanOrEqual(190);
    expect(budget.stats()).toMatchObject({ granted: 25, waited: 20 });
  });

  it('serves a waiting foreground call before every waiting background call', async () => {
    const budget = new RequestBudget({ perMinute: 3_000, burst: 1, reserve: 0 });
    const order: string[] = [];
    await budget.take('foreground');
    const background = Array.from({ length: 4 }, (_, i) =>
      budget.take('background').then(() => order.push(`background ${i}`)),
    );
    const foreground = budget.take('foreground').then(() => order.push('foreground'));
    await Promise.all([...background, foreground]);
    expect(order[0]).toBe('foreground');
    expect(order.slice(1)).toEqual(['background 0', 'background 1', 'background 2', 'background 3']);
  });

  it('keeps the reserve for customers: background calls leave it, a foreground call takes it at once', async () => {
    const budget = new RequestBudget({ perMinute: 60, burst: 4, reserve: 2 });
    const granted: string[] = [];
    for (let i = 0; i < 3; i++) void budget.take('background').then(() => granted.push('background'));
    await Promise.resolve();
    // Of 4 saved-up tokens background took 2 and waits for more; the reserve goes to customers.
    expect(granted).toEqual(['background', 'background']);
    await budget.take('foreground');
    await budget.take('foreground');
    expect(budget.stats().waited).toBe(1);
  });

  it('takes the priority of the scope: inBackground makes every call inside a background call', async () => {
    const budget = new RequestBudget({ perMinute: 3_000, burst: 1, reserve: 0 });
    const order: string[] = [];
    await budget.take();
    const job = inBackground(async () => {
      await budget.take();
      order.push('job');
    });
    const customer = budget.take().then(() => order.push('customer'));
    await Promise.all([job, customer]);
    expect(order).toEqual(['customer', 'job']);
  });
});

describe('creating a server or user is retried safely (found by external_id first)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.emulator.close());

  /** A client whose `fail`-matching calls are passed to the panel and then lose their answer. */
  function clientLosing(match: (method: string, url: string) => boolean, forward: boolean) {
    let lost = 0;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = String(input);
      if (lost === 0 && match(init?.method ?? 'GET', url)) {
        lost += 1;
        if (forward) await globalThis.fetch(input, init);
        if (forward) throw new TypeError('fetch failed');
        return new Response('Bad Gateway', { status: 502 });
      }
      return globalThis.fetch(input, init);
    };
    const client = createPterodactylClient({
      baseUrl: h.emulator.url,
      applicationKey: h.emulator.state.config.applicationKey,
      clientKey: h.emulator.state.config.clientKey,
      retryDelayMs: 5,
      fetch,
    });
    return { client, lost: () => lost };
  }

  const isCreate = (path: string) => (method: string, url: string) =>
    method === 'POST' && new URL(url).pathname.endsWith(path);

  it('adopts the server the panel made when the answer was lost', async () => {
    const user = await h.client.createUser({
      email: 'lost@example.com',
      username: 'lost_answer',
      first_name: 'Lost',
      last_name: 'Answer',
    });
    const { client, lost } = clientLosing(isCreate('/api/application/servers'), true);
    const body = await paperServerBody(client, user.id, { external_id: 'falkenhost-server-lost' });
    const server = await client.createServer(body);
    expect(lost()).toBe(1);
    expect(server.external_id).toBe('falkenhost-server-lost');
    const same = (await h.client.listServers()).filter((s) => s.external_id === 'falkenhost-server-lost');
    expect(same.map((s) => s.id)).toEqual([server.id]);
  });

  it('creates again after a 5xx when the panel has no such server', async () => {
    const user = await h.client.createUser({
      email: 'gateway@example.com',
      username: 'bad_gateway',
      first_name: 'Bad',
      last_name: 'Gateway',
    });
    const { client, lost } = clientLosing(isCreate('/api/application/servers'), false);
    const body = await paperServerBody(client, user.id, { external_id: 'falkenhost-server-502' });
    const server = await client.createServer(body);
    expect(lost()).toBe(1);
    expect(server.external_id).toBe('falkenhost-server-502');
    const same = (await h.client.listServers()).filter((s) => s.external_id === 'falkenhost-server-502');
    expect(same).toHaveLength(1);
  });

  it('adopts the user the panel made when the answer was lost', async () => {
    const { client, lost } = clientLosing(isCreate('/api/application/users'), true);
    const user = await client.createUser({
      email: 'retry@example.com',
      username: 'retry_user',
      first_name: 'Re',
      last_name: 'Try',
      external_id: 'falkenhost-user-retry',
    });
    expect(lost()).toBe(1);
    expect(await h.client.getUserByExternalId('falkenhost-user-retry')).toMatchObject({ id: user.id });
  });

  it('does not retry a create without external_id (it could not be found again)', async () => {
    const { client } = clientLosing(isCreate('/api/application/users'), false);
    await expect(
      client.createUser({ email: 'x@example.com', username: 'no_external', first_name: 'X', last_name: 'Y' }),
    ).rejects.toMatchObject({ status: 502 });
  });
});
