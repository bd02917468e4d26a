/**
 * Port of tests/Integration/Services/Servers/BuildModificationServiceTest.php (github:pelican-dev/panel),
 * driven through `PATCH /api/application/servers/{id}/build`, which always sends `allocation` and
 * `feature_limits` as the request demands.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Loose, type PeerPanel, startPeer } from '../../../panel';

describe('BuildModificationServiceTest', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  const build = (server: Loose, changes: Record<string, unknown>) =>
    panel.app('PATCH', `/servers/${server.id}/build`, {
      allocation: server.allocation,
      feature_limits: server.feature_limits,
      ...changes,
    });
  const allocationsOf = (serverId: number) =>
    panel.emulator.state.db.allocations.filter((a) => a.server_id === serverId).map((a) => a.id);

  it('test_allocations_can_be_modified_for_the_server', async () => {
    const owner = panel.emulator.state.keyOwner().id;
    const server = await panel.server(owner);
    const server2 = await panel.server(owner);
    const { db } = panel.emulator.state;
    const free = db.allocations.filter((a) => a.node_id === server.node && a.server_id === null).slice(0, 4);
    for (const a of free) a.notes = 'Random notes';
    const [a0, a1, a2, a3] = free as [Loose, Loose, Loose, Loose];
    a0.server_id = server.id;
    a0.notes = 'Test notes';
    a2.server_id = server2.id;
    a3.server_id = server2.id;
    const res = await build(server, {
      add_allocations: [a2.id, a1.id],
      remove_allocations: [server.allocation, a0.id, a3.id],
    });
    expect(res.status).toBe(200);
    expect(allocationsOf(server.id)).toEqual([a1.id]);
    expect(res.body.attributes.allocation).toBe(a1.id);
    expect(a1.notes).toBe('Random notes');
    expect(a2.server_id).toBe(server2.id);
    expect(a3.server_id).toBe(server2.id);
    expect(db.allocations.find((a) => a.id === server.allocation)).toMatchObject({
      server_id: null,
      notes: null,
    });
    expect(a0).toMatchObject({ server_id: null, notes: null });
  });

  it('test_primary_allocation_can_be_removed', async () => {
    const owner = panel.emulator.state.keyOwner().id;
    const server = await panel.server(owner);
    const server2 = await panel.server(owner);
    const res = await build(server, { remove_allocations: [server.allocation, server2.allocation] });
    expect(res.status).toBe(200);
    expect(allocationsOf(server.id)).toEqual([]);
    expect(res.body.attributes.allocation).toBeNull();
    expect(allocationsOf(server2.id)).toEqual([server2.allocation]);
  });

  it('test_server_build_data_is_properly_updated_ondaemon', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    const res = await build(server, {
      oom_killer: false,
      limits: { memory: 256, swap: 128, io: 600, cpu: 150, threads: '1,2', disk: 1024 },
      feature_limits: { backups: null, databases: 10, allocations: 20 },
    });
    expect(res.status).toBe(200);
    expect(res.body.attributes.limits).toMatchObject({
      oom_killer: false,
      memory: 256,
      swap: 128,
      io: 600,
      cpu: 150,
      threads: '1,2',
      disk: 1024,
    });
    expect(res.body.attributes.feature_limits).toEqual({ databases: 10, allocations: 20, backups: 0 });
  });

  it('test_no_exception_is_thrown_if_only_removing_allocation', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    const extra = panel.emulator.state.db.allocations.find(
      (a) => a.node_id === server.node && a.server_id === null,
    );
    if (extra) extra.server_id = server.id;
    const res = await build(server, { remove_allocations: [extra?.id] });
    expect(res.status).toBe(200);
    expect(extra?.server_id).toBeNull();
  });

  it('test_allocation_in_both_add_and_remove_is_added', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    const extra = panel.emulator.state.db.allocations.find(
      (a) => a.node_id === server.node && a.server_id === null,
    );
    const res = await build(server, { add_allocations: [extra?.id], remove_allocations: [extra?.id] });
    expect(res.status).toBe(200);
    expect(extra?.server_id).toBe(server.id);
  });

  it('test_using_same_allocation_id_multiple_times_does_not_error', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    const [held, wanted] = panel.emulator.state.db.allocations.filter(
      (a) => a.node_id === server.node && a.server_id === null,
    );
    if (held) held.server_id = server.id;
    const res = await build(server, {
      add_allocations: [wanted?.id, wanted?.id],
      remove_allocations: [held?.id, held?.id],
    });
    expect(res.status).toBe(200);
    expect(held?.server_id).toBeNull();
    expect(wanted?.server_id).toBe(server.id);
  });
});
