/** Port of tests/Integration/Api/Client/Server/PowerControllerTest.php (github:pelican-dev/panel). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PeerPanel, startPeer } from '../../../../panel';

describe('PowerControllerTest', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  it('test_invalid_power_signal_results_in_error', async () => {
    const { user, key } = await panel.account();
    const server = await panel.server(user.id);
    const res = await panel.client('POST', `/servers/${server.uuid}/power`, { signal: 'invalid' }, key);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].meta.rule).toBe('in');
    expect(res.body.errors[0].detail).toBe('The selected signal is invalid.');
  });

  // The panel's test mocks Wings and checks it is asked for the trimmed signal; here the process shows it.
  it.each(['start', 'stop', 'restart', 'kill', ' restart', 'kill '])(
    'test_action_can_be_sent_to_server %j',
    async (action) => {
      const { user, key } = await panel.account();
      const server = await panel.server(user.id);
      const res = await panel.client('POST', `/servers/${server.uuid}/power`, { signal: action }, key);
      expect(res.status).toBe(204);
      if (action.trim() === 'start' || action.trim() === 'restart')
        await expect.poll(() => panel.emulator.state.process.state(server.uuid)).not.toBe('offline');
    },
  );
});
