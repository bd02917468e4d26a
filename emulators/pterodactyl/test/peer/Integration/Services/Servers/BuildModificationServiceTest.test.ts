// Port of tests/Integration/Services/Servers/BuildModificationServiceTest.php (pterodactyl/panel), driven
// through PATCH /api/application/servers/{id}/build, which runs that service.
// Not ported: testConnectionExceptionIsIgnoredWhenUpdatingServerSettings (the emulator has no Wings to be
// unreachable; its failNext stands for a failing panel instead); see docs/emulators.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_USER,
  createServerModel,
  freeAllocations,
  type Loose,
  type PeerPanel,
  seedNode,
  startPeerPanel,
} from '../../../panel';

describe('BuildModificationServiceTest', () => {
  let panel: PeerPanel;

  beforeAll(async () => {
    panel = await startPeerPanel({
      nodes: [seedNode('node-1', 'test', { allocation_count: 30 })],
      users: [API_USER],
    });
  });
  afterAll(() => panel.close());

  /** PATCH /build with the server's current limits and the given changes. */
  function build(server: Loose, changes: object) {
    return panel.app('PATCH', `/servers/${server.id}/build`, {
      allocation: server.allocation,
      limits: { memory: 512, swap: 0, disk: 1024, io: 500, cpu: 100 },
      feature_limits: { databases: 0, allocations: 0, backups: 0 },
      ...changes,
    });
  }

  async function allocationsOf(serverId: number): Promise<Loose[]> {
    const { body } = await panel.app('GET', `/servers/${serverId}?include=allocations`);
    return body.attributes.relationships.allocations.data.map((a: Loose) => a.attributes);
  }

  async function freeRows(): Promise<Map<number, Loose>> {
    const { body } = await panel.app('GET', '/nodes/1/allocations?filter[server_id]=0&per_page=100');
    return new Map(body.data.map((a: Loose) => [a.attributes.id, a.attributes]));
  }

  // testAllocationsCanBeModifiedForTheServer
  it('adds and removes only allocations of this node that are free or the server’s own', async () => {
    const server = await createServerModel(panel, 1);
    const server2 = await createServerModel(panel, 1);
    const [a0, a1, a2, a3] = await freeAllocations(panel, 1);
    const initial = server.allocation;
    expect((await build(server, { add_allocations: [a0] })).status).toBe(200);
    expect((await build(server2, { add_allocations: [a2, a3] })).status).toBe(200);

    const answer = await build(server, {
      add_allocations: [a2, a1],
      remove_allocations: [initial, a0, a3],
    });
    expect(answer.status).toBe(200);
    const owned = await allocationsOf(server.id);
    expect(owned.map((a) => a.id)).toEqual([a1]);
    expect(answer.body.attributes.allocation).toBe(a1);
    expect(owned[0].notes).toBeNull();
    // The keys of the panel's AllocationTransformer.
    expect(Object.keys(owned[0]).sort()).toEqual(['alias', 'assigned', 'id', 'ip', 'notes', 'port']);
    expect((await allocationsOf(server2.id)).map((a) => a.id)).toEqual(expect.arrayContaining([a2, a3]));
    const free = await freeRows();
    expect(free.get(initial)).toMatchObject({ assigned: false, notes: null });
    expect(free.get(a0!)).toMatchObject({ assigned: false, notes: null });
  });

  // testExceptionIsThrownIfRemovingTheDefaultAllocation
  it('refuses to remove the default allocation without a fallback', async () => {
    const server = await createServerModel(panel, 1);
    const [extra] = await freeAllocations(panel, 1);
    expect((await build(server, { add_allocations: [extra] })).status).toBe(200);
    const answer = await build(server, {
      add_allocations: [],
      remove_allocations: [server.allocation, extra],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({
      code: 'DisplayException',
      detail:
        'You are attempting to delete the default allocation for this server but there is no fallback allocation to use.',
    });
  });

  // testServerBuildDataIsProperlyUpdatedOnWings
  it('stores the new limits and feature limits (a null backup limit as 0)', async () => {
    const server = await createServerModel(panel, 1);
    const { status, body } = await build(server, {
      oom_disabled: false,
      limits: { memory: 256, swap: 128, io: 600, cpu: 150, threads: '1,2', disk: 1024 },
      feature_limits: { backups: null, databases: 10, allocations: 20 },
    });
    expect(status).toBe(200);
    expect(body.attributes.limits).toEqual({
      oom_disabled: false,
      memory: 256,
      swap: 128,
      io: 600,
      cpu: 150,
      threads: '1,2',
      disk: 1024,
    });
    expect(body.attributes.feature_limits).toEqual({ backups: 0, databases: 10, allocations: 20 });
  });

  // Not a panel test: BuildModificationService::handle changes only the fields given (Arr::only).
  it('keeps the cpu pinning when a later update leaves threads out', async () => {
    const server = await createServerModel(panel, 1);
    const pinned = await build(server, {
      limits: { memory: 512, swap: 0, disk: 1024, io: 500, cpu: 100, threads: '0-1' },
    });
    expect(pinned.body.attributes.limits.threads).toBe('0-1');
    expect((await build(server, {})).body.attributes.limits.threads).toBe('0-1');
  });

  // testNoExceptionIsThrownIfOnlyRemovingAllocation
  it('removes a non-default allocation alone', async () => {
    const server = await createServerModel(panel, 1);
    const [extra] = await freeAllocations(panel, 1);
    expect((await build(server, { add_allocations: [extra] })).status).toBe(200);
    expect((await build(server, { remove_allocations: [extra] })).status).toBe(200);
    expect((await freeRows()).has(extra!)).toBe(true);
  });

  // testAllocationInBothAddAndRemoveIsAdded
  it('keeps an allocation that is both added and removed', async () => {
    const server = await createServerModel(panel, 1);
    const [extra] = await freeAllocations(panel, 1);
    expect((await build(server, { add_allocations: [extra], remove_allocations: [extra] })).status).toBe(200);
    expect((await allocationsOf(server.id)).map((a) => a.id)).toContain(extra);
  });

  // testUsingSameAllocationIdMultipleTimesDoesNotError
  it('accepts the same allocation id twice in both lists', async () => {
    const server = await createServerModel(panel, 1);
    const [owned, added] = await freeAllocations(panel, 1);
    expect((await build(server, { add_allocations: [owned] })).status).toBe(200);
    const answer = await build(server, {
      add_allocations: [added, added],
      remove_allocations: [owned, owned],
    });
    expect(answer.status).toBe(200);
    expect((await freeRows()).has(owned!)).toBe(true);
    expect((await allocationsOf(server.id)).map((a) => a.id)).toContain(added);
  });

  // testThatUpdatesAreRolledBackIfExceptionIsEncountered
  it('changes nothing when the update fails', async () => {
    const server = await createServerModel(panel, 1);
    const [extra] = await freeAllocations(panel, 1);
    panel.emulator.state.failNext('updateServerBuild', {
      status: 400,
      code: 'DisplayException',
      detail: 'Test',
    });
    const answer = await build(server, { add_allocations: [extra] });
    expect(answer.status).toBe(400);
    expect((await freeRows()).has(extra!)).toBe(true);
  });
});
