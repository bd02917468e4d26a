/** The behaviour the product relies on, run against both panels' emulators through their own dialect. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStateConflict, isValidationError, type PterodactylError } from '../src/errors';
import { paperServerBody, waitFor } from './harness';
import { PANELS, type PanelHarness, startPanel } from './panels';

describe.each(PANELS)('%s: the same client interface', (kind) => {
  let h: PanelHarness;
  let userId: number;
  beforeAll(async () => {
    h = await startPanel(kind);
    userId = (
      await h.client.createUser({
        email: 'erin@example.com',
        username: 'erin',
        first_name: 'Erin',
        last_name: 'F',
        external_id: 'u-erin',
      })
    ).id;
  });
  afterAll(() => h.close());

  it('finds users by external id and exact e-mail, and refuses duplicates with 422', async () => {
    const user = await h.client.getUserByExternalId('u-erin');
    expect(user).toMatchObject({
      id: userId,
      username: 'erin',
      email: 'erin@example.com',
      root_admin: false,
    });
    expect(await h.client.getUser(userId)).toEqual(user);
    expect(await h.client.getUserByExternalId('nobody')).toBeNull();
    expect((await h.client.listUsersByEmail('ERIN@example.com')).map((u) => u.id)).toEqual([userId]);
    expect(await h.client.listUsersByEmail('erin@example')).toEqual([]);
    const duplicate = await h.client
      .createUser({ email: 'erin@example.com', username: 'erin2', first_name: 'E', last_name: 'F' })
      .catch((e: unknown) => e);
    expect(isValidationError(duplicate)).toBe(true);
    expect((duplicate as PterodactylError).errors[0]?.meta?.source_field).toBe('email');
  });

  it('creates a server on allocation.default, then gets, finds and lists it', async () => {
    const body = await paperServerBody(h.client, userId, { external_id: 'order-1' });
    const server = await h.client.createServer(body);
    const nests = await h.client.listNests();
    const minecraft = nests.find((n) => n.name.toLowerCase() === 'minecraft');
    expect(server).toMatchObject({
      external_id: 'order-1',
      status: 'installing',
      suspended: false,
      node: 1,
      allocation: body.allocation?.default,
      nest: minecraft?.id,
      egg: body.egg,
      limits: { memory: 4096, swap: 0, disk: 20480, io: 500, cpu: 200, threads: null, oom_disabled: true },
      feature_limits: { databases: 0, backups: 1, allocations: 1 },
      container: { installed: 0, image: body.docker_image },
    });
    expect(server.identifier).toBe(server.uuid.slice(0, 8));
    expect(server.container.environment.SERVER_JARFILE).toBe('server.jar');
    const installed = await waitFor(async () => {
      const s = await h.client.getServer(server.id);
      return s.status === null ? s : null;
    });
    expect(installed).toMatchObject({ nest: minecraft?.id, container: { installed: 1 } });
    expect((await h.client.getNode(1)).allocated_resources).toEqual({ memory: 4096, disk: 20480 });
    const allocations = await h.client.listNodeAllocations(1);
    expect(allocations.find((a) => a.id === server.allocation)?.assigned).toBe(true);
    expect(await h.client.getServerByExternalId('order-1')).toMatchObject({ id: server.id });
    expect(await h.client.getServerByExternalId('order-unknown')).toBeNull();
    expect((await h.client.listServers()).find((s) => s.id === server.id)?.nest).toBe(minecraft?.id);
  });

  it('answers 422 for an egg variable value against its rules', async () => {
    const body = await paperServerBody(h.client, userId);
    const environment = { ...body.environment, SERVER_JARFILE: 'server.zip' };
    const error = (await h.client
      .createServer({ ...body, environment })
      .catch((e: unknown) => e)) as PterodactylError;
    expect(error.status).toBe(422);
    expect(error.errors[0]?.meta).toEqual({ source_field: 'environment.SERVER_JARFILE', rule: 'regex' });
  });

  it('keeps oom_disabled as asked', async () => {
    const body = await paperServerBody(h.client, userId, { oom_disabled: false });
    const server = await h.client.createServer(body);
    expect(server.limits.oom_disabled).toBe(false);
  });

  it('updates the build and the details, suspends, unsuspends and deletes', async () => {
    const server = await h.client.createServer(await paperServerBody(h.client, userId));
    const built = await h.client.updateServerBuild(server.id, {
      allocation: server.allocation,
      limits: { memory: 8192, swap: 0, disk: 30000, io: 500, cpu: 300 },
      feature_limits: { databases: 1, backups: 2, allocations: 1 },
    });
    expect(built.limits).toMatchObject({ memory: 8192, disk: 30000, cpu: 300 });
    expect(built.feature_limits).toEqual({ databases: 1, backups: 2, allocations: 1 });
    const details = await h.client.updateServerDetails(server.id, {
      name: 'Renamed',
      user: userId,
      external_id: 'order-renamed',
    });
    expect(details).toMatchObject({ name: 'Renamed', external_id: 'order-renamed', description: '' });
    await h.client.suspendServer(server.id);
    expect(await h.client.getServer(server.id)).toMatchObject({ suspended: true, status: 'suspended' });
    await h.client.unsuspendServer(server.id);
    expect((await h.client.getServer(server.id)).suspended).toBe(false);
    h.state.failNext('deleteServer', { status: 504, code: 'DaemonConnectionException' });
    await h.client.deleteServer(server.id, { force: true });
    await expect(h.client.getServer(server.id)).rejects.toMatchObject({ status: 404 });
  });

  it('gives websocket credentials, resources and power once installed; 409 while installing', async () => {
    const server = await h.client.createServer(await paperServerBody(h.client, userId));
    const conflict = await h.client.getResources(server.identifier).catch((e: unknown) => e);
    expect(isStateConflict(conflict)).toBe(true);
    await waitFor(async () => (await h.client.getServer(server.id)).status === null);
    const credentials = await h.client.getWebsocketCredentials(server.identifier);
    expect(credentials.socket).toBe(`${h.state.config.wingsSocketBase}/api/servers/${server.uuid}/ws`);
    expect(credentials.token.split('.')).toHaveLength(3);
    // Pterodactyl's emulator starts a server once installed; Pelican's waits for start_on_completion.
    await h.client.sendPowerSignal(server.identifier, 'start');
    await waitFor(async () => h.state.process.state(server.uuid) === 'running');
    const running = await h.client.getResources(server.identifier);
    expect(running).toMatchObject({ current_state: 'running', is_suspended: false });
    await h.client.sendPowerSignal(server.identifier, 'stop');
    await waitFor(async () => h.state.process.state(server.uuid) === 'offline');
  });

  it('sets a user-editable egg variable and refuses a value against its rules', async () => {
    const server = await h.client.createServer(await paperServerBody(h.client, userId));
    await waitFor(async () => (await h.client.getServer(server.id)).status === null);
    await h.client.updateStartupVariable(server.identifier, 'SERVER_JARFILE', 'paper.jar');
    expect((await h.client.getServer(server.id)).container.environment.SERVER_JARFILE).toBe('paper.jar');
    await expect(
      h.client.updateStartupVariable(server.identifier, 'SERVER_JARFILE', 'paper.zip'),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('tells a root admin by the client key account', async () => {
    const account = await h.client.getAccount();
    expect(account.admin).toBe(true);
    expect(account.id).toBeGreaterThan(0);
    expect(typeof account.username).toBe('string');
  });
});
