/** Port of tests/Integration/Api/Client/Server/ResourceUtilizationControllerTest.php (github:pelican-dev/panel). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PeerPanel, startPeer } from '../../../../panel';

describe('ResourceUtilizationControllerTest', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  // Pelican's test mocks Wings with an empty answer (the transformer's defaults); a stopped process is what
  // the emulated Wings reports instead: `offline`, no memory, cpu or traffic.
  it('test_server_resource_utilization_is_returned', async () => {
    const { user, key } = await panel.account();
    const server = await panel.server(user.id);
    const res = await panel.client('GET', `/servers/${server.uuid}/resources`, undefined, key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'stats',
      attributes: {
        current_state: 'offline',
        is_suspended: false,
        resources: { memory_bytes: 0, cpu_absolute: 0, network_rx_bytes: 0, network_tx_bytes: 0 },
      },
    });
    expect(Object.keys(res.body.attributes.resources)).toEqual([
      'memory_bytes',
      'cpu_absolute',
      'disk_bytes',
      'network_rx_bytes',
      'network_tx_bytes',
      'uptime',
    ]);
  });
});
