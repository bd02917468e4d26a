import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pterodactylEmulator from '../src/plugin';
import { type RunningEmulator, startEmulator } from '../src/server';
import { createEmulatorState, generateApiKey } from '../src/state/state';

// biome-ignore lint/suspicious/noExplicitAny: the tests read loose JSON bodies
type Loose = any;
const json = async (res: Response | Promise<Response>): Promise<Loose> => (await res).json();

describe('panel HTTP behaviour', () => {
  let emulator: RunningEmulator;
  const call = (path: string, init: RequestInit & { key?: string } = {}) =>
    fetch(`${emulator.url}${path}`, {
      ...init,
      redirect: 'manual',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${init.key ?? emulator.state.config.applicationKey}`,
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  beforeAll(async () => {
    emulator = await startEmulator({ installSeconds: 0.1, statsIntervalMs: 100 });
  });
  afterAll(() => emulator.close());

  it('paginates with meta.pagination and links', async () => {
    const body = await json(call('/api/application/nodes/1/allocations?per_page=40&page=2'));
    expect(body.object).toBe('list');
    expect(body.data).toHaveLength(40);
    expect(body.data[0]).toEqual({
      object: 'allocation',
      attributes: expect.objectContaining({ port: 25605 }),
    });
    expect(body.meta.pagination).toMatchObject({
      total: 100,
      count: 40,
      per_page: 40,
      current_page: 2,
      total_pages: 3,
    });
    expect(body.meta.pagination.links.next).toContain('page=3');
    expect(body.meta.pagination.links.previous).toContain('page=1');
    expect((await call('/api/application/nodes?per_page=500')).status).toBe(400);
  });

  it('filters, sorts and includes', async () => {
    const nests = await json(call('/api/application/nests?filter[name]=craft'));
    expect(nests.data.map((n: { attributes: { name: string } }) => n.attributes.name)).toEqual(['Minecraft']);
    const sorted = await json(call('/api/application/nodes?sort=-id'));
    expect(sorted.data[0].attributes.id).toBe(3);
    const node = await json(call('/api/application/nodes/1?include=location'));
    expect(node.attributes.relationships.location.attributes.short).toBe('de-fsn');
    const bad = await call('/api/application/nodes?filter[nope]=1');
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors[0].code).toBe('InvalidFilterQuery');
  });

  it('lists deployable nodes and answers NoViableNodeException', async () => {
    const ok = await json(call('/api/application/nodes/deployable?memory=20000&disk=1000&location_ids[]=1'));
    expect(ok.data.map((n: { attributes: { id: number } }) => n.attributes.id)).toEqual([1, 2]);
    const none = await call('/api/application/nodes/deployable?memory=40000&disk=1000');
    expect(none.status).toBe(400);
    expect((await json(none)).errors[0]).toMatchObject({ code: 'NoViableNodeException', status: '400' });
    const missing = await call('/api/application/nodes/deployable');
    expect(missing.status).toBe(422);
  });

  it('answers 404 in the panel envelope, also for unknown routes under the prefix', async () => {
    for (const path of ['/api/application/servers/999', '/api/application/users/abc', '/nope']) {
      const res = await call(path);
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual({
        errors: [
          {
            code: 'NotFoundHttpException',
            status: '404',
            detail: 'The requested resource could not be found on the server.',
          },
        ],
      });
    }
  });

  it('answers 400 BadRequestHttpException for malformed JSON', async () => {
    const res = await call('/api/application/users', { method: 'POST', body: '{"email":' });
    expect(res.status).toBe(400);
    expect((await json(res)).errors[0].code).toBe('BadRequestHttpException');
  });

  it('redirects auth failures to the login page without a json Accept header', async () => {
    const res = await call('/api/application/nodes', { key: 'nope', headers: { Accept: 'text/html' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${emulator.url}/auth/login`);
  });

  it('validates server bodies with one 422 entry per field', async () => {
    const res = await call('/api/application/servers', {
      method: 'POST',
      body: JSON.stringify({ name: 'x', limits: {} }),
    });
    expect(res.status).toBe(422);
    const fields = (await json(res)).errors.map(
      (e: { meta: { source_field: string } }) => e.meta.source_field,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        'user',
        'egg',
        'docker_image',
        'startup',
        'environment',
        'limits.memory',
        'limits.io',
        'allocation.default',
      ]),
    );
  });
});

describe('mounting in a host app', () => {
  it('serves under the prefix next to host routes, with the host’s own websocket plugin', async () => {
    const state = createEmulatorState({
      publicUrl: 'http://localhost:3000/_emulators/pterodactyl',
      wingsSocketBase: 'ws://localhost:3000/_emulators/pterodactyl/wings',
      applicationKey: generateApiKey('application'),
      clientKey: generateApiKey('client'),
    });
    const app = Fastify();
    await app.register(websocket);
    app.get('/health', async () => ({ ok: true }));
    await app.register(pterodactylEmulator, { prefix: '/_emulators/pterodactyl', state });
    const res = await app.inject({
      url: '/_emulators/pterodactyl/api/application/locations',
      headers: { authorization: `Bearer ${state.config.applicationKey}`, accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/health' })).json()).toEqual({ ok: true });
    expect((await app.inject({ url: '/elsewhere' })).statusCode).toBe(404);
    await app.close();
  });

  it('refuses keys that do not look like panel keys', () => {
    expect(() =>
      createEmulatorState({ publicUrl: 'http://x', wingsSocketBase: 'ws://x', applicationKey: 'ptla_short' }),
    ).toThrow();
  });
});
