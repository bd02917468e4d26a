/** What only the Pelican dialect does: tags as locations and nests, array rules, Pelican's bodies and limits. */
import { defaultPelicanSeed } from '@falkenhost/pelican-emulator/seed/seed';
import type { PelicanSeedData } from '@falkenhost/pelican-emulator/seed/seed-types';
import { afterEach, describe, expect, it } from 'vitest';
import { panelKeyProblem } from '../src/kinds';
import {
  createPelicanClient,
  locationTagOf,
  PELICAN_RATE_LIMITS,
  tagId,
  UNTAGGED_NEST,
  UNTAGGED_NEST_ID,
} from '../src/pelican';
import { paperServerBody, waitFor } from './harness';
import { startPelicanHarness } from './panels';

type Running = Awaited<ReturnType<typeof startPelicanHarness>>;

/** The default seed with node 2 also in `fi-hel` (first), node 3 without tags, and an egg without tags. */
function taggedSeed(): PelicanSeedData {
  const seed = defaultPelicanSeed();
  const [n1, n2, n3] = seed.nodes;
  if (!n1 || !n2 || !n3) throw new Error('seed changed');
  const paper = seed.eggs.find((e) => e.name === 'Paper');
  if (!paper) throw new Error('no Paper egg');
  // Pelican's own Minecraft eggs as its seeder tags them (Bungeecord is a proxy too), and one untagged.
  const minecraft = seed.eggs
    .filter((e) => e.tags.includes('Minecraft'))
    .map((e) => ({ ...e, tags: e.name === 'Bungeecord' ? ['minecraft', 'proxy'] : ['minecraft'] }));
  return {
    ...seed,
    nodes: [n1, { ...n2, tags: ['fi-hel', 'de-fsn'] }, { ...n3, tags: [] }],
    eggs: [
      ...minecraft,
      { ...paper, name: 'Loose Paper', uuid: '0b6a3f3e-0000-4000-8000-000000000001', tags: [] },
    ],
  };
}

/** A fetch that records each request's method, URL and JSON body before sending it. */
function recordingFetch() {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  const fetcher: typeof fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method: init?.method ?? 'GET', url: String(input), body });
    return fetch(input, init);
  };
  return { sent, fetcher };
}

describe('tag ids and key kinds', () => {
  it('derives a stable positive 31-bit id from the tag alone (FNV-1a of its UTF-8 bytes)', () => {
    // FNV-1a 32 of "a" is 0xe40c292c; masked to 31 bits 0x640c292c.
    expect(tagId('a')).toBe(0x640c292c);
    expect(tagId('de-fsn')).toBe(tagId('de-fsn'));
    expect(tagId('de-fsn')).not.toBe(tagId('fi-hel'));
    for (const tag of ['', 'x', 'ü', 'minecraft', 'a'.repeat(300)]) {
      expect(tagId(tag)).toBeGreaterThan(0);
      expect(tagId(tag)).toBeLessThan(2 ** 31);
    }
    expect(UNTAGGED_NEST_ID).toBe(tagId(''));
  });

  it('tells the panel by the key prefix', () => {
    const good = (prefix: string) => `${prefix}${'a'.repeat(43)}`;
    expect(panelKeyProblem('pterodactyl', 'application', good('ptla_'))).toBeNull();
    expect(panelKeyProblem('pelican', 'client', good('pacc_'))).toBeNull();
    expect(panelKeyProblem('pterodactyl', 'application', good('papp_'))).toMatch(/Pelican application key/);
    expect(panelKeyProblem('pelican', 'application', 'sk_live_abc')).toMatch(
      /must be a Pelican application key/,
    );
    expect(PELICAN_RATE_LIMITS).toEqual({ applicationPerMinute: 256, clientPerMinute: 256 });
  });
});

