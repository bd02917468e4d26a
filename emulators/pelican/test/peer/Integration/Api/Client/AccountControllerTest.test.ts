/** Port of tests/Integration/Api/Client/AccountControllerTest.php (github:pelican-dev/panel), its index test. */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PeerPanel, startPeer } from '../../../panel';

describe('AccountControllerTest', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  it('test_account_details_are_returned', async () => {
    const { user, key } = await panel.account();
    const res = await panel.client('GET', '/account', undefined, key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: 'user',
      attributes: {
        uuid: user.uuid,
        username: user.username,
        email: user.email,
        language: 'en',
        image: `https://gravatar.com/avatar/${createHash('md5').update(user.email.toLowerCase()).digest('hex')}`,
        admin: false,
        root_admin: false,
        '2fa_enabled': false,
        created_at: user.created_at,
        updated_at: user.updated_at,
      },
    });
  });
});
