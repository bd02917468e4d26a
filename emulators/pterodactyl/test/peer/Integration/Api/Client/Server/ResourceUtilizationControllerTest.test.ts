// Port of tests/Integration/Api/Client/Server/ResourceUtilizationControllerTest.php (pterodactyl/panel).
// The panel's test mocks Wings to answer nothing and sees the transformer's defaults ("stopped", zeros);
// here a real stopped process answers as Wings does: state "offline", no memory, cpu or traffic, and
// its disk use (docs/emulators.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerModel, keysOf, type PeerPanel, startPeerPanel, waitInstalled } from '../../../../panel';

describe('ResourceUtilizationControllerTest', () => {
  let panel: PeerPanel;

  beforeAll(async () => {
    panel = await startPeerPanel();
  });
  afterAll(() => panel.close());

  // testServerResourceUtilizationIsReturned
  it('returns the resource usage of a stopped server as a stats item', async () => {
    const server = await createServerModel(panel, 1);
    await waitInstalled(panel, server.id);
    expect(
      (await panel.client('POST', `/servers/${server.identifier}/power`, { signal: 'kill' })).status,
    ).toBe(204);
    const { status, body } = await panel.client('GET', `/servers/${server.uuid}/resources`);
    expect(status).toBe(200);
    expect(body.object).toBe('stats');
    expect(body.attributes).toMatchObject({
      current_state: 'offline',
      is_suspended: false,
      resources: { memory_bytes: 0, cpu_absolute: 0, network_rx_bytes: 0, network_tx_bytes: 0 },
    });
    expect(keysOf(body.attributes.resources)).toEqual([
      'cpu_absolute',
      'disk_bytes',
      'memory_bytes',
      'network_rx_bytes',
      'network_tx_bytes',
      'uptime',
    ]);
  });
});
