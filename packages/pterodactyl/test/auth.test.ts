import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPterodactylClient } from '../src/client';
import { isConnectionError } from '../src/errors';
import { type Harness, startHarness } from './harness';

describe('keys and connection failures', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.emulator.close());

  const keys = () => h.emulator.state.config;

  it('generates keys shaped like the panel keys', () => {
    expect(keys().applicationKey).toMatch(/^ptla_[A-Za-z0-9]{43}$/);
    expect(keys().clientKey).toMatch(/^ptlc_[A-Za-z0-9]{43}$/);
  });

  it('answers 401 for a wrong key', async () => {
    const client = createPterodactylClient({
      baseUrl: h.emulator.url,
      applicationKey: `ptla_${'x'.repeat(43)}`,
      clientKey: `ptlc_${'x'.repeat(43)}`,
    });
    await expect(client.listLocations()).rejects.toMatchObject({
      status: 401,
      code: 'AuthenticationException',
    });
    await expect(client.getResources('abcdefgh')).rejects.toMatchObject({ status: 401 });
  });

  it('answers 403 for the client key on the Application API', async () => {
    const client = createPterodactylClient({
      baseUrl: h.emulator.url,
      applicationKey: keys().clientKey,
      clientKey: keys().clientKey,
    });
    await expect(client.listNodes()).rejects.toMatchObject({
      status: 403,
      code: 'AccessDeniedHttpException',
      detail: 'This account does not have permission to access the API.',
    });
  });

  it('turns an unreachable panel into a status-0 ConnectionError after retries', async () => {
    const client = createPterodactylClient({
      baseUrl: 'http://127.0.0.1:9/_emulators/pterodactyl',
      applicationKey: keys().applicationKey,
      clientKey: keys().clientKey,
      retries: 1,
      retryDelayMs: 5,
    });
    const error = await client.listNodes().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'ConnectionError' });
    expect(isConnectionError(error)).toBe(true);
  });

  it('times out slow answers as a ConnectionError', async () => {
    const slowFetch: typeof fetch = (input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        void input;
      });
    const client = createPterodactylClient({
      ...keys(),
      baseUrl: h.emulator.url,
      fetch: slowFetch,
      timeoutMs: 50,
      retries: 0,
    });
    await expect(client.getNode(1)).rejects.toMatchObject({ status: 0, code: 'ConnectionError' });
  });
});
