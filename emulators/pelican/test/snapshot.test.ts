/** `snapshot()` / `restore()`: the tables and sequences survive a restart of the emulator. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PeerPanel, startPeer } from './peer/panel';

describe('Pelican emulator snapshot', () => {
  const panels: PeerPanel[] = [];
  afterEach(async () => {
    for (const p of panels.splice(0)) await p.close();
  });

  it('restores servers, users and allocations into a new emulator and continues the ids', async () => {
    const first = await startPeer();
    panels.push(first);
    const { user } = await first.account();
    const server = await first.server(user.id, { start_on_completion: true });
    const snapshot = JSON.parse(JSON.stringify(first.emulator.state.snapshot()));

    const second = await startPeer();
    panels.push(second);
    second.emulator.state.restore(snapshot);
    const restored = await second.app('GET', `/servers/${server.id}`);
    expect(restored.status).toBe(200);
    expect(restored.body.attributes).toMatchObject({
      uuid: server.uuid,
      allocation: server.allocation,
      user: user.id,
    });
    expect((await second.app('GET', `/users/${user.id}`)).body.attributes.email).toBe(user.email);
    // An installed, unsuspended server runs again, as after a Wings restart.
    await vi.waitFor(() => expect(second.emulator.state.process.state(server.uuid)).not.toBe('offline'));
    const next = await second.app('POST', '/users', { username: 'after', email: 'after@example.com' });
    expect(next.body.attributes.id).toBe(user.id + 1);
  });
});
