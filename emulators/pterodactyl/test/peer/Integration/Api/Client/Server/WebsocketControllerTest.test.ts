// Port of tests/Integration/Api/Client/Server/WebsocketControllerTest.php (pterodactyl/panel).
// Not ported: the subuser and foreign-user cases (the client key belongs to a root admin, who reaches
// every server), and the `wss://` scheme (the emulator's Wings listens where the emulator does); see
// docs/emulators.md.
import { createHash } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerModel, type PeerPanel, startPeerPanel, waitInstalled } from '../../../../panel';

describe('WebsocketControllerTest', () => {
  let panel: PeerPanel;
  const now = Date.UTC(2024, 9, 24, 12, 4, 30, 250);

  beforeAll(async () => {
    panel = await startPeerPanel({}, { now: () => now });
  });
  afterAll(() => panel.close());

  // testJwtAndWebsocketUrlAreReturnedForServerOwner, for the client key's owner (a root admin)
  it('returns a JWT signed with the node key and the Wings socket URL', async () => {
    const server = await createServerModel(panel, 1);
    await waitInstalled(panel, server.id);
    const { status, body } = await panel.client('GET', `/servers/${server.uuid}/websocket`);
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['socket', 'token']);
    expect(body.data.socket.endsWith(`/api/servers/${server.uuid}/ws`)).toBe(true);

    const node = panel.emulator.state.db.nodes[0]!;
    const { payload } = await jwtVerify(body.data.token, new TextEncoder().encode(node.daemon_token), {
      algorithms: ['HS256'],
      currentDate: new Date(now),
    });
    const seconds = Math.floor(now / 1000);
    expect(payload.iss).toBe(panel.emulator.url);
    expect(payload.aud).toContain('https://node-1.example.com:8080');
    expect(payload.iat).toBe(seconds);
    expect(payload.nbf).toBe(seconds - 5 * 60);
    expect(payload.exp).toBe(seconds + 10 * 60);
    expect(payload.user_id).toBe(1);
    expect(payload.server_uuid).toBe(server.uuid);
    // GetUserPermissionsService: a root admin gets "*" and the admin.websocket.* permissions.
    expect(payload.permissions).toEqual([
      '*',
      'admin.websocket.errors',
      'admin.websocket.install',
      'admin.websocket.transfer',
    ]);
    // NodeJWTService: jti (also a header) is md5 of user id and server uuid.
    const jti = createHash('md5').update(`1${server.uuid}`).digest('hex');
    expect(payload.jti).toBe(jti);
    expect(decodeProtectedHeader(body.data.token).jti).toBe(jti);
  });
});
