/**
 * Shared fixtures of the peer tests: the panel's own integration tests (github:pterodactyl/panel,
 * `tests/Integration/...`) ported to drive our emulator over HTTP. Where the panel's tests build rows with
 * model factories, these start the emulator with a seed holding the same rows, then create users and
 * servers through the API as the product does.
 */
import { expect, vi } from 'vitest';
import type { SeedData, SeedEgg, SeedNest, SeedNode, SeedUser } from '../../src/seed/seed-types';
import { type RunningEmulator, startEmulator } from '../../src/server';
import type { EmulatorStateOptions } from '../../src/state/state';

// biome-ignore lint/suspicious/noExplicitAny: the tests read loose JSON bodies, as the panel's tests do
export type Loose = any;

/** One answer of the emulator: status, headers and the parsed JSON body (null when empty). */
export interface Answer {
  status: number;
  headers: Headers;
  body: Loose;
}

/** A running emulator and the two API keys' request helpers. */
export interface PeerPanel {
  emulator: RunningEmulator;
  /** `/api/application` + path with the application key and the panel tests' Accept header */
  app(method: string, path: string, body?: unknown): Promise<Answer>;
  /** `/api/client` + path with the client key (owned by the seed's root admin) */
  client(method: string, path: string, body?: unknown): Promise<Answer>;
  close(): Promise<void>;
}

const JAVA_IMAGES = {
  'Java 21': 'ghcr.io/pterodactyl/yolks:java_21',
  'Java 8': 'ghcr.io/pterodactyl/yolks:java_8',
};

/**
 * The panel's Bungeecord egg (database/Seeders/eggs/minecraft/egg-bungeecord.json), which the panel's
 * server tests use: two variables, `BUNGEE_VERSION` (`required|alpha_num|between:1,6`) and
 * `SERVER_JARFILE` (`required|regex:/^([\w\d._-]+)(\.jar)$/`).
 */
export function bungeecordEgg(changes: Partial<SeedEgg> = {}): SeedEgg {
  return {
    name: 'Bungeecord',
    description: 'For a long time, Minecraft server owners have had a dream that encompasses a free, easy...',
    docker_images: JAVA_IMAGES,
    startup: 'java -Xms128M -XX:MaxRAMPercentage=95.0 -jar {{SERVER_JARFILE}}',
    variables: [
      {
        name: 'Bungeecord Version',
        description: 'The version of Bungeecord to download and use.',
        env_variable: 'BUNGEE_VERSION',
        default_value: 'latest',
        rules: 'required|alpha_num|between:1,6',
      },
      {
        name: 'Bungeecord Jar File',
        description: 'The name of the Jarfile to use when running Bungeecord.',
        env_variable: 'SERVER_JARFILE',
        default_value: 'bungeecord.jar',
        rules: 'required|regex:/^([\\w\\d._-]+)(\\.jar)$/',
      },
    ],
    ...changes,
  };
}

function egg(name: string): SeedEgg {
  return {
    name,
    description: `${name} (stock egg)`,
    docker_images: JAVA_IMAGES,
    startup: './start',
    variables: [],
  };
}

/**
 * The four nests the panel seeds (database/Seeders/NestSeeder.php) with the names of their stock eggs;
 * nest 1 "Minecraft" starts with the Bungeecord egg, so egg 1 is Bungeecord as in the panel's tests.
 */
export function stockNests(extraMinecraftEggs: SeedEgg[] = []): SeedNest[] {
  const author = 'support@pterodactyl.io';
  return [
    {
      name: 'Minecraft',
      author,
      description:
        'Minecraft - the classic game from Mojang. With support for Vanilla MC, Spigot, and many others!',
      eggs: [
        bungeecordEgg(),
        egg('Forge Minecraft'),
        egg('Paper'),
        egg('Sponge (SpongeVanilla)'),
        egg('Vanilla Minecraft'),
        ...extraMinecraftEggs,
      ],
    },
    {
      name: 'Source Engine',
      author,
      description: 'Includes support for most Source Dedicated Server games.',
      eggs: ['Ark: Survival Evolved', 'Counter-Strike: Global Offensive', 'Custom Source Engine Game'].map(
        egg,
      ),
    },
    {
      name: 'Voice Servers',
      author,
      description: 'Voice servers such as Mumble and Teamspeak 3.',
      eggs: [egg('Mumble Server'), egg('Teamspeak3 Server')],
    },
    {
      name: 'Rust',
      author,
      description: 'Rust - A game where you must fight to survive.',
      eggs: [egg('Rust')],
    },
  ];
}

/** A node with `count` allocations from port 25565 on `ip`, in location `location`. */
export function seedNode(name: string, location: string, changes: Partial<SeedNode> = {}): SeedNode {
  return {
    name,
    location,
    fqdn: `${name}.example.com`,
    memory: 8192,
    disk: 102400,
    ip: '192.0.2.10',
    first_port: 25565,
    allocation_count: 10,
    ...changes,
  };
}

/** The API user of the panel's ApplicationApiIntegrationTestCase: a root admin owning the keys. */
export const API_USER: SeedUser = {
  username: 'apiuser',
  email: 'api-user@example.com',
  first_name: 'Api',
  last_name: 'User',
  root_admin: true,
};

