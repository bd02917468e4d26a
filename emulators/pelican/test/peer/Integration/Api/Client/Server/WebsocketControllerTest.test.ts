/** Port of tests/Integration/Api/Client/Server/WebsocketControllerTest.php (github:pelican-dev/panel). */
import { compactVerify, decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PeerPanel, startPeer } from '../../../../panel';

describe('WebsocketControllerTest', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  it('test_user_without_permission_for_server_receives_error', async () => {
    const owner = await panel.account();
    const server = await panel.server(owner.user.id);
    const other = await panel.account();
    const res = await panel.client('GET', `/servers/${server.uuid}/websocket`, undefined, other.key);
    expect(res.status).toBe(404);
  });

  it('test_jwt_and_websocket_url_are_returned_for_server_owner', async () => {
    const { user, key } = await panel.account();
    const server = await panel.server(user.id);
    const res = await panel.client('GET', `/servers/${server.uuid}/websocket`, undefined, key);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['token', 'socket']);
    expect(res.body.data.socket.endsWith(`/api/servers/${server.uuid}/ws`)).toBe(true);
    const { state } = panel.emulator;
    const node = state.db.nodes.find((n) => n.id === server.node);
    // Signed with the node's daemon token.
    await compactVerify(res.body.data.token, new TextEncoder().encode(node?.daemon_token));
    const claims = decodeJwt(res.body.data.token);
    const now = Math.floor(Date.now() / 1000);
    expect(claims.iss).toBe(state.config.publicUrl);
    const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
    expect(aud).toBe(`${node?.scheme}://${node?.fqdn}:${node?.daemon_connect}`);
    expect(Math.abs((claims.iat ?? 0) - now)).toBeLessThanOrEqual(1);
    expect(claims.nbf).toBe((claims.iat ?? 0) - 300);
    expect(claims.exp).toBe((claims.iat ?? 0) + 600);
    expect(claims.user_uuid).toBe(user.uuid);
    expect(claims.server_uuid).toBe(server.uuid);
    expect(claims.permissions).toEqual(['*']);
    // NodeJWTService adds the scope Wings checks.
    expect(claims.scope).toBe('websocket');
  });
});
