// Port of tests/Integration/Services/Servers/ServerCreationServiceTest.php (pterodactyl/panel): the
// panel has no Application API test of POST /servers, so its ServerCreationService test, which that
// endpoint runs, is driven here through POST /api/application/servers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_USER,
  bungeecordEgg,
  createUser,
  freeAllocations,
  type PeerPanel,
  seedNode,
  startPeerPanel,
  stockNests,
} from '../../../panel';

describe('ServerCreationServiceTest', () => {
  let panel: PeerPanel;
  // Egg 6: the panel's test clones Bungeecord and makes its first variable not user editable.
  const adminOnlyEgg = 6;

  beforeAll(async () => {
    const egg = bungeecordEgg({ name: 'Bungeecord (clone)' });
    egg.variables[0]!.user_editable = false;
    panel = await startPeerPanel({
      locations: [{ short: 'test', long: 'Test location' }],
      nodes: [seedNode('node-1', 'test', { allocation_count: 5 })],
      nests: stockNests([egg]),
      users: [API_USER],
    });
  });
  afterAll(() => panel.close());

  // testServerIsCreatedWithDeploymentObject
  it('creates a server from a deployment object after validating the egg variables as admin', async () => {
    const user = await createUser(panel, 'deployer');
    const allocations = await freeAllocations(panel, 1);
    const port = (await panel.app('GET', '/nodes/1/allocations')).body.data[0].attributes.port;
    const data = {
      name: 'Fake Server Name',
      description: 'A sentence about this server.',
      user: user.id,
      egg: adminOnlyEgg,
      docker_image: 'java:8',
      startup: 'java server2.jar',
      limits: { memory: 256, swap: 128, disk: 100, io: 500, cpu: 0 },
      feature_limits: { databases: null, backups: null },
      allocation: { additional: [allocations[4]] },
      deploy: { locations: [1], dedicated_ip: true, port_range: [String(port)] },
      environment: { BUNGEE_VERSION: '123', SERVER_JARFILE: 'server2.jar' },
      start_on_completion: true,
    };

    const refused = await panel.app('POST', '/servers', {
      ...data,
      environment: { BUNGEE_VERSION: '', SERVER_JARFILE: 'server2.jar' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveLength(1);
    expect(refused.body.errors[0].meta.source_field).toBe('environment.BUNGEE_VERSION');
    expect(refused.body.errors[0].detail).toBe('The Bungeecord Version variable field is required.');

    const created = await panel.app('POST', '/servers', data);
    expect(created.status).toBe(201);
    const server = created.body.attributes;
    expect(server.uuid).toBeTruthy();
    expect(server.identifier).toBe(server.uuid.slice(0, 8));
    expect(server.egg).toBe(adminOnlyEgg);
    const { body } = await panel.app('GET', `/servers/${server.id}?include=variables,allocations`);
    const variables = body.attributes.relationships.variables.data;
    expect(variables).toHaveLength(2);
    expect(variables[0].attributes.server_value).toBe('123');
    expect(variables[1].attributes.server_value).toBe('server2.jar');
    expect(server).toMatchObject({
      name: data.name,
      description: data.description,
      user: user.id,
      limits: { memory: 256, swap: 128, disk: 100, io: 500, cpu: 0 },
      container: { startup_command: 'java server2.jar', image: 'java:8' },
    });
    const owned = body.attributes.relationships.allocations.data.map(
      (a: { attributes: { id: number } }) => a.attributes.id,
    );
    expect(owned).toHaveLength(2);
    expect(owned[0]).toBe(server.allocation);
    expect(server.allocation).toBe(allocations[0]);
    expect(owned[1]).toBe(allocations[4]);
    expect(server.suspended).toBe(false);
    expect(server.limits.oom_disabled).toBe(true);
    expect(server.feature_limits).toEqual({ databases: 0, allocations: 0, backups: 0 });
  });

  // Not a panel test: StoreServerRequest::withValidator wants allocation.default to exist and be free.
  it('refuses a taken allocation as not existing', async () => {
    const taken = (await panel.app('GET', '/nodes/1/allocations?filter[server_id]=1')).body.data[0].attributes
      .id;
    const answer = await panel.app('POST', '/servers', {
      name: 'Late',
      user: 1,
      egg: 1,
      docker_image: 'java:8',
      startup: 'java server2.jar',
      limits: { memory: 256, swap: 128, disk: 100, io: 500, cpu: 0 },
      feature_limits: { databases: 0, backups: 0 },
      allocation: { default: taken },
      environment: { BUNGEE_VERSION: '123', SERVER_JARFILE: 'server2.jar' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([
      {
        code: 'ValidationException',
        status: '422',
        detail: 'The selected allocation.default is invalid.',
        meta: { source_field: 'allocation.default', rule: 'exists' },
      },
    ]);
  });

  // testErrorEncounteredByWingsCausesServerToBeDeleted
  it('leaves no server behind when Wings fails the creation', async () => {
    const user = await createUser(panel, 'unlucky');
    const [allocation] = await freeAllocations(panel, 1);
    panel.emulator.state.failNext('createServer');
    const answer = await panel.app('POST', '/servers', {
      name: 'Doomed',
      description: 'Wings will fail this one.',
      user: user.id,
      egg: 1,
      docker_image: 'java:8',
      startup: 'java server2.jar',
      limits: { memory: 256, swap: 128, disk: 100, io: 500, cpu: 0 },
      feature_limits: { databases: 0, backups: 0 },
      allocation: { default: allocation },
      environment: { BUNGEE_VERSION: '123', SERVER_JARFILE: 'server2.jar' },
    });
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect(answer.body.errors[0].code).toBe('DaemonConnectionException');
    const owner = await panel.app('GET', `/users/${user.id}?include=servers`);
    expect(owner.body.attributes.relationships.servers.data).toEqual([]);
  });
});
