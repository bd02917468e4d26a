import { afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/server';
import type { EmulatorStateOptions } from '../src/state/state';

// biome-ignore lint/suspicious/noExplicitAny: the tests read loose JSON bodies
type Loose = any;

/** The panel's ThrottleRequestsException as its exception handler renders it. */
const TOO_MANY = {
  errors: [{ code: 'ThrottleRequestsException', status: '429', detail: 'Too Many Attempts.' }],
};

describe('API rate limits (config/http.php, throttle:api.application / api.client)', () => {
  const running: RunningEmulator[] = [];
  afterEach(async () => {
    for (const emulator of running.splice(0)) await emulator.close();
  });

  /** An emulator on a clock the test moves; starts at a whole second plus 300 ms. */
  async function start(options: Pick<EmulatorStateOptions, 'rateLimit'> = {}) {
    let at = Date.UTC(2026, 0, 1, 12, 0, 0) + 300;
    const emulator = await startEmulator({ ...options, now: () => at });
    running.push(emulator);
    const { applicationKey, clientKey } = emulator.state.config;
    const call = (path: string, key: string, init: RequestInit = {}) =>
      fetch(`${emulator.url}${path}`, {
        ...init,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${key}`,
        },
      });
    return {
      emulator,
      app: (path: string, init?: RequestInit) => call(`/api/application${path}`, applicationKey, init),
      client: (path: string, init?: RequestInit) => call(`/api/client${path}`, clientKey, init),
      call,
      advance: (ms: number) => {
        at += ms;
      },
      seconds: () => Math.floor(at / 1000),
    };
  }

  it('lets 240 application requests a minute through, counting down, then answers 429 with the headers', async () => {
    const { emulator, app, client, seconds } = await start();
    for (let i = 1; i <= 240; i++) {
      const res = await app('/locations');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('240');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(240 - i));
      expect(res.headers.get('retry-after')).toBeNull();
      await res.arrayBuffer();
    }
    const refused = await app('/locations');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('240');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(seconds() + 60));

    // The client API has its own budget of 720.
    const other = await client('/servers/abcdefgh');
    expect(other.status).toBe(404);
    expect(other.headers.get('x-ratelimit-limit')).toBe('720');
    expect(other.headers.get('x-ratelimit-remaining')).toBe('719');
    expect(emulator.state.stats()).toEqual({ requests: { application: 241, client: 1 }, throttled: 1 });
  });

  it('refuses writes over the limit without doing them', async () => {
    const { emulator, app } = await start({ rateLimit: { applicationPerMinute: 2, clientPerMinute: 5 } });
    const user = (n: number) =>
      JSON.stringify({ email: `u${n}@example.com`, username: `user${n}`, first_name: 'A', last_name: 'B' });
    expect((await app('/users', { method: 'POST', body: user(1) })).status).toBe(201);
    expect((await app('/users', { method: 'POST', body: user(2) })).status).toBe(201);
    const refused = await app('/users', { method: 'POST', body: user(3) });
    expect(refused.status).toBe(429);
    expect(emulator.state.db.users.some((u) => u.email === 'u3@example.com')).toBe(false);
  });

  it('opens a new window 60 s after the first request of the last one, as elapsed time or a clock jump', async () => {
    const { app, advance } = await start({ rateLimit: { applicationPerMinute: 3, clientPerMinute: 5 } });
    for (let i = 0; i < 3; i++) expect((await app('/nests')).status).toBe(200);
    advance(40_000);
    const early = await app('/nests');
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('20');
    // A refused request does not move the window.
    advance(19_000);
    const last = await app('/nests');
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBe('1');
    advance(1_000);
    const fresh = await app('/nests');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('2');
    // A jump of the demo clock refills it as the same elapsed time would.
    for (let i = 0; i < 2; i++) expect((await app('/nests')).status).toBe(200);
    expect((await app('/nests')).status).toBe(429);
    advance(3_600_000);
    expect((await app('/nests')).status).toBe(200);
  });

  it('keeps the application and client budgets apart; wrong keys are refused before they count', async () => {
    const { emulator, app, client, call } = await start({
      rateLimit: { applicationPerMinute: 10, clientPerMinute: 2 },
    });
    const { applicationKey } = emulator.state.config;
    expect((await client('/servers/abcdefgh')).status).toBe(404);
    // The application key on the client API counts there, then the panel's RequireClientApiKey refuses it.
    const wrongKind = await call('/api/client/servers/abcdefgh', applicationKey);
    expect(wrongKind.status).toBe(403);
    expect(((await wrongKind.json()) as Loose).errors[0].detail).toBe(
      'You are attempting to use an application API key on an endpoint that requires a client API key.',
    );
    expect((await client('/servers/abcdefgh')).status).toBe(429);
    expect((await app('/nodes')).status).toBe(200);
    const unknownKey = `ptlc_${'x'.repeat(43)}`;
    for (let i = 0; i < 3; i++) {
      const res = await call('/api/client/servers/abcdefgh', unknownKey);
      expect(res.status).toBe(401);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    expect(emulator.state.stats()).toEqual({ requests: { application: 1, client: 3 }, throttled: 1 });
  });

  it('counts every emulator apart: each panel has its own limits', async () => {
    const first = await start({ rateLimit: { applicationPerMinute: 1, clientPerMinute: 1 } });
    const second = await start({ rateLimit: { applicationPerMinute: 1, clientPerMinute: 1 } });
    expect((await first.app('/nodes')).status).toBe(200);
    expect((await first.app('/nodes')).status).toBe(429);
    expect((await second.app('/nodes')).status).toBe(200);
  });

  it('lets everything through without rate-limit headers when turned off (load benches)', async () => {
    const { emulator, app } = await start({ rateLimit: false });
    for (let i = 0; i < 250; i++) {
      const res = await app('/locations');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
      await res.arrayBuffer();
    }
    expect(emulator.state.stats()).toEqual({ requests: { application: 250, client: 0 }, throttled: 0 });
  });
});
