import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness';

describe('catalog: locations, nodes, allocations, nests, eggs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.emulator.close());

  it('lists the Falkenstein location', async () => {
    const locations = await h.client.listLocations();
    expect(locations).toEqual([
      expect.objectContaining({ id: 1, short: 'de-fsn', long: 'Falkenstein, Germany' }),
    ]);
    expect(locations[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
  });

  it('lists nodes with finite resources and allocated_resources, and gets one', async () => {
    const nodes = await h.client.listNodes();
    expect(nodes.map((n) => n.name)).toEqual(['fsn-node-1', 'fsn-node-2', 'fsn-node-3']);
    for (const node of nodes) {
      expect(node.memory).toBeGreaterThan(0);
      expect(node.memory_overallocate).toBe(0);
      expect(node.allocated_resources).toEqual({ memory: 0, disk: 0 });
    }
    const node = await h.client.getNode(2);
    expect(node).toMatchObject({
      id: 2,
      fqdn: 'node2.falkenstein.example',
      memory: 32768,
      disk: 512000,
      location_id: 1,
    });
    await expect(h.client.getNode(99)).rejects.toMatchObject({ status: 404, code: 'NotFoundHttpException' });
  });

  it('lists deployable nodes by free memory and disk', async () => {
    const fit = await h.client.listDeployableNodes({ memory: 20000, disk: 1000, locationIds: [1] });
    expect(fit.map((n) => n.name)).toEqual(['fsn-node-1', 'fsn-node-2']);
    // Several locations go as the key repeated; the panel refuses `location_ids[]=1,2` (not an integer).
    const two = await h.client.listDeployableNodes({ memory: 20000, disk: 1000, locationIds: [1, 2] });
    expect(two.map((n) => n.name)).toEqual(['fsn-node-1', 'fsn-node-2']);
    expect(await h.client.listDeployableNodes({ memory: 40000, disk: 1000 })).toEqual([]);
  });

  it('lists all allocations across pages and only the unassigned ones on request', async () => {
    const all = await h.client.listNodeAllocations(1);
    expect(all).toHaveLength(100);
    expect(all[0]).toEqual({
      id: 1,
      ip: '203.0.113.11',
      alias: null,
      port: 25565,
      notes: null,
      assigned: false,
    });
    const free = await h.client.listNodeAllocations(1, { unassignedOnly: true });
    expect(free).toHaveLength(100);
  });

  it("lists the six game nests and the panel's Source Engine nest by name", async () => {
    const nests = await h.client.listNests();
    expect(nests.map((n) => n.name)).toEqual([
      'Minecraft',
      'Terraria',
      'ARK: Survival Evolved',
      'Satisfactory',
      '7 Days To Die',
      'FiveM',
      'Source Engine',
    ]);
  });

  it('lists eggs with variables and rules, and gets one egg', async () => {
    const eggs = await h.client.listEggs(1, { includeVariables: true });
    expect(eggs.map((e) => e.name)).toEqual([
      'Bukkit',
      'BungeeCord',
      'Fabric',
      'Forge Enhanced',
      'Feed The Beast',
      'Paper',
      'Purpur',
      'Spigot',
      'Sponge (SpongeVanilla)',
    ]);
    const paper = eggs.find((e) => e.name === 'Paper');
    expect(paper?.docker_image).toBe('ghcr.io/pterodactyl/yolks:java_21');
    expect(paper?.variables?.find((v) => v.env_variable === 'SERVER_JARFILE')).toMatchObject({
      default_value: 'server.jar',
      rules: 'required|regex:/^([\\w\\d._-]+)(\\.jar)$/',
    });
    const plain = await h.client.getEgg(1, paper?.id ?? 0);
    expect(plain.variables).toBeUndefined();
    const withVariables = await h.client.getEgg(1, paper?.id ?? 0, { includeVariables: true });
    expect(withVariables.variables?.map((v) => v.env_variable)).toEqual([
      'MINECRAFT_VERSION',
      'SERVER_JARFILE',
      'DL_PATH',
      'BUILD_NUMBER',
    ]);
    for (const nest of await h.client.listNests()) {
      for (const egg of await h.client.listEggs(nest.id, { includeVariables: true })) {
        expect(egg.variables?.length).toBeGreaterThanOrEqual(1);
        expect(egg.variables?.length).toBeLessThanOrEqual(10);
      }
    }
  });
});
