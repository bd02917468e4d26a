// Port of tests/Integration/Services/Servers/SuspensionServiceTest.php (pterodactyl/panel), driven
// through POST /api/application/servers/{id}/suspend and /unsuspend, which run that service.
// Not ported: testExceptionIsThrownIfInvalidActionsArePassed (a PHP argument check with no HTTP route).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerModel, type PeerPanel, startPeerPanel } from '../../../panel';

describe('SuspensionServiceTest', () => {
  let panel: PeerPanel;

  beforeAll(async () => {
    panel = await startPeerPanel();
  });
  afterAll(() => panel.close());

  const suspended = async (id: number) =>
    (await panel.app('GET', `/servers/${id}`)).body.attributes.suspended;

  // testServerIsSuspendedAndUnsuspended
  it('suspends and unsuspends a server', async () => {
    const server = await createServerModel(panel, 1);
    expect((await panel.app('POST', `/servers/${server.id}/suspend`)).status).toBe(204);
    expect(await suspended(server.id)).toBe(true);
    expect((await panel.app('POST', `/servers/${server.id}/unsuspend`)).status).toBe(204);
    expect(await suspended(server.id)).toBe(false);
  });

  // testNoActionIsTakenIfSuspensionStatusIsUnchanged
  it('leaves the state as it is when it already is the one asked for', async () => {
    const server = await createServerModel(panel, 1);
    expect((await panel.app('POST', `/servers/${server.id}/unsuspend`)).status).toBe(204);
    expect(await suspended(server.id)).toBe(false);
    expect((await panel.app('POST', `/servers/${server.id}/suspend`)).status).toBe(204);
    expect((await panel.app('POST', `/servers/${server.id}/suspend`)).status).toBe(204);
    expect(await suspended(server.id)).toBe(true);
  });
});
