/**
 * What Pelican changed on the endpoints the product calls (docs/reference/pelican.md), each read in
 * Pelican's requests and services: locations and nests gone, tags, optional image and startup, oom_killer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PeerPanel, startPeer } from './peer/panel';

describe('Pelican servers, nodes, eggs and users', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  const bungeecord = () => panel.emulator.state.db.eggs.find((e) => e.name === 'Bungeecord');
  const create = (changes: Record<string, unknown>) =>
    panel.app('POST', '/servers', {
      name: 'Tagged',
      user: panel.emulator.state.keyOwner().id,
      egg: bungeecord()?.id,
      environment: {},
      limits: { memory: 512, swap: 0, disk: 1024, io: 500, cpu: 100 },
      feature_limits: { databases: 0, backups: 0 },
      deploy: { tags: ['de-fsn'], dedicated_ip: false, port_range: ['25565-25664'] },
      ...changes,
    });

  it('has no locations and no nests', async () => {
    for (const path of ['/locations', '/locations/1', '/nests', '/nests/1/eggs']) {
      const res = await panel.app('GET', path);
      expect(res.status).toBe(404);
      expect(res.body.errors[0].code).toBe('NotFoundHttpException');
    }
  });

  it('gives nodes tags, cpu and daemon_connect instead of a location', async () => {
    const res = await panel.app('GET', '/nodes/1');
    expect(res.body.attributes).toMatchObject({ tags: ['de-fsn'], cpu: 0, daemon_connect: 8080 });
    expect(res.body.attributes).not.toHaveProperty('location_id');
    expect(res.body.attributes).not.toHaveProperty('daemon_token');
  });

  it('gives eggs the nest name as a tag and variable rules as arrays', async () => {
    const res = await panel.app('GET', '/eggs?include=variables');
    const egg = res.body.data.find(
      (e: { attributes: { name: string } }) => e.attributes.name === 'Bungeecord',
    );
    expect(egg.attributes.tags).toEqual(['Minecraft']);
    const version = egg.attributes.relationships.variables.data.find(
      (v: { attributes: { env_variable: string } }) => v.attributes.env_variable === 'BUNGEE_VERSION',
    );
    expect(version.attributes.rules).toEqual(['required', 'alpha_num', 'between:1,6']);
  });

  it('lists deployable nodes by tags, unpaginated, empty when nothing fits', async () => {
    const tagged = await panel.app('GET', '/nodes/deployable?memory=1024&disk=1024&tags[]=de-fsn');
    expect(tagged.status).toBe(200);
    expect(tagged.body.data).toHaveLength(3);
    expect(tagged.body).not.toHaveProperty('meta');
    const elsewhere = await panel.app('GET', '/nodes/deployable?memory=1024&disk=1024&tags[]=us-ash');
    expect(elsewhere.body).toEqual({ object: 'list', data: [] });
    const tooBig = await panel.app('GET', '/nodes/deployable?memory=999999&disk=1&cpu=0');
    expect(tooBig.body.data).toEqual([]);
    const missing = await panel.app('GET', '/nodes/deployable?disk=1');
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].meta).toEqual({ source_field: 'memory', rule: 'required' });
  });

  it('deploys by tags, fills image and startup from the egg, and ignores oom_disabled', async () => {
    const res = await create({ oom_disabled: false });
    expect(res.status).toBe(201);
    const egg = bungeecord();
    expect(res.body.attributes.container.image).toBe(Object.values(egg?.docker_images ?? {})[0]);
    expect(res.body.attributes.container.startup_command).toBe(Object.values(egg?.startup_commands ?? {})[0]);
    expect(res.body.attributes.limits).toMatchObject({ oom_killer: false, oom_disabled: true });
    expect(res.body.attributes).not.toHaveProperty('nest');
    expect(res.body.attributes.container.environment).not.toHaveProperty('P_SERVER_LOCATION');
    const killer = await create({ oom_killer: true });
    expect(killer.body.attributes.limits).toMatchObject({ oom_killer: true, oom_disabled: false });
  });

  it('refuses deploy.locations alone and answers NoViableNodeException for unknown tags', async () => {
    const locations = await create({ deploy: { locations: [1], dedicated_ip: false, port_range: [] } });
    expect(locations.status).toBe(422);
    expect(locations.body.errors.map((e: { meta: { source_field: string } }) => e.meta.source_field)).toEqual(
      ['deploy.tags'],
    );
    expect(locations.body.errors[0].detail).toBe('The deploy.tags field must be present.');
    const nowhere = await create({ deploy: { tags: ['us-ash'], dedicated_ip: false, port_range: [] } });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.errors[0].code).toBe('NoViableNodeException');
  });

  it('makes a server without an allocation for an empty port range', async () => {
    const res = await create({ deploy: { tags: ['de-fsn'], dedicated_ip: false, port_range: [] } });
    expect(res.status).toBe(201);
    expect(res.body.attributes.allocation).toBeNull();
  });

  it('takes names up to 255 characters', async () => {
    expect((await create({ name: 'n'.repeat(255) })).status).toBe(201);
    const long = await create({ name: 'n'.repeat(256) });
    expect(long.status).toBe(422);
    expect(long.body.errors[0].meta).toEqual({ source_field: 'name', rule: 'max' });
  });

  it('finds a server by external id, updates details, reinstalls, suspends and deletes', async () => {
    const created = (await create({ external_id: 'order-1' })).body.attributes;
    expect((await panel.app('GET', '/servers/external/order-1')).body.attributes.id).toBe(created.id);
    const details = await panel.app('PATCH', `/servers/${created.id}/details`, {
      name: 'Renamed',
      user: created.user,
    });
    expect(details.status).toBe(200);
    expect(details.body.attributes).toMatchObject({ name: 'Renamed', external_id: null, description: '' });
    await expect.poll(() => panel.emulator.state.db.servers[0]?.status).toBeNull();
    expect((await panel.app('POST', `/servers/${created.id}/reinstall`)).status).toBe(204);
    expect((await panel.app('GET', `/servers/${created.id}`)).body.attributes).toMatchObject({
      status: 'installing',
      container: { installed: 0 },
    });
    await expect
      .poll(async () => (await panel.app('GET', `/servers/${created.id}`)).body.attributes.status)
      .toBeNull();
    expect((await panel.app('DELETE', `/servers/${created.id}`)).status).toBe(204);
    expect((await panel.app('GET', `/servers/${created.id}`)).status).toBe(404);
  });

  it('fails a build update without `allocation` as Pelican does (its request reads the key unconditionally)', async () => {
    const created = (await create({})).body.attributes;
    const res = await panel.app('PATCH', `/servers/${created.id}/build`, {
      limits: created.limits,
      feature_limits: created.feature_limits,
    });
    expect(res.status).toBe(500);
  });

  it('creates users from email, username and the rest, lower-casing the e-mail; names and root_admin are no fields', async () => {
    const res = await panel.app('POST', '/users', {
      email: 'Mixed.Case@Example.COM',
      username: 'NewUser',
      first_name: 'Ignored',
      root_admin: true,
      timezone: 'Europe/Berlin',
    });
    expect(res.status).toBe(201);
    expect(res.body.attributes).toMatchObject({
      email: 'mixed.case@example.com',
      username: 'newuser',
      root_admin: false,
    });
    expect(res.body.attributes).not.toHaveProperty('first_name');
    const taken = await panel.app('POST', '/users', { email: 'MIXED.case@example.com', username: 'other' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0].meta).toEqual({ source_field: 'email', rule: 'unique' });
    const zone = await panel.app('POST', '/users', {
      email: 'z@example.com',
      username: 'zone',
      timezone: 'Mars/Olympus',
    });
    expect(zone.body.errors[0].meta).toEqual({ source_field: 'timezone', rule: 'in' });
  });
});
