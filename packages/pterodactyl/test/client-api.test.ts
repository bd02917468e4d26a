import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStateConflict } from '../src/errors';
import { type Harness, paperServerBody, startHarness, waitFor } from './harness';

describe('Client API', () => {
  let h: Harness;
  let userId: number;
  beforeAll(async () => {
    h = await startHarness();
    userId = (
      await h.client.createUser({ email: 'd@example.com', username: 'dave', first_name: 'D', last_name: 'E' })
    ).id;
  });
  afterAll(() => h.emulator.close());

  it('answers 409 while installing, then gives websocket credentials with the panel claims', async () => {
    const server = await h.client.createServer(await paperServerBody(h.client, userId));
    const conflict = await h.client.getWebsocketCredentials(server.identifier).catch((e: unknown) => e);
    expect(isStateConflict(conflict)).toBe(true);
    expect(conflict).toMatchObject({ status: 409 });
    await waitFor(async () => (await h.client.getServer(server.id)).status === null);

    const credentials = await h.client.getWebsocketCredentials(server.identifier);
    expect(credentials.socket).toBe(
      `${h.emulator.state.config.wingsSocketBase}/api/servers/${server.uuid}/ws`,
    );
    const claims = decodeJwt(credentials.token);
    // The client key's owner is a root admin: the panel adds the admin.websocket.* permissions to `*`.
    expect(claims).toMatchObject({
      iss: h.emulator.url,
      server_uuid: server.uuid,
      permissions: ['*', 'admin.websocket.errors', 'admin.websocket.install', 'admin.websocket.transfer'],
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(600);
    expect((claims.iat ?? 0) - (claims.nbf ?? 0)).toBe(300);
    expect(claims.jti).toMatch(/^[0-9a-f]{32}$/);
    expect(typeof claims.user_uuid).toBe('string');
    expect(typeof claims.unique_id).toBe('string');
    expect((await h.client.getWebsocketCredentials(server.uuid)).socket).toBe(credentials.socket);
  });

  it('reports resources, takes power signals and refuses bad ones', async () => {
    const server = await h.client.createServer(await paperServerBody(h.client, userId));
    await waitFor(async () => (await h.client.getServer(server.id)).status === null);
    await waitFor(async () => h.emulator.state.process.state(server.uuid) === 'running');
    const running = await h.client.getResources(server.identifier);
    expect(running.current_state).toBe('running');
    expect(running.is_suspended).toBe(false);
    expect(running.resources.memory_bytes).toBeGreaterThan(0);
    expect(running.resources.memory_bytes).toBeLessThanOrEqual(4096 * 1024 * 1024);
    await h.client.sendPowerSignal(server.identifier, 'stop');
    // The panel caches resources for 20 s: the stop shows in the process, not yet in that answer.
    await waitFor(async () => h.emulator.state.process.state(server.uuid) === 'offline');
    expect((await h.client.getResources(server.identifier)).current_state).toBe('running');
    const bad = await h.client
      .sendPowerSignal(server.identifier, 'explode' as 'kill')
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 422, code: 'ValidationException' });
  });

  it('answers 409 for a suspended server and 404 for an unknown one', async () => {
    const server = await h.client.createServer(await paperServerBody(h.client, userId));
    await waitFor(async () => (await h.client.getServer(server.id)).status === null);
    await h.client.suspendServer(server.id);
    await expect(h.client.getResources(server.identifier)).rejects.toMatchObject({
      status: 409,
      code: 'ServerStateConflictException',
      detail: 'This server is currently suspended and the functionality requested is unavailable.',
    });
    await expect(h.client.getResources('deadbeef')).rejects.toMatchObject({ status: 404 });
  });
});
