// Port of tests/Integration/Api/Application/Location/LocationControllerTest.php (pterodactyl/panel).
// Not ported: create/update/delete (endpoints the product never calls) and the per-key permission tests
// (the emulator has one application key with every permission); see docs/emulators.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_USER,
  ATOM_TIMESTAMP,
  createServerModel,
  expectNotFoundJson,
  keysOf,
  type Loose,
  NODE_KEYS,
  type PeerPanel,
  SERVER_KEYS,
  seedNode,
  startPeerPanel,
  waitInstalled,
} from '../../../../panel';

const LOCATION_KEYS = ['created_at', 'id', 'long', 'short', 'updated_at'];

describe('LocationControllerTest', () => {
  let panel: PeerPanel;

  beforeAll(async () => {
    panel = await startPeerPanel({
      locations: [
        { short: 'us.nyc', long: 'New York' },
        { short: 'de.fsn', long: 'Falkenstein' },
      ],
      nodes: [seedNode('node-1', 'de.fsn')],
      users: [API_USER],
    });
  });
  afterAll(() => panel.close());

  // testGetLocations
  it('lists all locations with pagination meta', async () => {
    const { status, body } = await panel.app('GET', '/locations?per_page=60');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(2);
    expect(body.object).toBe('list');
    for (const row of body.data) {
      expect(row.object).toBe('location');
      expect(keysOf(row.attributes)).toEqual(LOCATION_KEYS);
    }
    expect(body.meta.pagination).toMatchObject({
      total: 2,
      count: 2,
      per_page: 60,
      current_page: 1,
      total_pages: 1,
    });
    const [first, second] = body.data.map((row: Loose) => row.attributes);
    expect(first).toMatchObject({ id: 1, short: 'us.nyc', long: 'New York' });
    expect(second).toMatchObject({ id: 2, short: 'de.fsn', long: 'Falkenstein' });
    expect(first.created_at).toMatch(ATOM_TIMESTAMP);
    expect(first.updated_at).toMatch(ATOM_TIMESTAMP);
  });

  // testGetSingleLocation
  it('returns a single location as an item with two keys', async () => {
    const { status, body } = await panel.app('GET', '/locations/2');
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(['attributes', 'object']);
    expect(keysOf(body.attributes)).toEqual(LOCATION_KEYS);
    expect(body).toMatchObject({
      object: 'location',
      attributes: { id: 2, short: 'de.fsn', long: 'Falkenstein' },
    });
    expect(body.attributes.created_at).toMatch(ATOM_TIMESTAMP);
  });

  // testRelationshipsCanBeLoaded
  it('loads the nodes and servers relationships', async () => {
    const server = await createServerModel(panel, 1, 1);
    // Compared once installed: the install finishing in between would change `status`.
    await waitInstalled(panel, server.id);
    const { status, body } = await panel.app('GET', '/locations/2?include=servers,nodes');
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(['attributes', 'object']);
    expect(keysOf(body.attributes.relationships)).toEqual(['nodes', 'servers']);
    const node = (await panel.app('GET', '/nodes/1')).body;
    const serverItem = (await panel.app('GET', `/servers/${server.id}`)).body;
    expect(body.attributes.relationships.nodes).toEqual({ object: 'list', data: [node] });
    expect(body.attributes.relationships.servers).toEqual({ object: 'list', data: [serverItem] });
    // The panel compares with its NodeTransformer and ServerTransformer: the same attribute sets.
    expect(keysOf(node.attributes)).toEqual(NODE_KEYS);
    expect(keysOf(serverItem.attributes)).toEqual(SERVER_KEYS);
    expect(keysOf(serverItem.attributes.limits)).toEqual([
      'cpu',
      'disk',
      'io',
      'memory',
      'oom_disabled',
      'swap',
      'threads',
    ]);
    expect(keysOf(serverItem.attributes.feature_limits)).toEqual(['allocations', 'backups', 'databases']);
    expect(keysOf(serverItem.attributes.container)).toEqual([
      'environment',
      'image',
      'installed',
      'startup_command',
    ]);
  });

  // testGetMissingLocation
  it('answers 404 for a missing location', async () => {
    expectNotFoundJson(await panel.app('GET', '/locations/nil'));
  });
});
