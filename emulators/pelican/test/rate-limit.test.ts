/**
 * The API throttles: `api.application` and `api.client` (config/http.php: 256 a minute each by default,
 * keyed by the key owner's uuid) answer 429 with Retry-After once spent; the limits are configurable.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PELICAN_RATE_LIMITS } from '../src/state/state';
import { type PeerPanel, startPeer } from './peer/panel';

describe('Pelican API rate limits', () => {
  let panel: PeerPanel;
  afterEach(() => panel.close());

  it('defaults to 256 application and 256 client requests a minute', async () => {
    expect(PELICAN_RATE_LIMITS).toEqual({
      applicationPerMinute: 256,
      clientPerMinute: 256,
      websocketPerMinute: 5,
    });
    panel = await startPeer();
    const app = await panel.app('GET', '/eggs');
    expect(app.headers.get('x-ratelimit-limit')).toBe('256');
    expect(app.headers.get('x-ratelimit-remaining')).toBe('255');
    const client = await panel.client('GET', '/account');
    expect(client.headers.get('x-ratelimit-limit')).toBe('256');
  });

  it('answers 429 with Retry-After and the X-RateLimit headers once a minute is spent, until it ends', async () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 0);
    panel = await startPeer({
      now: () => now,
      rateLimit: { applicationPerMinute: 3, clientPerMinute: 2, websocketPerMinute: 5 },
    });
    for (let i = 0; i < 3; i++) expect((await panel.app('GET', '/eggs')).status).toBe(200);
    now += 20_000;
    const refused = await panel.app('GET', '/eggs');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'ThrottleRequestsException',
      status: '429',
      detail: 'Too Many Attempts.',
    });
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(
      String((Date.UTC(2026, 0, 1, 12, 0, 0) + 60_000) / 1000),
    );
    // The client API has its own budget.
    expect((await panel.client('GET', '/account')).status).toBe(200);
    now += 40_000;
    expect((await panel.app('GET', '/eggs')).status).toBe(200);
    expect(panel.emulator.state.stats().throttled).toBe(1);
  });

  it('counts by user: two keys of one user share the budget, another user has their own', async () => {
    panel = await startPeer({
      rateLimit: { applicationPerMinute: 100, clientPerMinute: 2, websocketPerMinute: 5 },
    });
    const { state } = panel.emulator;
    const second = state.issueKey('client', state.keyOwner().id);
    expect((await panel.client('GET', '/account')).status).toBe(200);
    expect((await panel.client('GET', '/account', undefined, second)).status).toBe(200);
    expect((await panel.client('GET', '/account', undefined, second)).status).toBe(429);
    const other = await panel.account();
    expect((await panel.client('GET', '/account', undefined, other.key)).status).toBe(200);
  });

  it('refuses an application key on the client API before it counts (RequireClientApiKey runs first)', async () => {
    panel = await startPeer({
      rateLimit: { applicationPerMinute: 100, clientPerMinute: 1, websocketPerMinute: 5 },
    });
    const { state } = panel.emulator;
    const res = await panel.client('GET', '/account', undefined, state.config.applicationKey);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].detail).toBe(
      'You are attempting to use an application API key on an endpoint that requires a client API key.',
    );
    expect((await panel.client('GET', '/account')).status).toBe(200);
  });

  it('sends no rate-limit headers and never 429 when turned off', async () => {
    panel = await startPeer({ rateLimit: false });
    for (let i = 0; i < 5; i++) {
      const res = await panel.app('GET', '/eggs');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });
});
