/**
 * Port of tests/Integration/Services/Servers/SuspensionServiceTest.php (github:pelican-dev/panel), driven
 * through `POST /api/application/servers/{id}/suspend|unsuspend`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PeerPanel, startPeer } from '../../../panel';

describe('SuspensionServiceTest', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  const suspended = async (id: number) =>
    (await panel.app('GET', `/servers/${id}`)).body.attributes.suspended;

  it('test_server_is_suspended_and_unsuspended', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    expect((await panel.app('POST', `/servers/${server.id}/suspend`)).status).toBe(204);
    expect(await suspended(server.id)).toBe(true);
    expect((await panel.app('POST', `/servers/${server.id}/unsuspend`)).status).toBe(204);
    expect(await suspended(server.id)).toBe(false);
  });

  it('test_no_action_is_taken_if_suspension_status_is_unchanged', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    expect((await panel.app('POST', `/servers/${server.id}/unsuspend`)).status).toBe(204);
    expect(await suspended(server.id)).toBe(false);
    await panel.app('POST', `/servers/${server.id}/suspend`);
    expect((await panel.app('POST', `/servers/${server.id}/suspend`)).status).toBe(204);
    expect(await suspended(server.id)).toBe(true);
  });
});