describe('Pelican catalogue: locations and nests from tags', () => {
  let h: Running;
  afterEach(() => h.emulator.close());

  it('answers one location per node tag, ordered by tag, and a node its first tag (0 without)', async () => {
    h = await startPelicanHarness({ seed: taggedSeed() });
    const locations = await h.client.listLocations();
    expect(locations.map((l) => [l.id, l.short, l.long])).toEqual([
      [tagId('de-fsn'), 'de-fsn', 'de-fsn'],
      [tagId('fi-hel'), 'fi-hel', 'fi-hel'],
    ]);
    expect(locations[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const nodes = await h.client.listNodes();
    expect(nodes.map((n) => n.location_id)).toEqual([tagId('de-fsn'), tagId('fi-hel'), 0]);
    expect(nodes[0]?.allocated_resources).toEqual({ memory: 0, disk: 0 });
    expect(await h.client.getNode(2)).toMatchObject({ id: 2, location_id: tagId('fi-hel') });
    expect(locationTagOf(tagId('fi-hel'))).toBe('fi-hel');
    expect(locationTagOf(12345)).toBeNull();
    await expect(h.client.getNode(99)).rejects.toMatchObject({ status: 404 });
  });

  it('keeps the ids across restarts and node orders', async () => {
    const seed = taggedSeed();
    h = await startPelicanHarness({ seed: { ...seed, nodes: [...seed.nodes].reverse() } });
    expect((await h.client.listLocations()).map((l) => l.id)).toEqual([tagId('de-fsn'), tagId('fi-hel')]);
  });

  it('lists deployable nodes by the tags of the location ids, every public node without', async () => {
    h = await startPelicanHarness({ seed: taggedSeed() });
    const { sent, fetcher } = recordingFetch();
    const client = createPelicanClient({ ...h.options, fetch: fetcher });
    const helsinki = await client.listDeployableNodes({
      memory: 1000,
      disk: 1000,
      locationIds: [tagId('fi-hel')],
    });
    expect(helsinki.map((n) => n.name)).toEqual(['fsn-node-2']);
    const deployable = sent.find((r) => r.url.includes('/nodes/deployable'));
    expect(new URL(deployable?.url ?? '').searchParams.getAll('tags[]')).toEqual(['fi-hel']);
    const all = await client.listDeployableNodes({ memory: 1000, disk: 1000 });
    expect(all.map((n) => n.name)).toEqual(['fsn-node-1', 'fsn-node-2', 'fsn-node-3']);
    const big = await client.listDeployableNodes({
      memory: 20000,
      disk: 1000,
      locationIds: [tagId('de-fsn')],
    });
    expect(big.map((n) => n.name)).toEqual(['fsn-node-1', 'fsn-node-2']);
    expect(await client.listDeployableNodes({ memory: 1, disk: 1, locationIds: [777] })).toEqual([]);
    expect(await client.listDeployableNodes({ memory: 40000, disk: 1000 })).toEqual([]);
  });

  it('answers one nest per egg tag and "Untagged", eggs by tag, rules as arrays', async () => {
    h = await startPelicanHarness({ seed: taggedSeed() });
    const nests = await h.client.listNests();
    expect(nests.map((n) => [n.id, n.name])).toEqual([
      [tagId('minecraft'), 'minecraft'],
      [tagId('proxy'), 'proxy'],
      [UNTAGGED_NEST_ID, UNTAGGED_NEST],
    ]);
    const proxies = await h.client.listEggs(tagId('proxy'));
    expect(proxies.map((e) => [e.name, e.nest])).toEqual([['Bungeecord', tagId('minecraft')]]);
    expect(proxies[0]?.variables).toBeUndefined();
    expect((await h.client.listEggs(UNTAGGED_NEST_ID)).map((e) => [e.name, e.nest])).toEqual([
      ['Loose Paper', UNTAGGED_NEST_ID],
    ]);
    const minecraft = await h.client.listEggs(tagId('minecraft'), { includeVariables: true });
    const paper = minecraft.find((e) => e.name === 'Paper');
    expect(paper?.variables?.find((v) => v.env_variable === 'SERVER_JARFILE')?.rules).toEqual([
      'required',
      'regex:/^([\\w\\d._-]+)(\\.jar)$/',
    ]);
    const one = await h.client.getEgg(tagId('minecraft'), paper?.id ?? 0, { includeVariables: true });
    expect(one).toMatchObject({ id: paper?.id, nest: tagId('minecraft') });
    expect(Array.isArray(one.variables?.[0]?.rules)).toBe(true);
    expect((await h.client.getEgg(tagId('minecraft'), paper?.id ?? 0)).variables).toBeUndefined();
    await expect(h.client.getEgg(tagId('proxy'), paper?.id ?? 0)).rejects.toMatchObject({ status: 404 });
  });
});

describe("Pelican's users and servers", () => {
  let h: Running;
  afterEach(() => h.emulator.close());

  it("sends only Pelican's user fields and answers '' names", async () => {
    h = await startPelicanHarness();
    const { sent, fetcher } = recordingFetch();
    const client = createPelicanClient({ ...h.options, fetch: fetcher });
    const user = await client.createUser({
      email: 'Frank@Example.com',
      username: 'Frank.B',
      first_name: 'Frank',
      last_name: 'B',
      root_admin: true,
      external_id: 'u-frank',
      timezone: 'Europe/Berlin',
    });
    expect(sent[0]?.body).toEqual({
      email: 'Frank@Example.com',
      username: 'Frank.B',
      external_id: 'u-frank',
      timezone: 'Europe/Berlin',
    });
    expect(user).toMatchObject({
      email: 'frank@example.com',
      username: 'frank.b',
      first_name: '',
      last_name: '',
      root_admin: false,
      '2fa': false,
    });
    expect(h.emulator.state.db.users.find((u) => u.id === user.id)?.timezone).toBe('Europe/Berlin');
  });

  it('sends oom_killer (never oom_disabled) and always the allocation of a build change', async () => {
    h = await startPelicanHarness();
    const { sent, fetcher } = recordingFetch();
    const client = createPelicanClient({ ...h.options, fetch: fetcher });
    const user = await client.createUser({
      email: 'g@example.com',
      username: 'g',
      first_name: '',
      last_name: '',
    });
    const body = await paperServerBody(client, user.id, { oom_disabled: false });
    const server = await client.createServer(body);
    const create = sent.find((r) => r.method === 'POST' && r.url.endsWith('/servers'))?.body as Record<
      string,
      unknown
    >;
    expect(create).toMatchObject({ oom_killer: true, allocation: body.allocation });
    expect(create).not.toHaveProperty('oom_disabled');
    expect(create.limits).not.toHaveProperty('oom_disabled');
    expect(h.emulator.state.db.servers.find((s) => s.id === server.id)?.limits.oom_killer).toBe(true);
    const plain = await client.createServer(await paperServerBody(client, user.id));
    expect(sent.filter((r) => r.method === 'POST').at(-1)?.body).not.toHaveProperty('oom_killer');
    expect(plain.limits.oom_disabled).toBe(true);
    const built = await client.updateServerBuild(server.id, {
      allocation: server.allocation,
      limits: { memory: 2048, swap: 0, disk: 10000, io: 500, cpu: 100, oom_disabled: true },
      feature_limits: { databases: null, backups: 0 },
    });
    expect(sent.at(-1)?.body).toMatchObject({ allocation: server.allocation, oom_killer: false });
    expect(built).toMatchObject({
      allocation: server.allocation,
      limits: { memory: 2048, oom_disabled: true },
    });
    const { allocation: _a, ...rest } = await paperServerBody(client, user.id);
    const deploy = { locations: [tagId('de-fsn')], dedicated_ip: false, port_range: ['25565-25664'] };
    const deployed = await client.createServer({ ...rest, deploy });
    expect(sent.filter((r) => r.method === 'POST').at(-1)?.body).toMatchObject({
      deploy: { tags: ['de-fsn'], dedicated_ip: false, port_range: ['25565-25664'] },
    });
    expect([1, 2, 3]).toContain(deployed.node);
    await expect(
      client.createServer({ ...rest, deploy: { ...deploy, locations: [4242] } }),
    ).rejects.toMatchObject({ status: 400, code: 'NoViableNodeException' });
  });
});

describe("Pelican's limits", () => {
  let h: Running;
  afterEach(() => h.emulator.close());

  it('a 429 pauses the key budget for Retry-After and the call is sent again', async () => {
    let offset = 0;
    h = await startPelicanHarness({
      now: () => Date.now() + offset,
      rateLimit: { applicationPerMinute: 3, clientPerMinute: 256, websocketPerMinute: 5 },
    });
    for (let i = 0; i < 3; i++) await h.client.getNode(1);
    // Near the window's end: Retry-After is a second or two, the call goes through after it.
    offset = 58_500;
    expect(await h.client.getNode(1)).toMatchObject({ id: 1 });
    const stats = h.client.stats();
    expect(stats.rateLimited).toBe(1);
    expect(stats.budgets?.application.paused).toBe(1);
  });

  it('the websocket credential (5 a minute per server) does not pause the client budget', async () => {
    h = await startPelicanHarness({}, { maxRetryAfterMs: 0 });
    const user = await h.client.createUser({
      email: 'w@example.com',
      username: 'w',
      first_name: '',
      last_name: '',
    });
    const server = await h.client.createServer(await paperServerBody(h.client, user.id));
    await waitFor(async () => (await h.client.getServer(server.id)).status === null);
    for (let i = 0; i < 5; i++) await h.client.getWebsocketCredentials(server.identifier);
    await expect(h.client.getWebsocketCredentials(server.uuid)).rejects.toMatchObject({
      status: 429,
      code: 'ThrottleRequestsException',
    });
    const stats = h.client.stats();
    expect(stats.rateLimited).toBe(1);
    expect(stats.budgets?.client.paused).toBe(0);
    // The rest of the Client API is not held up by the server's websocket limit.
    expect((await h.client.getResources(server.identifier)).is_suspended).toBe(false);
  });
});
