/** Port of tests/Integration/Api/Application/DeprecatedRequestAliasRemovalTest.php (github:pelican-dev/panel). */
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPelicanSeed } from '../../../../../src/seed/seed';
import { type PeerPanel, startPeer } from '../../../panel';

describe('DeprecatedRequestAliasRemovalTest', () => {
  let panel: PeerPanel;
  afterEach(() => panel.close());

  it('test_deploy_locations_no_longer_satisfies_the_deploy_block', async () => {
    panel = await startPeer();
    const egg = panel.emulator.state.db.eggs.find((e) => e.name === 'Bungeecord');
    const payload = {
      name: 'Alias Removal Server',
      user: panel.emulator.state.keyOwner().id,
      egg: egg?.id,
      docker_image: 'ghcr.io/example/java:21',
      startup: 'java -jar server.jar',
      environment: {},
      limits: { memory: 128, swap: 0, disk: 512, io: 500, cpu: 100 },
      feature_limits: { databases: 0, allocations: 0, backups: 0 },
      deploy: { locations: [1], dedicated_ip: false, port_range: [] } as Record<string, unknown>,
    };
    const withLocations = await panel.app('POST', '/servers', payload);
    expect(withLocations.status).toBe(422);
    delete payload.deploy.locations;
    const withoutDeprecatedField = await panel.app('POST', '/servers', payload);
    expect(withoutDeprecatedField.status).toBe(422);
    expect(withLocations.body.errors).toEqual(withoutDeprecatedField.body.errors);
    expect(JSON.stringify(withLocations.body.errors)).toContain('deploy.tags');
    expect(JSON.stringify(withLocations.body.errors)).not.toContain('locations');
  });

  it('test_flat_build_limit_fields_are_ignored', async () => {
    panel = await startPeer();
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    const res = await panel.app('PATCH', `/servers/${server.id}/build`, {
      allocation: server.allocation,
      memory: 9999,
      swap: 9999,
      io: 999,
      cpu: 999,
      threads: null,
      disk: 9999,
      feature_limits: server.feature_limits,
    });
    expect(res.status).toBe(200);
    const fresh = (await panel.app('GET', `/servers/${server.id}`)).body.attributes;
    expect(fresh.limits.memory).toBe(server.limits.memory);
    expect(fresh.limits.disk).toBe(server.limits.disk);
    const second = await panel.app('PATCH', `/servers/${server.id}/build`, {
      allocation: server.allocation,
      limits: { memory: 256, swap: 0, io: 500, cpu: 0, threads: null, disk: 1024 },
      feature_limits: server.feature_limits,
    });
    expect(second.status).toBe(200);
    expect(second.body.attributes.limits).toMatchObject({ memory: 256, disk: 1024 });
  });

  it('test_location_ids_no_longer_filters_deployable_nodes', async () => {
    const seed = defaultPelicanSeed();
    const base = {
      fqdn: 'node.example',
      memory: 1024,
      disk: 1024,
      cpu: 0,
      ip: '203.0.113.99',
      first_port: 30000,
      allocation_count: 2,
    };
    seed.nodes = [
      { ...base, name: 'tagged', tags: ['alias-removal'] },
      { ...base, name: 'untagged', tags: [] },
    ];
    panel = await startPeer({ seed });
    const unfiltered = await panel.app('GET', '/nodes/deployable?memory=64&disk=64&location_ids[]=999999');
    expect(unfiltered.status).toBe(200);
    expect(unfiltered.body.data.map((n: { attributes: { id: number } }) => n.attributes.id).sort()).toEqual([
      1, 2,
    ]);
    const filtered = await panel.app('GET', '/nodes/deployable?memory=64&disk=64&tags[]=alias-removal');
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.map((n: { attributes: { id: number } }) => n.attributes.id)).toEqual([1]);
  });
});
