// Port of tests/Integration/Services/Servers/ServerDeletionServiceTest.php (pterodactyl/panel), driven
// through DELETE /api/application/servers/{id}[/force], which run that service.
// Not ported: testRegularDeleteIgnores404FromWings (the emulator has no Wings answers to tell apart) and
// the two server-database cases (the product gives servers no databases); see docs/emulators.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerModel, type PeerPanel, startPeerPanel } from '../../../panel';

describe('ServerDeletionServiceTest', () => {
  let panel: PeerPanel;

  beforeAll(async () => {
    panel = await startPeerPanel();
  });
  afterAll(() => panel.close());

  // testRegularDeleteFailsIfWingsReturnsError
  it('keeps the server when Wings fails a regular delete', async () => {
    const server = await createServerModel(panel, 1);
    panel.emulator.state.failNext('deleteServer');
    const answer = await panel.app('DELETE', `/servers/${server.id}`);
    expect(answer.body.errors[0].code).toBe('DaemonConnectionException');
    expect((await panel.app('GET', `/servers/${server.id}`)).status).toBe(200);
  });

  // testForceDeleteIgnoresExceptionFromWings
  it('deletes the server when forced, whatever Wings answers', async () => {
    const server = await createServerModel(panel, 1);
    panel.emulator.state.failNext('deleteServer');
    expect((await panel.app('DELETE', `/servers/${server.id}/force`)).status).toBe(204);
    expect((await panel.app('GET', `/servers/${server.id}`)).status).toBe(404);
  });
});
