/** Port of tests/Integration/Api/Application/Users/ExternalUserControllerTest.php (github:pelican-dev/panel). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectAccessDenied, expectNotFound, type PeerPanel, startPeer } from '../../../../panel';

describe('ExternalUserControllerTest', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  it('test_get_remote_user', async () => {
    const created = await panel.app('POST', '/users', {
      username: 'remote',
      email: 'remote@example.com',
      external_id: 'ext-12345',
    });
    expect(created.status).toBe(201);
    const res = await panel.app('GET', '/users/external/ext-12345');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toHaveLength(2);
    expect(res.body).toEqual({ object: 'user', attributes: created.body.attributes });
  });

  it('test_get_missing_user', async () => {
    expectNotFound(await panel.app('GET', '/users/external/nil'));
  });

  it('test_error_returned_if_no_permission', async () => {
    await panel.app('POST', '/users', {
      username: 'remote',
      email: 'remote@example.com',
      external_id: 'ext-1',
    });
    panel.useApplicationKey({ user: 0 });
    expectAccessDenied(await panel.app('GET', '/users/external/ext-1'));
  });
});
