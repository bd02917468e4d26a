// Port of tests/Integration/Api/Client/Server/PowerControllerTest.php (pterodactyl/panel).
// Not ported: testSubuserWithoutPermissionsReceivesError (subusers: the product's client key belongs to
// a root admin and it never makes subusers); see docs/emulators.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createServerModel,
  type Loose,
  type PeerPanel,
  startPeerPanel,
  waitInstalled,
} from '../../../../panel';

describe('PowerControllerTest', () => {
  let panel: PeerPanel;
  let server: Loose;

  beforeAll(async () => {
    panel = await startPeerPanel();
    server = await createServerModel(panel, 1);
    await waitInstalled(panel, server.id);
  });
  afterAll(() => panel.close());

  // testInvalidPowerSignalResultsInError
  it('refuses an unknown signal with 422 and meta.rule "in"', async () => {
    const { status, body } = await panel.client('POST', `/servers/${server.uuid}/power`, {
      signal: 'invalid',
    });
    expect(status).toBe(422);
    expect(body.errors[0].meta.rule).toBe('in');
    expect(body.errors[0].detail).toBe('The selected signal is invalid.');
  });

  // testActionCanBeSentToServer, one case per row of validPowerActionDataProvider (values are trimmed)
  it.each(['start', 'stop', 'restart', 'kill', ' restart', 'kill '])(
    'accepts the signal "%s" with 204',
    async (signal) => {
      const answer = await panel.client('POST', `/servers/${server.uuid}/power`, { signal });
      expect(answer.status).toBe(204);
    },
  );
});