/**
 * Starts an emulator with the given seed (default: one location `test` with node `node-1`, the stock
 * nests, and the API user), servers installed after 50 ms.
 */
export async function startPeerPanel(
  seed: Partial<SeedData> = {},
  options: Omit<EmulatorStateOptions, 'publicUrl' | 'wingsSocketBase' | 'seed'> = {},
): Promise<PeerPanel> {
  const emulator = await startEmulator({
    installSeconds: 0.05,
    statsIntervalMs: 100,
    ...options,
    seed: {
      locations: seed.locations ?? [{ short: 'test', long: 'Test location' }],
      nodes: seed.nodes ?? [seedNode('node-1', 'test')],
      nests: seed.nests ?? stockNests(),
      users: seed.users ?? [API_USER],
    },
  });
  const send = async (prefix: string, key: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${emulator.url}${prefix}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        Accept: 'application/vnd.pterodactyl.v1+json',
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text === '' ? null : JSON.parse(text) };
  };
  const { applicationKey, clientKey } = emulator.state.config;
  return {
    emulator,
    app: (method, path, body) => send('/api/application', applicationKey, method, path, body),
    client: (method, path, body) => send('/api/client', clientKey, method, path, body),
    close: () => emulator.close(),
  };
}

/** The panel's assertNotFoundJson: 404 with exactly one NotFoundHttpException entry. */
export function expectNotFoundJson(answer: Answer): void {
  expect(answer.status).toBe(404);
  expect(answer.body).toEqual({
    errors: [
      {
        code: 'NotFoundHttpException',
        status: '404',
        detail: 'The requested resource could not be found on the server.',
      },
    ],
  });
}

/** The panel's `formatTimestamp`: ISO-8601 in UTC with an offset and no fraction (Carbon's toAtomString). */
export const ATOM_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

/** The attribute keys of the panel's Application API NodeTransformer (the node's columns, snake_cased). */
export const NODE_KEYS = [
  'allocated_resources',
  'behind_proxy',
  'created_at',
  'daemon_base',
  'daemon_listen',
  'daemon_sftp',
  'description',
  'disk',
  'disk_overallocate',
  'fqdn',
  'id',
  'location_id',
  'maintenance_mode',
  'memory',
  'memory_overallocate',
  'name',
  'public',
  'scheme',
  'updated_at',
  'upload_size',
  'uuid',
];

/** The attribute keys of the panel's Application API ServerTransformer. */
export const SERVER_KEYS = [
  'allocation',
  'container',
  'created_at',
  'description',
  'egg',
  'external_id',
  'feature_limits',
  'id',
  'identifier',
  'limits',
  'name',
  'nest',
  'node',
  'status',
  'suspended',
  'updated_at',
  'user',
  'uuid',
];

/** Sorted keys of an object, for comparing attribute sets with the panel's transformers. */
export const keysOf = (value: object): string[] => Object.keys(value).sort();

/** Creates a panel user through `POST /users` and returns its attributes. */
export async function createUser(panel: PeerPanel, name: string, changes: object = {}): Promise<Loose> {
  const answer = await panel.app('POST', '/users', {
    username: name,
    email: `${name}@example.com`,
    first_name: 'Test',
    last_name: 'User',
    ...changes,
  });
  expect(answer.status).toBe(201);
  return answer.body.attributes;
}

/** The ids of a node's free allocations, lowest first. */
export async function freeAllocations(panel: PeerPanel, nodeId: number): Promise<number[]> {
  const answer = await panel.app('GET', `/nodes/${nodeId}/allocations?filter[server_id]=0&per_page=100`);
  expect(answer.status).toBe(200);
  return answer.body.data.map((a: Loose) => a.attributes.id as number).sort((a: number, b: number) => a - b);
}

/** A `POST /servers` body for the Bungeecord egg (egg 1) with valid variables and the given changes. */
export function serverBody(user: number, allocation: number, changes: object = {}): Loose {
  return {
    name: 'Test server',
    user,
    egg: 1,
    docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
    startup: 'java -jar {{SERVER_JARFILE}}',
    environment: { BUNGEE_VERSION: 'latest', SERVER_JARFILE: 'server.jar' },
    limits: { memory: 512, swap: 0, disk: 1024, io: 500, cpu: 100 },
    feature_limits: { databases: 0, allocations: 0, backups: 0 },
    allocation: { default: allocation },
    ...changes,
  };
}

/**
 * The panel tests' createServerModel: a server for `user` on the first free allocation of `nodeId`.
 * @returns the server's attributes (201)
 */
export async function createServerModel(
  panel: PeerPanel,
  user: number,
  nodeId = 1,
  changes: object = {},
): Promise<Loose> {
  const [allocation] = await freeAllocations(panel, nodeId);
  const answer = await panel.app('POST', '/servers', serverBody(user, allocation ?? 0, changes));
  expect(answer.status).toBe(201);
  return answer.body.attributes;
}

/** Waits until the server's install has finished (status null, installed 1). */
export async function waitInstalled(panel: PeerPanel, serverId: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const { body } = await panel.app('GET', `/servers/${serverId}`);
      expect(body.attributes.container.installed).toBe(1);
    },
    { timeout: 5000, interval: 20 },
  );
}
