/**
 * Port of tests/Integration/Services/Servers/ServerDeletionServiceTest.php (github:pelican-dev/panel),
 * driven through `DELETE /api/application/servers/{id}` and `/{id}/force`; a Wings failure is queued with
 * `failNext('deleteServer')`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PeerPanel, startPeer } from '../../../panel';

describe('ServerDeletionServiceTest', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  const exists = (id: number) => panel.emulator.state.db.servers.some((s) => s.id === id);

  it('test_regular_delete_fails_if_daemon_returns_error', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    panel.emulator.state.failNext('deleteServer');
    expect((await panel.app('DELETE', `/servers/${server.id}`)).status).toBe(504);
    expect(exists(server.id)).toBe(true);
  });

  it('test_force_delete_ignores_exception_from_daemon', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    panel.emulator.state.failNext('deleteServer');
    expect((await panel.app('DELETE', `/servers/${server.id}/force`)).status).toBe(204);
    expect(exists(server.id)).toBe(false);
    expect(panel.emulator.state.db.allocations.some((a) => a.server_id === server.id)).toBe(false);
  });
});
