/**
 * Pelican's Wings socket (github:pelican-dev/wings router/router_server_ws.go, router/websocket): the
 * websocket scope, 4409 for a suspended server, `throttled`, and 30 sockets per server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { signPelicanSocketToken } from '../src/wings/token';
import { type Loose, type PeerPanel, startPeer } from './peer/panel';
import { openSocket, type TestSocket } from './socket-client';

describe('Pelican Wings', () => {
  let panel: PeerPanel;
  const sockets: TestSocket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.ws.terminate();
    await panel.close();
  });

  async function setup(): Promise<{ server: Loose; open(): Promise<TestSocket> }> {
    panel = await startPeer();
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    const { state } = panel.emulator;
    const origin = new URL(state.config.publicUrl).origin;
    return {
      server,
      async open() {
        const socket = await openSocket(
          `${state.config.wingsSocketBase}/api/servers/${server.uuid}/ws`,
          origin,
        );
        sockets.push(socket);
        return socket;
      },
    };
  }

  async function token(server: Loose, overrides: Parameters<typeof signPelicanSocketToken>[4] = {}) {
    const { state } = panel.emulator;
    const record = state.db.servers.find((s) => s.id === server.id);
    const node = state.db.nodes.find((n) => n.id === record?.node_id);
    if (!record || !node) throw new Error('no server');
    return signPelicanSocketToken(state, node, record, state.keyOwner(), overrides);
  }

  it('authenticates with the credential the panel gives', async () => {
    const { server, open } = await setup();
    const socket = await open();
    const credential = await panel.client('GET', `/servers/${server.uuid}/websocket`);
    socket.send('auth', [credential.body.data.token]);
    await expect
      .poll(() => socket.frames.map((f) => f.event).slice(0, 2))
      .toEqual(['auth success', 'status']);
    expect(socket.frames[1]?.args).toEqual(['offline']);
  });

  it('refuses a token without scope=websocket as missing the connect permission', async () => {
    const { server, open } = await setup();
    const socket = await open();
    socket.send('auth', [await token(server, { scope: undefined })]);
    const refused = await socket.next('jwt error');
    expect(refused.args?.[0]).toMatch(/jwt: missing connect permission$/);
    socket.send('auth', [await token(server, { scope: 'file-upload' })]);
    expect((await socket.next('jwt error')).args?.[0]).toMatch(/missing connect permission$/);
  });

  it('refuses a token without user_uuid as denylisted', async () => {
    const { server, open } = await setup();
    const socket = await open();
    socket.send('auth', [await token(server, { user_uuid: undefined })]);
    expect((await socket.next('jwt error')).args?.[0]).toMatch(/created too far in past \(denylist\)$/);
  });

  it("closes a suspended server's socket with 4409 at once", async () => {
    const { server, open } = await setup();
    await panel.app('POST', `/servers/${server.id}/suspend`);
    const socket = await open();
    expect(await socket.closed).toEqual({ code: 4409, reason: 'server is suspended' });
  });

  it('ends an open socket at its next frame once the server is suspended', async () => {
    const { server, open } = await setup();
    const socket = await open();
    socket.send('auth', [await token(server)]);
    await socket.next('auth success');
    await panel.app('POST', `/servers/${server.id}/suspend`);
    socket.send('send stats');
    expect((await socket.closed).code).toBe(1006);
  });

  it('sends throttled with the event name when one kind of frame comes too fast', async () => {
    const { server, open } = await setup();
    const socket = await open();
    socket.send('auth', [await token(server)]);
    await socket.next('auth success');
    // `send stats` shares the default bucket: four at once, then one a second.
    for (let i = 0; i < 6; i++) socket.send('send stats');
    expect((await socket.nextWith('throttled', 'send stats')).args).toEqual(['send stats']);
    await expect.poll(() => socket.frames.filter((f) => f.event === 'throttled').length).toBe(1);
    expect(socket.frames.filter((f) => f.event === 'stats').length).toBeLessThanOrEqual(5);
  });

  it('sends throttled "global" once when more than ten frames arrive at once', async () => {
    const { open } = await setup();
    const socket = await open();
    for (let i = 0; i < 14; i++) socket.send('unknown event');
    await socket.nextWith('throttled', 'global');
    await expect.poll(() => socket.frames.filter((f) => f.args?.[0] === 'global').length).toBe(1);
  });

  it('allows 30 sockets per server; the 31st is refused with 400', async () => {
    const { open } = await setup();
    for (let i = 0; i < 30; i++) await open();
    await expect(open()).rejects.toThrow('status 400');
    sockets[0]?.ws.close();
    await expect
      .poll(async () =>
        open().then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
  });

  it('ends the sockets of a deleted server', async () => {
    const { server, open } = await setup();
    const socket = await open();
    expect((await panel.app('DELETE', `/servers/${server.id}/force`)).status).toBe(204);
    expect((await socket.closed).code).toBe(1006);
  });
});
