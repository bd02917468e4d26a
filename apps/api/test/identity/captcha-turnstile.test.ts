import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptcha } from '../../src/identity/captcha';
import { type Db, openDatabase } from '../../src/platform/db/database';

/**
 * Cloudflare's siteverify cannot be reached from here, so it is stood in for at the fetch seam with the
 * answers its documentation gives (`{ success: boolean, "error-codes": [...] }`).
 */
describe('Turnstile captcha (CAPTCHA_PROVIDER=turnstile)', () => {
  let database: Db;
  beforeAll(async () => {
    database = await openDatabase('sqlite::memory:');
  });
  afterAll(async () => database.destroy());

  function turnstile(answer: (form: URLSearchParams) => Response | Promise<Response>) {
    const calls: { url: string; form: URLSearchParams }[] = [];
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      const form = new URLSearchParams(String(init?.body));
      calls.push({ url, form });
      return answer(form);
    }) as typeof fetch;
    const captcha = createCaptcha({
      provider: 'turnstile',
      secret: 'x'.repeat(32),
      turnstileSecretKey: 'turnstile-secret',
      cost: 10,
      db: database.db,
      now: Date.now,
      fetch: fetchImpl,
    });
    return { captcha, calls };
  }

  it('accepts a token siteverify confirms, sending the secret, the token and the client address', async () => {
    const { captcha, calls } = turnstile((form) =>
      Response.json({ success: form.get('response') === 'good-token', 'error-codes': [] }),
    );
    expect(await captcha.verify('good-token', '203.0.113.7')).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(Object.fromEntries(calls[0]?.form ?? [])).toEqual({
      secret: 'turnstile-secret',
      response: 'good-token',
      remoteip: '203.0.113.7',
    });
    expect(await captcha.verify('bad-token')).toBe(false);
  });

  it('refuses when siteverify fails or answers garbage', async () => {
    const down = turnstile(() => {
      throw new TypeError('fetch failed');
    });
    expect(await down.captcha.verify('good-token')).toBe(false);
    const garbage = turnstile(() => new Response('<html>502</html>', { status: 502 }));
    expect(await garbage.captcha.verify('good-token')).toBe(false);
  });
});
