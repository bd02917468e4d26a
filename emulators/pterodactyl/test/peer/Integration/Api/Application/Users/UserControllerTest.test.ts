// Port of tests/Integration/Api/Application/Users/UserControllerTest.php (pterodactyl/panel).
// Not ported: testUpdateUser and testDeleteUser (endpoints the product never calls), and the per-key
// permission tests (testKeyWithoutPermissionCannotLoadRelationship, testErrorReturnedIfNoPermission,
// testApiKeyWithoutWritePermissions); see docs/emulators.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_USER,
  ATOM_TIMESTAMP,
  createServerModel,
  expectNotFoundJson,
  keysOf,
  type Loose,
  type PeerPanel,
  startPeerPanel,
  waitInstalled,
} from '../../../../panel';

const USER_KEYS = [
  '2fa',
  'created_at',
  'email',
  'external_id',
  'first_name',
  'id',
  'language',
  'last_name',
  'root_admin',
  'updated_at',
  'username',
  'uuid',
];

describe('UserControllerTest', () => {
  let panel: PeerPanel;

  beforeAll(async () => {
    panel = await startPeerPanel({
      users: [
        API_USER,
        { username: 'factory.user', email: 'factory@example.com', first_name: 'Fact', last_name: 'Ory' },
      ],
    });
  });
  afterAll(() => panel.close());

  // testGetUsers
  it('lists the users with pagination meta', async () => {
    const { status, body } = await panel.app('GET', '/users?per_page=60');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(2);
    expect(body.object).toBe('list');
    expect(body.meta.pagination).toMatchObject({
      total: 2,
      count: 2,
      per_page: 60,
      current_page: 1,
      total_pages: 1,
    });
    for (const row of body.data) {
      expect(row.object).toBe('user');
      expect(keysOf(row.attributes)).toEqual(USER_KEYS);
    }
    const [apiUser, user] = body.data.map((row: Loose) => row.attributes);
    expect(apiUser).toMatchObject({
      id: 1,
      external_id: null,
      username: 'apiuser',
      email: 'api-user@example.com',
      first_name: 'Api',
      last_name: 'User',
      language: 'en',
      root_admin: true,
      '2fa': false,
    });
    expect(user).toMatchObject({
      id: 2,
      external_id: null,
      username: 'factory.user',
      email: 'factory@example.com',
      first_name: 'Fact',
      last_name: 'Ory',
      language: 'en',
      root_admin: false,
      '2fa': false,
    });
    expect(user.created_at).toMatch(ATOM_TIMESTAMP);
    expect(user.updated_at).toMatch(ATOM_TIMESTAMP);
  });

  // testGetSingleUser
  it('returns a single user', async () => {
    const { status, body } = await panel.app('GET', '/users/2');
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(['attributes', 'object']);
    expect(keysOf(body.attributes)).toEqual(USER_KEYS);
    expect(body).toMatchObject({
      object: 'user',
      attributes: { id: 2, username: 'factory.user', email: 'factory@example.com', root_admin: false },
    });
  });

  // testRelationshipsCanBeLoaded
  it('includes the servers of a user', async () => {
    const server = await createServerModel(panel, 2);
    await waitInstalled(panel, server.id);
    const { status, body } = await panel.app('GET', '/users/2?include=servers');
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(['attributes', 'object']);
    expect(keysOf(body.attributes)).toEqual([...USER_KEYS, 'relationships'].sort());
    const serverItem = (await panel.app('GET', `/servers/${server.id}`)).body;
    expect(body.attributes.relationships.servers).toEqual({ object: 'list', data: [serverItem] });
  });

  // testGetMissingUser
  it('answers 404 for a missing user', async () => {
    expectNotFoundJson(await panel.app('GET', '/users/nil'));
  });

  // testCreateUser
  it('creates a user and answers 201 with meta.resource', async () => {
    const { status, body } = await panel.app('POST', '/users', {
      username: 'testuser',
      email: 'test@example.com',
      first_name: 'Test',
      last_name: 'User',
    });
    expect(status).toBe(201);
    expect(keysOf(body)).toEqual(['attributes', 'meta', 'object']);
    expect(keysOf(body.attributes)).toEqual(USER_KEYS);
    const stored = await panel.app('GET', `/users/${body.attributes.id}`);
    expect(stored.body.attributes).toMatchObject({ username: 'testuser', email: 'test@example.com' });
    expect(body).toEqual({
      object: 'user',
      attributes: stored.body.attributes,
      meta: { resource: `${panel.emulator.url}/api/application/users/${body.attributes.id}` },
    });
  });
});
