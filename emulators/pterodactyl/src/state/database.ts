import { randomUUID } from 'node:crypto';
import { randomAlphanumeric } from '../api/keys';
import type { SeedData, SeedEgg } from '../seed/seed-types';
import type {
  AllocationRecord,
  EggRecord,
  LocationRecord,
  NestRecord,
  NodeRecord,
  ServerRecord,
  UserRecord,
} from './records';

/** The emulated panel's tables. */
export interface EmulatorDatabase {
  locations: LocationRecord[];
  nodes: NodeRecord[];
  allocations: AllocationRecord[];
  nests: NestRecord[];
  eggs: EggRecord[];
  users: UserRecord[];
  servers: ServerRecord[];
}

/** The tables' names, in the order a snapshot lists them. */
export const TABLES = [
  'locations',
  'nodes',
  'allocations',
  'nests',
  'eggs',
  'users',
  'servers',
] as const satisfies readonly (keyof EmulatorDatabase)[];

export type TableName = (typeof TABLES)[number];

/** The last id given per table (an auto-increment's counter: it never goes back). */
export type Sequences = Record<TableName, number>;

/** What `snapshot()` returns: the tables and, since ids are never reused, their sequences. */
export interface EmulatorSnapshot extends EmulatorDatabase {
  /** absent in snapshots of older versions: then each table continues after its largest id */
  sequences?: Partial<Sequences>;
}

/** Rows of some tables, e.g. `{ servers: [server], allocations: [allocation] }`. */
export type RowsByTable = { [T in TableName]?: EmulatorDatabase[T] };

/** One change of the tables, as `onChange` receives it (and a journal keeps it). */
export interface PanelChange {
  /** rows inserted or updated, as they are after the change */
  rows: RowsByTable;
  /** ids of rows deleted */
  removed: { [T in TableName]?: number[] };
  /** the sequences after the change */
  sequences: Sequences;
}

/**
 * Applies changes, in order, to a snapshot (upsert by id, delete by id, sequences raised): replaying a
 * journal over the snapshot it was written after. Applying a change the snapshot already holds, again in
 * order, leaves the same tables.
 */
export function applyChanges(snapshot: EmulatorSnapshot, changes: PanelChange[]): EmulatorSnapshot {
  const tables = new Map<TableName, Map<number, { id: number }>>(
    TABLES.map((table) => [table, new Map((snapshot[table] ?? []).map((row) => [row.id, row]))]),
  );
  const sequences: Partial<Sequences> = { ...snapshot.sequences };
  for (const change of changes) {
    for (const table of TABLES) {
      const rows = tables.get(table);
      for (const row of change.rows[table] ?? []) rows?.set(row.id, row);
      for (const id of change.removed[table] ?? []) rows?.delete(id);
      sequences[table] = Math.max(sequences[table] ?? 0, change.sequences[table] ?? 0);
    }
  }
  const result = { sequences } as EmulatorSnapshot;
  for (const table of TABLES) {
    const rows = [...(tables.get(table)?.values() ?? [])].sort((a, b) => a.id - b.id);
    (result as unknown as Record<TableName, unknown[]>)[table] = rows;
  }
  return result;
}

/** The next id of a table while building a seed: one more than the largest. */
export function nextId(rows: Array<{ id: number }>): number {
  return rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
}

/** Each table's largest id (0 when empty): the sequences of tables that never lost a row. */
export function sequencesOf(db: EmulatorDatabase): Sequences {
  return Object.fromEntries(TABLES.map((table) => [table, nextId(db[table]) - 1])) as Sequences;
}

