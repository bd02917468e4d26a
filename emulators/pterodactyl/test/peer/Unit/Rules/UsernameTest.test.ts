// Port of tests/Unit/Rules/UsernameTest.php (pterodactyl/panel), driven through POST
// /api/application/users, whose username field carries that rule (User::getRules).
// Not ported: testRuleIsStringable (a PHP cast); the rule's name shows as meta.rule `p_username`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PeerPanel, startPeerPanel } from '../../panel';

describe('UsernameTest', () => {
  let panel: PeerPanel;
  let n = 0;

  beforeAll(async () => {
    panel = await startPeerPanel();
  });
  afterAll(() => panel.close());

  const create = (username: string) =>
    panel.app('POST', '/users', {
      username,
      email: `user${++n}@example.com`,
      first_name: 'Test',
      last_name: 'User',
    });

  // testValidUsernames (validUsernameDataProvider)
  it.each(['username', 'user_name', 'user.name', 'user-name', '123username123', '123-user.name', '123456'])(
    'accepts %s',
    async (username) => {
      expect((await create(username)).status).toBe(201);
    },
  );

  // testInvalidUsernames (invalidUsernameDataProvider)
  it.each([
    '_username',
    'username_',
    '_username_',
    '-username',
    '.username',
    'username-',
    'username.',
    'user*name',
    'user^name',
    'user#name',
    'user+name',
    '1234_',
  ])('refuses %s', async (username) => {
    const { status, body } = await create(username);
    expect(status).toBe(422);
    expect(body.errors.map((e: { meta: object }) => e.meta)).toEqual([
      { source_field: 'username', rule: 'p_username' },
    ]);
  });
});
