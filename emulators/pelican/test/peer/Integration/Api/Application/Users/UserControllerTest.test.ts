/** Port of tests/Integration/Api/Application/Users/UserControllerTest.php (github:pelican-dev/panel). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectAccessDenied, expectNotFound, type PeerPanel, startPeer } from '../../../../panel';

const USER_KEYS = [
  'id',
  'external_id',
  'is_managed_externally',
  'uuid',
  'username',
  'email',
  'language',
  'root_admin',
  '2fa_enabled',
  '2fa',
  'created_at',
  'updated_at',
];

describe('UserControllerTest', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  it('test_get_users', async () => {
    const { user } = await panel.account();
    const res = await panel.app('GET', '/users?per_page=60');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    for (const datum of res.body.data) expect(Object.keys(datum.attributes)).toEqual(USER_KEYS);
    expect(res.body.meta.pagination).toMatchObject({
      total: 2,
      count: 2,
      per_page: 60,
      current_page: 1,
      total_pages: 1,
    });
    const admin = panel.emulator.state.keyOwner();
    expect(res.body.data).toContainEqual({
      object: 'user',
      attributes: {
        id: admin.id,
        external_id: null,
        is_managed_externally: false,
        uuid: admin.uuid,
        username: admin.username,
        email: admin.email,
        language: 'en',
        root_admin: true,
        '2fa_enabled': false,
        '2fa': false,
        created_at: admin.created_at,
        updated_at: admin.updated_at,
      },
    });
    expect(res.body.data).toContainEqual({ object: 'user', attributes: user });
  });

  it('test_get_single_user', async () => {
    const { user } = await panel.account();
    const res = await panel.app('GET', `/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toHaveLength(2);
    expect(res.body).toEqual({ object: 'user', attributes: { ...user, root_admin: false } });
  });

  it('test_relationships_can_be_loaded', async () => {
    const { user } = await panel.account();
    const server = await panel.server(user.id);
    const res = await panel.app('GET', `/users/${user.id}?include=servers`);
    expect(res.status).toBe(200);
    const viewed = (await panel.app('GET', `/servers/${server.id}`)).body.attributes;
    expect(res.body.attributes.relationships.servers).toEqual({
      object: 'list',
      data: [{ object: 'server', attributes: viewed }],
    });
  });

  it('test_key_without_permission_cannot_load_relationship', async () => {
    panel.useApplicationKey({ server: 0 });
    const { user } = await panel.account();
    await panel.server(user.id);
    const res = await panel.app('GET', `/users/${user.id}?include=servers`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.attributes.relationships)).toHaveLength(1);
    expect(res.body.attributes.relationships.servers).toEqual({ object: 'null_resource', attributes: null });
  });

  it('test_get_missing_user', async () => {
    expectNotFound(await panel.app('GET', '/users/12345'));
  });

  it('test_error_returned_if_no_permission', async () => {
    const { user } = await panel.account();
    panel.useApplicationKey({ user: 0 });
    expectAccessDenied(await panel.app('GET', `/users/${user.id}`));
  });

  it('test_create_user', async () => {
    const res = await panel.app('POST', '/users', { username: 'testuser', email: 'test@example.com' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['object', 'attributes', 'meta']);
    expect(Object.keys(res.body.attributes)).toEqual(USER_KEYS);
    const stored = panel.emulator.state.db.users.find((u) => u.username === 'testuser');
    expect(stored?.email).toBe('test@example.com');
    expect(res.body.meta.resource).toBe(`${panel.emulator.url}/api/application/users/${stored?.id}`);
    expect(res.body.attributes).toMatchObject({
      id: stored?.id,
      username: 'testuser',
      email: 'test@example.com',
    });
  });

  it.each([
    ['POST', '/users'],
    ['PATCH', '/users/{id}'],
    ['DELETE', '/users/{id}'],
  ])('test_api_key_without_write_permissions %s %s', async (method, url) => {
    panel.useApplicationKey({ user: 1 });
    const { user } = await panel.account();
    const res = await panel.app(method, url.replace('{id}', String(user.id)));
    // Pelican has PATCH and DELETE too; the emulator does not route them (the product never calls them),
    // so those answer 404 where Pelican answers 403.
    if (method === 'POST') expectAccessDenied(res);
    else expectNotFound(res);
  });
});