function eggRecord(
  db: EmulatorDatabase,
  nestId: number,
  author: string,
  seed: SeedEgg,
  at: string,
): EggRecord {
  const id = nextId(db.eggs);
  const variableBase = db.eggs.reduce((n, egg) => n + egg.variables.length, 0);
  return {
    id,
    uuid: randomUUID(),
    nest_id: nestId,
    author,
    name: seed.name,
    description: seed.description,
    docker_images: seed.docker_images,
    startup: seed.startup,
    config: {
      files: {},
      startup: { done: seed.done ?? ')! For help, type ' },
      stop: seed.stop ?? '^C',
      logs: {},
      file_denylist: [],
      extends: null,
    },
    script: {
      privileged: true,
      install: '#!/bin/bash\n# installation script of the emulated egg\necho "done"',
      entry: 'bash',
      container: seed.install_container ?? 'ghcr.io/pterodactyl/installers:debian',
      extends: null,
    },
    variables: seed.variables.map((v, i) => ({
      id: variableBase + i + 1,
      egg_id: id,
      name: v.name,
      description: v.description,
      env_variable: v.env_variable,
      default_value: v.default_value,
      user_viewable: v.user_viewable ?? true,
      user_editable: v.user_editable ?? true,
      rules: v.rules,
      created_at: at,
      updated_at: at,
    })),
    created_at: at,
    updated_at: at,
  };
}

/**
 * Builds the tables from a seed: ids from 1, random uuids and daemon tokens, one allocation row per port,
 * and a root admin user when the seed has none.
 * @param at timestamp of every row (panel format)
 */
export function materializeSeed(seed: SeedData, at: string): EmulatorDatabase {
  const db: EmulatorDatabase = {
    locations: [],
    nodes: [],
    allocations: [],
    nests: [],
    eggs: [],
    users: [],
    servers: [],
  };
  for (const loc of seed.locations) {
    db.locations.push({
      id: nextId(db.locations),
      short: loc.short,
      long: loc.long,
      created_at: at,
      updated_at: at,
    });
  }
  for (const node of seed.nodes) {
    const location = db.locations.find((l) => l.short === node.location);
    if (!location) throw new Error(`seed node ${node.name}: unknown location ${node.location}`);
    const id = nextId(db.nodes);
    db.nodes.push({
      id,
      uuid: randomUUID(),
      public: node.public ?? true,
      name: node.name,
      description: node.description ?? null,
      location_id: location.id,
      fqdn: node.fqdn,
      scheme: 'https',
      behind_proxy: false,
      maintenance_mode: false,
      memory: node.memory,
      memory_overallocate: 0,
      disk: node.disk,
      disk_overallocate: 0,
      upload_size: 100,
      daemon_listen: 8080,
      daemon_sftp: 2022,
      daemon_base: '/var/lib/pterodactyl/volumes',
      daemon_token_id: randomAlphanumeric(16),
      daemon_token: randomAlphanumeric(64),
      created_at: at,
      updated_at: at,
    });
    for (let i = 0; i < node.allocation_count; i++) {
      db.allocations.push({
        id: db.allocations.length + 1,
        node_id: id,
        ip: node.ip,
        alias: null,
        port: node.first_port + i,
        notes: null,
        server_id: null,
      });
    }
  }
  for (const nest of seed.nests) {
    const nestId = nextId(db.nests);
    db.nests.push({
      id: nestId,
      uuid: randomUUID(),
      author: nest.author,
      name: nest.name,
      description: nest.description,
      created_at: at,
      updated_at: at,
    });
    for (const egg of nest.eggs) db.eggs.push(eggRecord(db, nestId, nest.author, egg, at));
  }
  const users = seed.users.some((u) => u.root_admin)
    ? seed.users
    : [
        {
          username: 'admin',
          email: 'admin@example.com',
          first_name: 'Panel',
          last_name: 'Admin',
          root_admin: true,
        },
        ...seed.users,
      ];
  for (const user of users) {
    db.users.push({
      id: nextId(db.users),
      uuid: randomUUID(),
      external_id: user.external_id ?? null,
      username: user.username.toLowerCase(),
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      language: 'en',
      root_admin: user.root_admin ?? false,
      two_factor: false,
      created_at: at,
      updated_at: at,
    });
  }
  return db;
}
