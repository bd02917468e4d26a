/**
 * Shared fixtures of the peer tests: Pelican's own integration tests (github:pelican-dev/panel,
 * `tests/Integration/...`) ported to drive the emulator over HTTP. Where Pelican's tests build rows with
 * model factories, these create users through the API and servers through the API, and give ordinary users
 * their own client keys (`state.issueKey`), as Pelican's `actingAs` does.
 */
import { expect, vi } from 'vitest';
import { PELICAN_MINECRAFT_EGGS } from '../../src/seed/pelican-eggs';
import { defaultPelicanSeed } from '../../src/seed/seed';
import type { PelicanSeedEgg } from '../../src/seed/seed-types';
import { type RunningPelicanEmulator, startPelicanEmulator } from '../../src/server';
import type { PelicanPermissions, PelicanStateOptions } from '../../src/state/state';

// biome-ignore lint/suspicious/noExplicitAny: the tests read loose JSON bodies, as Pelican's tests do
export type Loose = any;

/** One answer: status, headers and the parsed JSON body (null when empty). */
export interface Answer {
  status: number;
  headers: Headers;
  body: Loose;
}

/** A running emulator and request helpers. */
export interface PeerPanel {
  emulator: RunningPelicanEmulator;
  /** `/api/application` + path with the current application key (Pelican's test Accept header) */
  app(method: string, path: string, body?: unknown): Promise<Answer>;
  /** `/api/client` + path with `key` (default: the seeded root admin's client key) */
  client(method: string, path: string, body?: unknown, key?: string): Promise<Answer>;
  /** createNewDefaultApiKey: a new application key of the root admin, the test key's map with `changes` */
  useApplicationKey(changes: PelicanPermissions): string;
  /** a new ordinary user (through `POST /users`) and a client key of theirs */
  account(): Promise<{ user: Loose; key: string }>;
  /** a server of `userId` on the egg named `eggName` (default Bungeecord), installed unless `installed: false` */
  server(
    userId: number,
    changes?: Record<string, unknown>,
    options?: { eggName?: string; installed?: boolean },
  ): Promise<Loose>;
  close(): Promise<void>;
}

/** A copy of one of Pelican's eggs (cloneEggAndVariables), changed, under a new name and uuid. */
export function clonedEgg(
  name: string,
  newName: string,
  change: (egg: PelicanSeedEgg) => void,
): PelicanSeedEgg {
  const source = PELICAN_MINECRAFT_EGGS.find((e) => e.name === name);
  if (!source) throw new Error(`no egg ${name}`);
  const egg = structuredClone(source);
  egg.name = newName;
  egg.uuid = crypto.randomUUID();
  change(egg);
  return egg;
}

const FULL: PelicanPermissions = { server: 3, node: 3, allocation: 3, user: 3, egg: 3 };

/** Starts the emulator with the default seed (plus `extraEggs`), installs in 50 ms. */
export async function startPeer(
  options: Omit<PelicanStateOptions, 'publicUrl' | 'wingsSocketBase'> = {},
  extraEggs: PelicanSeedEgg[] = [],
): Promise<PeerPanel> {
  const seed = options.seed ?? defaultPelicanSeed();
  const emulator = await startPelicanEmulator({
    installSeconds: 0.05,
    statsIntervalMs: 200,
    ...options,
    seed: { ...seed, eggs: [...seed.eggs, ...extraEggs] },
  });
  const { state } = emulator;
  let applicationKey = state.config.applicationKey;
  const call = async (key: string, url: string, method: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        accept: 'application/vnd.panel.v1+json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
  const app = (method: string, path: string, body?: unknown) =>
    call(applicationKey, `${emulator.url}/api/application${path}`, method, body);
  let accounts = 0;
  const panel: PeerPanel = {
    emulator,
    app,
    client: (method, path, body, key = state.config.clientKey) =>
      call(key, `${emulator.url}/api/client${path}`, method, body),
    useApplicationKey(changes) {
      applicationKey = state.issueKey('application', state.keyOwner().id, { ...FULL, ...changes });
      return applicationKey;
    },
    async account() {
      accounts += 1;
      const created = await call(
        state.config.applicationKey,
        `${emulator.url}/api/application/users`,
        'POST',
        {
          username: `peer.user${accounts}`,
          email: `peer.user${accounts}@example.com`,
        },
      );
      expect(created.status).toBe(201);
      const user = created.body.attributes;
      return { user, key: state.issueKey('client', user.id) };
    },
    async server(userId, changes = {}, { eggName = 'Bungeecord', installed = true } = {}) {
      const egg = state.db.eggs.find((e) => e.name === eggName);
      const free = state.db.allocations.find((a) => a.server_id === null);
      const created = await call(
        state.config.applicationKey,
        `${emulator.url}/api/application/servers`,
        'POST',
        {
          name: 'Peer Server',
          user: userId,
          egg: egg?.id,
          environment: Object.fromEntries(
            (egg?.variables ?? []).map((v) => [v.env_variable, v.default_value]),
          ),
          limits: { memory: 512, swap: 0, disk: 512, io: 500, cpu: 0 },
          feature_limits: { databases: 0, backups: 0 },
          allocation: { default: free?.id },
          ...changes,
        },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const server = created.body.attributes;
      if (installed)
        await vi.waitFor(() => expect(state.db.servers.find((s) => s.id === server.id)?.status).toBeNull());
      return server;
    },
    close: () => emulator.close(),
  };
  return panel;
}

/** Pelican's assertNotFoundJson. */
export function expectNotFound(answer: Answer): void {
  expect(answer.status).toBe(404);
  expect(answer.body.errors[0]).toMatchObject({
    code: 'NotFoundHttpException',
    status: '404',
    detail: 'The requested resource could not be found on the server.',
  });
}

/** Pelican's assertAccessDeniedJson. */
export function expectAccessDenied(answer: Answer): void {
  expect(answer.status).toBe(403);
  expect(answer.body.errors[0]).toMatchObject({
    code: 'AccessDeniedHttpException',
    status: '403',
    detail: 'This action is unauthorized.',
  });
}
