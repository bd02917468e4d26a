// Port of tests/Integration/Api/Application/Users/ExternalUserControllerTest.php (pterodactyl/panel).
// Not ported: testErrorReturnedIfNoPermission (per-key permissions); see docs/emulators.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_USER, expectNotFoundJson, keysOf, type PeerPanel, startPeerPanel } from '../../../../panel';

describe('ExternalUserControllerTest', () => {
  let panel: PeerPanel;

  beforeAll(async () => {
    panel = await startPeerPanel({
      users: [
        API_USER,
        {
          username: 'remote',
          email: 'remote@example.com',
          first_name: 'Re',
          last_name: 'Mote',
          external_id: 'Xq3v9ZbT0aLk7PwE',
        },
      ],
    });
  });
  afterAll(() => panel.close());

  // testGetRemoteUser
  it('returns the user with that external id', async () => {
    const { status, body } = await panel.app('GET', '/users/external/Xq3v9ZbT0aLk7PwE');
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(['attributes', 'object']);
    expect(keysOf(body.attributes)).toEqual([
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
    ]);
    expect(body).toEqual({
      object: 'user',
      attributes: (await panel.app('GET', '/users/2')).body.attributes,
    });
    expect(body.attributes).toMatchObject({
      id: 2,
      external_id: 'Xq3v9ZbT0aLk7PwE',
      username: 'remote',
      email: 'remote@example.com',
      first_name: 'Re',
      last_name: 'Mote',
      language: 'en',
      root_admin: false,
      '2fa': false,
    });
  });

  // testGetMissingUser
  it('answers 404 for an unknown external id', async () => {
    expectNotFoundJson(await panel.app('GET', '/users/external/nil'));
  });
});
