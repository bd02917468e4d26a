/**
 * Port of tests/Integration/Services/Servers/ServerCreationServiceTest.php (github:pelican-dev/panel),
 * driven through `POST /api/application/servers`, the endpoint that runs the service.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPelicanSeed } from '../../../../../src/seed/seed';
import { clonedEgg, type PeerPanel, startPeer } from '../../../panel';

/** One node with five allocations (ports 40000..40004), as the test's factories make. */
function oneNodeSeed() {
  const seed = defaultPelicanSeed();
  seed.nodes = [
    {
      name: 'node',
      tags: [],
      fqdn: 'node.example',
      memory: 0,
      disk: 0,
      cpu: 0,
      ip: '203.0.113.50',
      first_port: 40000,
      allocation_count: 5,
    },
  ];
  return seed;
}

describe('ServerCreationServiceTest', () => {
  let panel: PeerPanel;
  afterEach(() => panel.close());

  const lockedBungeecord = () =>
    clonedEgg('Bungeecord', 'Bungeecord Copy', (e) => {
      const first = e.variables[0];
      if (first) first.user_editable = false;
    });

  function body(eggId: number | undefined, userId: number, extra: Record<string, unknown>) {
    return {
      name: 'Peer Name',
      description: 'A sentence.',
      user: userId,
      limits: { memory: 256, swap: 128, disk: 100, io: 500, cpu: 0 },
      feature_limits: { databases: null, backups: null },
      startup: 'java server2.jar',
      docker_image: 'java:8',
      egg: eggId,
      environment: { BUNGEE_VERSION: '123', SERVER_JARFILE: 'server2.jar' },
      start_on_completion: true,
      ...extra,
    };
  }

  it('test_server_is_created_with_deployment_object', async () => {
    panel = await startPeer({ seed: oneNodeSeed() }, [lockedBungeecord()]);
    const { db } = panel.emulator.state;
    const { user } = await panel.account();
    const egg = db.eggs.find((e) => e.name === 'Bungeecord Copy');
    const deploy = { tags: [], dedicated_ip: true, port_range: ['40000'] };
    // Through HTTP an empty value becomes null and is validated as the variable's default (the service
    // test calls the service directly with ''); a value breaking the rule is refused the same way.
    const refused = await panel.app(
      'POST',
      '/servers',
      body(egg?.id, user.id, {
        deploy,
        environment: { BUNGEE_VERSION: '1.2.3', SERVER_JARFILE: 'server2.jar' },
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveLength(1);
    expect(refused.body.errors[0].meta.source_field).toBe('environment.BUNGEE_VERSION');
    expect(refused.body.errors[0].detail).toBe(
      'The Bungeecord Version variable may only contain letters and numbers.',
    );

    const res = await panel.app(
      'POST',
      '/servers',
      body(egg?.id, user.id, { deploy, allocation: { additional: [5] } }),
    );
    expect(res.status).toBe(201);
    const a = res.body.attributes;
    expect(a.identifier).toBe(a.uuid.slice(0, 8));
    expect(a).toMatchObject({
      node: 1,
      egg: egg?.id,
      name: 'Peer Name',
      description: 'A sentence.',
      user: user.id,
      limits: { memory: 256, swap: 128, disk: 100, io: 500, cpu: 0, oom_killer: false },
      container: { startup_command: 'java server2.jar', image: 'java:8' },
      suspended: false,
      feature_limits: { databases: 0, allocations: 0, backups: 0 },
      allocation: 1,
    });
    expect(a.container.environment).toMatchObject({ BUNGEE_VERSION: '123', SERVER_JARFILE: 'server2.jar' });
    expect(db.allocations.filter((x) => x.server_id === a.id).map((x) => x.id)).toEqual([1, 5]);
  });

  it('test_server_without_allocation_is_created_with_deployment_object', async () => {
    panel = await startPeer({ seed: oneNodeSeed() }, [lockedBungeecord()]);
    const { db } = panel.emulator.state;
    const { user } = await panel.account();
    const egg = db.eggs.find((e) => e.name === 'Bungeecord Copy');
    const deploy = { tags: [], dedicated_ip: false, port_range: [] };
    const res = await panel.app('POST', '/servers', body(egg?.id, user.id, { deploy }));
    expect(res.status).toBe(201);
    const a = res.body.attributes;
    expect(a).toMatchObject({
      node: 1,
      egg: egg?.id,
      allocation: null,
      feature_limits: { databases: 0, allocations: 0, backups: 0 },
    });
    expect(a.limits.oom_killer).toBe(false);
    expect(db.allocations.filter((x) => x.server_id === a.id)).toEqual([]);
  });

  it('test_error_encountered_by_daemon_causes_server_to_be_deleted', async () => {
    panel = await startPeer({ seed: oneNodeSeed() });
    const { user } = await panel.account();
    const egg = panel.emulator.state.db.eggs.find((e) => e.name === 'Bungeecord');
    panel.emulator.state.failNext('createServer');
    const res = await panel.app('POST', '/servers', body(egg?.id, user.id, { allocation: { default: 1 } }));
    expect(res.status).toBe(504);
    expect(panel.emulator.state.db.servers.filter((s) => s.user_id === user.id)).toEqual([]);
  });
});
