import type { EmulatorDatabase } from '../state/database';
import type {
  AllocationRecord,
  EggRecord,
  EggVariableRecord,
  LocationRecord,
  NestRecord,
  NodeRecord,
  ServerRecord,
  UserRecord,
} from '../state/records';

/** Record -> API attributes, as the panel's Application API transformers render them. */

export function locationAttributes(r: LocationRecord) {
  return { id: r.id, short: r.short, long: r.long, updated_at: r.updated_at, created_at: r.created_at };
}

/** Sum of memory and disk (MB) of the servers on a node. */
export function allocatedResources(db: EmulatorDatabase, nodeId: number): { memory: number; disk: number } {
  return db.servers
    .filter((s) => s.node_id === nodeId)
    .reduce((sum, s) => ({ memory: sum.memory + s.limits.memory, disk: sum.disk + s.limits.disk }), {
      memory: 0,
      disk: 0,
    });
}

export function nodeAttributes(db: EmulatorDatabase, r: NodeRecord) {
  return {
    id: r.id,
    uuid: r.uuid,
    public: r.public,
    name: r.name,
    description: r.description,
    location_id: r.location_id,
    fqdn: r.fqdn,
    scheme: r.scheme,
    behind_proxy: r.behind_proxy,
    maintenance_mode: r.maintenance_mode,
    memory: r.memory,
    memory_overallocate: r.memory_overallocate,
    disk: r.disk,
    disk_overallocate: r.disk_overallocate,
    upload_size: r.upload_size,
    daemon_listen: r.daemon_listen,
    daemon_sftp: r.daemon_sftp,
    daemon_base: r.daemon_base,
    created_at: r.created_at,
    updated_at: r.updated_at,
    allocated_resources: allocatedResources(db, r.id),
  };
}

export function allocationAttributes(r: AllocationRecord) {
  return { id: r.id, ip: r.ip, alias: r.alias, port: r.port, notes: r.notes, assigned: r.server_id !== null };
}

export function nestAttributes(r: NestRecord) {
  return {
    id: r.id,
    uuid: r.uuid,
    author: r.author,
    name: r.name,
    description: r.description,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function eggVariableAttributes(r: EggVariableRecord) {
  return { ...r };
}

export function eggAttributes(r: EggRecord) {
  return {
    id: r.id,
    uuid: r.uuid,
    name: r.name,
    nest: r.nest_id,
    author: r.author,
    description: r.description,
    docker_image: Object.values(r.docker_images)[0] ?? '',
    docker_images: r.docker_images,
    config: r.config,
    startup: r.startup,
    script: r.script,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function userAttributes(r: UserRecord) {
  return {
    id: r.id,
    external_id: r.external_id,
    uuid: r.uuid,
    username: r.username,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    language: r.language,
    root_admin: r.root_admin,
    '2fa': r.two_factor,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The environment the panel reports: egg variable values (default when unset) plus the P_SERVER_* values. */
export function serverEnvironment(
  db: EmulatorDatabase,
  r: ServerRecord,
): Record<string, string | number | null> {
  const egg = db.eggs.find((e) => e.id === r.egg_id);
  const node = db.nodes.find((n) => n.id === r.node_id);
  const env: Record<string, string | number | null> = {};
  for (const v of egg?.variables ?? [])
    env[v.env_variable] = r.environment[v.env_variable] ?? v.default_value;
  env.STARTUP = r.startup;
  env.P_SERVER_LOCATION = db.locations.find((l) => l.id === node?.location_id)?.short ?? null;
  env.P_SERVER_UUID = r.uuid;
  env.P_SERVER_ALLOCATION_LIMIT = r.feature_limits.allocations ?? 0;
  return env;
}

export function serverAttributes(db: EmulatorDatabase, r: ServerRecord) {
  return {
    id: r.id,
    external_id: r.external_id,
    uuid: r.uuid,
    identifier: r.uuid.slice(0, 8),
    name: r.name,
    description: r.description,
    status: r.status,
    suspended: r.status === 'suspended',
    limits: { ...r.limits },
    feature_limits: { ...r.feature_limits },
    user: r.user_id,
    node: r.node_id,
    allocation: r.allocation_id,
    nest: r.nest_id,
    egg: r.egg_id,
    container: {
      startup_command: r.startup,
      image: r.image,
      installed: r.installed ? 1 : 0,
      environment: serverEnvironment(db, r),
    },
    updated_at: r.updated_at,
    created_at: r.created_at,
  };
}
