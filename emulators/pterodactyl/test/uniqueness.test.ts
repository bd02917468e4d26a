import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/server';

// biome-ignore lint/suspicious/noExplicitAny: the tests read loose JSON bodies
type Loose = any;

/** One entry of the panel's 422 answer (Handler::invalidJson). */
const invalid = (field: string, rule: string, detail: string) => ({
  code: 'ValidationException',
  status: '422',
  detail,
  meta: { source_field: field, rule },
});

describe('unique e-mail, username and external_id with the panel’s 422 answers', () => {
  let emulator: RunningEmulator;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${emulator.url}/api/application${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${emulator.state.config.applicationKey}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Loose };
  };
  const user = (overrides: Record<string, unknown> = {}) => ({
    email: 'taken@example.com',
    username: 'taken_name',
    first_name: 'Tak',
    last_name: 'En',
    external_id: 'fh-user-1',
    ...overrides,
  });
  const server = (overrides: Record<string, unknown> = {}) => ({
    name: 'unique server',
    user: 1,
    egg: 1,
    docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
    startup: 'java -jar {{SERVER_JARFILE}}',
    environment: { SERVER_JARFILE: 'server.jar', DL_VERSION: 'latest' },
    limits: { memory: 512, swap: 0, disk: 1024, io: 500, cpu: 100 },
    feature_limits: { databases: 0, backups: 0 },
    deploy: { locations: [1], dedicated_ip: false, port_range: [] },
    ...overrides,
  });

  beforeAll(async () => {
    emulator = await startEmulator({ installSeconds: 0.05, statsIntervalMs: 50 });
    expect((await call('POST', '/users', user())).status).toBe(201);
  });
  afterAll(() => emulator.close());

  it('refuses an e-mail already used, whatever its case (MySQL’s case-insensitive collation)', async () => {
    const res = await call(
      'POST',
      '/users',
      user({ email: 'Taken@Example.com', username: 'other', external_id: null }),
    );
    expect(res).toEqual({
      status: 422,
      body: { errors: [invalid('email', 'unique', 'The email has already been taken.')] },
    });
  });

  it('refuses a username already used, and names the Username rule as the panel does', async () => {
    const taken = await call('POST', '/users', user({ email: 'x@example.com', username: 'TAKEN_name' }));
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toContainEqual(
      invalid('username', 'unique', 'The username has already been taken.'),
    );
    const shape = await call(
      'POST',
      '/users',
      user({ email: 'y@example.com', username: '-bad-', external_id: 'z' }),
    );
    expect(shape.body.errors).toEqual([
      invalid(
        'username',
        'p_username',
        'The username must start and end with alpha-numeric characters and\n                contain only letters, numbers, dashes, underscores, and periods.',
      ),
    ]);
  });

  it('refuses a user external_id already used, under StoreUserRequest’s attribute name', async () => {
    const res = await call('POST', '/users', user({ email: 'z@example.com', username: 'fresh' }));
    expect(res.body.errors).toEqual([
      invalid('external_id', 'unique', 'The Third Party Identifier has already been taken.'),
    ]);
    expect(emulator.state.db.users.filter((u) => u.email === 'z@example.com')).toEqual([]);
  });

  it('refuses a server external_id already used on create and on a details update of another server', async () => {
    const first = await call('POST', '/servers', server({ external_id: 'fh-server-1' }));
    expect(first.status).toBe(201);
    const again = await call('POST', '/servers', server({ external_id: 'FH-server-1' }));
    expect(again).toEqual({
      status: 422,
      body: { errors: [invalid('external_id', 'unique', 'The external id has already been taken.')] },
    });
    const second = await call('POST', '/servers', server({ external_id: 'fh-server-2' }));
    const id = second.body.attributes.id;
    const clash = await call('PATCH', `/servers/${id}/details`, {
      name: 'second',
      user: 1,
      external_id: 'fh-server-1',
    });
    expect(clash.body.errors).toEqual([
      invalid('external_id', 'unique', 'The external id has already been taken.'),
    ]);
    // Its own external_id is not a clash; an unknown user is named as the panel's request names it.
    const own = await call('PATCH', `/servers/${id}/details`, {
      name: 'second',
      user: 1,
      external_id: 'fh-server-2',
    });
    expect(own.status).toBe(200);
    const nobody = await call('PATCH', `/servers/${id}/details`, { name: 'second', user: 999 });
    expect(nobody.body.errors).toEqual([invalid('user', 'exists', 'The selected User ID is invalid.')]);
  });
});
