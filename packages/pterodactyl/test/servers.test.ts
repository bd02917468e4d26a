import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPterodactylClient } from '../src/client';
import { isNoCapacityError, type PterodactylError } from '../src/errors';
import { type Harness, paperServerBody, startHarness, waitFor } from './harness';

describe('servers on the Application API', () => {
  let h: Harness;
  let userId: number;
  beforeAll(async () => {
    h = await startHarness();
    userId = (
      await h.client.createUser({
        email: 'c@example.com',
        username: 'carol',
        first_name: 'C',
        last_name: 'D',
        external_id: 'u-c',
      })
    ).id;
  });
  afterAll(() => h.emulator.close());

  it('creates a server on allocation.default: installing, then installed and counted on its node', async () => {
    const body = await paperServerBody(h.client, userId, { external_id: 'order-1' });
    const server = await h.client.createServer(body);
    expect(server).toMatchObject({
      external_id: 'order-1',
      status: 'installing',
      suspended: false,
      node: 1,
      allocation: body.allocation?.default,
      limits: { memory: 4096, swap: 0, disk: 20480, io: 500, cpu: 200, threads: null, oom_disabled: true },
      feature_limits: { databases: 0, backups: 1, allocations: 1 },
      container: { installed: 0, image: 'ghcr.io/pterodactyl/yolks:java_21' },
    });
    expect(server.identifier).toBe(server.uuid.slice(0, 8));
    expect(server.container.environment.SERVER_JARFILE).toBe('server.jar');
    const installed = await waitFor(async () => {
      const s = await h.client.getServer(server.id);
      return s.status === null ? s : null;
    });
    expect(installed.container.installed).toBe(1);
    expect((await h.client.getNode(1)).allocated_resources).toEqual({ memory: 4096, disk: 20480 });
    const allocations = await h.client.listNodeAllocations(1);
    expect(allocations.find((a) => a.id === server.allocation)?.assigned).toBe(true);
    expect(await h.client.getServerByExternalId('order-1')).toMatchObject({ id: server.id });
    expect(await h.client.getServerByExternalId('order-unknown')).toBeNull();
    expect((await h.client.listServers()).map((s) => s.id)).toContain(server.id);
  });

  it('refuses an allocation that is already assigned', async () => {
    const [used] = (await h.client.listNodeAllocations(1)).filter((a) => a.assigned);
    const body = await paperServerBody(h.client, userId, { allocation: { default: used?.id ?? 0 } });
    await expect(h.client.createServer(body)).rejects.toMatchObject({
      status: 422,
      code: 'ValidationException',
    });
  });

  it('answers 422 for a missing required egg variable and for io out of range', async () => {
    const body = await paperServerBody(h.client, userId);
    const { SERVER_JARFILE: _removed, ...environment } = body.environment;
    const error = (await h.client
      .createServer({ ...body, environment })
      .catch((e: unknown) => e)) as PterodactylError;
    expect(error.status).toBe(422);
    expect(error.errors).toEqual([
      expect.objectContaining({
        code: 'ValidationException',
        detail: 'The Server Jar File variable field is required.',
        meta: { source_field: 'environment.SERVER_JARFILE', rule: 'required' },
      }),
    ]);
    const badJar = (await h.client
      .createServer({ ...body, environment: { ...body.environment, SERVER_JARFILE: 'server.zip' } })
      .catch((e: unknown) => e)) as PterodactylError;
    expect(badJar.errors[0]?.meta).toEqual({ source_field: 'environment.SERVER_JARFILE', rule: 'regex' });
    const badIo = (await h.client
      .createServer({ ...body, limits: { ...body.limits, io: 5 } })
      .catch((e: unknown) => e)) as PterodactylError;
    expect(badIo.errors[0]?.meta).toEqual({ source_field: 'limits.io', rule: 'between' });
  });

  it('answers NoViableNodeException when the memory does not fit (deploy mode and allocation.default)', async () => {
    const body = await paperServerBody(h.client, userId);
    const { allocation: _a, ...rest } = body;
    const deploy = { locations: [1], dedicated_ip: false, port_range: [] };
    const huge = { ...rest, deploy, limits: { ...body.limits, memory: 40000 } };
    const error = (await h.client.createServer(huge).catch((e: unknown) => e)) as PterodactylError;
    expect(error).toMatchObject({ status: 400, code: 'NoViableNodeException' });
    expect(error.detail).toBe(
      'No nodes satisfying the requirements specified for automatic deployment could be found.',
    );
    expect(isNoCapacityError(error)).toBe(true);
    const onNode = await h.client
      .createServer({ ...body, limits: { ...body.limits, memory: 40000 } })
      .catch((e: unknown) => e);
    expect(onNode).toMatchObject({ status: 400, code: 'NoViableNodeException' });
    const deployed = await h.client.createServer({ ...rest, deploy, external_id: 'deployed' });
    expect([1, 2, 3]).toContain(deployed.node);
    const noPort = await h.client
      .createServer({ ...rest, deploy: { ...deploy, port_range: ['1000-1001'] } })
      .catch((e: unknown) => e);
    expect(noPort).toMatchObject({ status: 400, code: 'NoViableAllocationException' });
  });

  it('a failNext 504 on createServer leaves no server behind', async () => {
    const before = h.emulator.state.servers().length;
    h.emulator.state.failNext('createServer', { status: 504, code: 'DaemonConnectionException' });
    const body = await paperServerBody(h.client, userId, { external_id: 'order-504' });
    // Without retries the panel's answer reaches the caller as it is.
    const once = createPterodactylClient({ ...h.options, retries: 0 });
    await expect(once.createServer(body)).rejects.toMatchObject({
      status: 504,
      code: 'DaemonConnectionException',
    });
    expect(h.emulator.state.servers()).toHaveLength(before);
    expect(await h.client.getServerByExternalId('order-504')).toBeNull();
    const allocations = await h.client.listNodeAllocations(1);
    expect(allocations.find((a) => a.id === body.allocation?.default)?.assigned).toBe(false);
  });

  it('a failNext 504 on createServer is retried: not found by external_id, so made again', async () => {
    h.emulator.state.failNext('createServer', { status: 504, code: 'DaemonConnectionException' });
    const body = await paperServerBody(h.client, userId, { external_id: 'order-504-retried' });
    const server = await h.client.createServer(body);
    expect(server.external_id).toBe('order-504-retried');
    expect(h.emulator.state.servers().filter((s) => s.external_id === 'order-504-retried')).toHaveLength(1);
  });

  it('updates the build and the details', async () => {
    const server = await h.client.createServer(await paperServerBody(h.client, userId));
    const updated = await h.client.updateServerBuild(server.id, {
      allocation: server.allocation,
      limits: { memory: 6144, swap: 0, disk: 30720, io: 500, cpu: 300 },
      feature_limits: { databases: 1, backups: 2 },
    });
    expect(updated.limits).toMatchObject({ memory: 6144, disk: 30720, cpu: 300 });
    expect(updated.feature_limits).toMatchObject({ databases: 1, backups: 2 });
    const foreign = await h.client
      .updateServerBuild(server.id, {
        ...{ limits: updated.limits, feature_limits: updated.feature_limits },
        allocation: 200,
      })
      .catch((e: unknown) => e);
    expect(foreign).toMatchObject({ status: 400, code: 'DisplayException' });
    const details = await h.client.updateServerDetails(server.id, { name: 'Renamed', user: userId });
    expect(details).toMatchObject({ name: 'Renamed', external_id: null, description: '' });
  });

  it('suspends, unsuspends and deletes', async () => {
    const server = await h.client.createServer(await paperServerBody(h.client, userId));
    await h.client.suspendServer(server.id);
    expect(await h.client.getServer(server.id)).toMatchObject({ status: 'suspended', suspended: true });
    await h.client.suspendServer(server.id);
    await h.client.unsuspendServer(server.id);
    await waitFor(async () => (await h.client.getServer(server.id)).status === null);

    h.emulator.state.failNext('deleteServer');
    await expect(h.client.deleteServer(server.id)).rejects.toMatchObject({
      status: 504,
      code: 'DaemonConnectionException',
    });
    expect(await h.client.getServer(server.id)).toMatchObject({ id: server.id });
    await h.client.deleteServer(server.id);
    await expect(h.client.getServer(server.id)).rejects.toMatchObject({ status: 404 });

    const other = await h.client.createServer(await paperServerBody(h.client, userId));
    h.emulator.state.failNext('deleteServer');
    await h.client.deleteServer(other.id, { force: true });
    await expect(h.client.getServer(other.id)).rejects.toMatchObject({ status: 404 });
  });
});
