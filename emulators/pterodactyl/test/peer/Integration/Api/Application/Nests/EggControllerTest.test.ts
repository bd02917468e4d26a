// Port of tests/Integration/Api/Application/Nests/EggControllerTest.php (pterodactyl/panel).
// Not ported: testErrorReturnedIfNoPermission (per-key permissions); see docs/emulators.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNotFoundJson, keysOf, type Loose, type PeerPanel, startPeerPanel } from '../../../../panel';

const EGG_KEYS = [
  'author',
  'config',
  'created_at',
  'description',
  'docker_image',
  'docker_images',
  'id',
  'name',
  'nest',
  'script',
  'startup',
  'updated_at',
  'uuid',
];

describe('EggControllerTest', () => {
  let panel: PeerPanel;

  beforeAll(async () => {
    panel = await startPeerPanel();
  });
  afterAll(() => panel.close());

  // testListAllEggsInNest
  it('lists every egg of a nest with its script and config', async () => {
    const { status, body } = await panel.app('GET', '/nests/1/eggs');
    expect(status).toBe(200);
    expect(body.object).toBe('list');
    expect(body.data).toHaveLength(5);
    for (const row of body.data as Loose[]) {
      expect(row.object).toBe('egg');
      expect(keysOf(row.attributes)).toEqual(EGG_KEYS);
      expect(keysOf(row.attributes.script)).toEqual([
        'container',
        'entry',
        'extends',
        'install',
        'privileged',
      ]);
      expect(row.attributes.config).toHaveProperty('files');
      expect(row.attributes.config.startup).toHaveProperty('done');
      expect(row.attributes.config).toHaveProperty('stop');
      expect(row.attributes.config).toHaveProperty('logs');
      expect(row.attributes.config).toHaveProperty('extends');
      expect(row.attributes.nest).toBe(1);
      // Each row is the egg's own item (the panel compares with its EggTransformer).
      const single = await panel.app('GET', `/nests/1/eggs/${row.attributes.id}`);
      expect(single.body).toEqual(row);
    }
  });

  // testReturnSingleEgg
  it('returns a single egg', async () => {
    const { status, body } = await panel.app('GET', '/nests/1/eggs/1');
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(['attributes', 'object']);
    expect(body.object).toBe('egg');
    expect(keysOf(body.attributes)).toEqual(EGG_KEYS);
    expect(body.attributes).toMatchObject({
      id: 1,
      name: 'Bungeecord',
      nest: 1,
      author: 'support@pterodactyl.io',
      docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
    });
  });

  // testReturnSingleEggWithRelationships
  it('includes the nest, servers and variables of an egg', async () => {
    const { status, body } = await panel.app('GET', '/nests/1/eggs/1?include=servers,variables,nest');
    expect(status).toBe(200);
    const { nest, servers, variables } = body.attributes.relationships;
    expect(nest.object).toBe('nest');
    expect(nest.attributes.id).toBe(1);
    expect(servers).toEqual({ object: 'list', data: [] });
    expect(variables.object).toBe('list');
    expect(variables.data.map((v: Loose) => v.attributes.env_variable)).toEqual([
      'BUNGEE_VERSION',
      'SERVER_JARFILE',
    ]);
  });

  // testGetMissingEgg
  it('answers 404 for a missing egg', async () => {
    expectNotFoundJson(await panel.app('GET', '/nests/1/eggs/nil'));
  });
});
