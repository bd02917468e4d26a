/**
 * `GET /api/client/servers/{server}/websocket`: the JWT's claims (WebsocketController, NodeJWTService) and
 * its own limit, five a minute per server shared by every user of it (app/Enums/ResourceLimit.php).
 */

import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { type PeerPanel, startPeer } from './peer/panel';

describe('the websocket credential', () => {
  let panel: PeerPanel;
  afterEach(() => panel.close());

  it('carries scope=websocket, user_uuid, a sha256 jti and no user_id', async () => {
    panel = await startPeer();
    const { user, key } = await panel.account();
    const server = await panel.server(user.id);
    const res = await panel.client('GET', `/servers/${server.identifier}/websocket`, undefined, key);
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.body.data.token);
    const jti = createHash('sha256').update(`${user.id}${server.uuid}`).digest('hex');
    expect(claims).toMatchObject({ scope: 'websocket', user_uuid: user.uuid, server_uuid: server.uuid, jti });
    expect(claims).not.toHaveProperty('user_id');
    expect(String(claims.unique_id)).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(decodeProtectedHeader(res.body.data.token)).toMatchObject({ alg: 'HS256', jti });
  });

  it('allows five a minute per server, shared by its users, then 429 with Retry-After', async () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 0);
    panel = await startPeer({ now: () => now });
    const { user, key } = await panel.account();
    const server = await panel.server(user.id);
    const other = await panel.server(user.id);
    const path = `/servers/${server.uuid}/websocket`;
    for (let i = 0; i < 3; i++) expect((await panel.client('GET', path, undefined, key)).status).toBe(200);
    // The root admin's key spends the same budget.
    for (let i = 0; i < 2; i++) expect((await panel.client('GET', path)).status).toBe(200);
    now += 15_000;
    const refused = await panel.client('GET', path, undefined, key);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'ThrottleRequestsException',
      detail: 'Too Many Attempts.',
    });
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('5');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await panel.client('GET', path)).status).toBe(429);
    // Another server has its own five.
    expect((await panel.client('GET', `/servers/${other.uuid}/websocket`, undefined, key)).status).toBe(200);
    now += 45_000;
    expect((await panel.client('GET', path, undefined, key)).status).toBe(200);
  });

  it('is configurable with the other limits', async () => {
    panel = await startPeer({
      rateLimit: { applicationPerMinute: 256, clientPerMinute: 256, websocketPerMinute: 1 },
    });
    const { user, key } = await panel.account();
    const server = await panel.server(user.id);
    expect((await panel.client('GET', `/servers/${server.uuid}/websocket`, undefined, key)).status).toBe(200);
    expect((await panel.client('GET', `/servers/${server.uuid}/websocket`, undefined, key)).status).toBe(429);
  });

  it('is given to an admin for a suspended server (AuthenticateServerAccess::$except), not to its owner', async () => {
    panel = await startPeer();
    const { user, key } = await panel.account();
    const server = await panel.server(user.id);
    await panel.app('POST', `/servers/${server.id}/suspend`);
    const owner = await panel.client('GET', `/servers/${server.uuid}/websocket`, undefined, key);
    expect(owner.status).toBe(409);
    expect(owner.body.errors[0].detail).toBe(
      'This server is currently suspended and the functionality requested is unavailable.',
    );
    expect((await panel.client('GET', `/servers/${server.uuid}/websocket`)).status).toBe(200);
  });
});
