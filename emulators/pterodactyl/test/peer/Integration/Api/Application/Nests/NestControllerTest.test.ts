// Port of tests/Integration/Api/Application/Nests/NestControllerTest.php (pterodactyl/panel).
// Not ported: testErrorReturnedIfNoPermission (per-key permissions); see docs/emulators.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATOM_TIMESTAMP,
  createServerModel,
  expectNotFoundJson,
  keysOf,
  type Loose,
  type PeerPanel,
  startPeerPanel,
} from '../../../../panel';

const NEST_KEYS = ['author', 'created_at', 'description', 'id', 'name', 'updated_at', 'uuid'];

describe('NestControllerTest', () => {
  let panel: PeerPanel;

  beforeAll(async () => {
    panel = await startPeerPanel();
  });
  afterAll(() => panel.close());

  // testNestResponse
  it('lists the four stock nests with pagination meta', async () => {
    const { status, body } = await panel.app('GET', '/nests');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(4);
    expect(body.object).toBe('list');
    expect(body.meta.pagination).toMatchObject({
      total: 4,
      count: 4,
      per_page: 50,
      current_page: 1,
      total_pages: 1,
    });
    for (const row of body.data) {
      expect(row.object).toBe('nest');
      expect(keysOf(row.attributes)).toEqual(NEST_KEYS);
      // Each row is the nest's own item (the panel compares with its NestTransformer).
      expect((await panel.app('GET', `/nests/${row.attributes.id}`)).body).toEqual(row);
    }
    expect(body.data.map((row: Loose) => row.attributes.name)).toEqual([
      'Minecraft',
      'Source Engine',
      'Voice Servers',
      'Rust',
    ]);
  });

  // testSingleNestResponse
  it('returns a single nest', async () => {
    const { status, body } = await panel.app('GET', '/nests/1');
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(['attributes', 'object']);
    expect(keysOf(body.attributes)).toEqual(NEST_KEYS);
    expect(body).toMatchObject({
      object: 'nest',
      attributes: { id: 1, name: 'Minecraft', author: 'support@pterodactyl.io' },
    });
    expect(body.attributes.created_at).toMatch(ATOM_TIMESTAMP);
  });

  // testSingleNestWithEggsIncluded
  it('includes the eggs and servers of a nest', async () => {
    await createServerModel(panel, 1);
    const { status, body } = await panel.app('GET', '/nests/1?include=servers,eggs');
    expect(status).toBe(200);
    const { eggs, servers } = body.attributes.relationships;
    expect(eggs.object).toBe('list');
    expect(servers.object).toBe('list');
    expect(eggs.data).toHaveLength(5);
    expect(servers.data.map((row: Loose) => row.object)).toEqual(['server']);
  });

  // testGetMissingNest
  it('answers 404 for a missing nest', async () => {
    expectNotFoundJson(await panel.app('GET', '/nests/nil'));
  });
});
