/** Record -> API attributes, as Pelican's transformers render them (app/Transformers/Api/...). */
import type {
  AllocationRecord,
  EggRecord,
  EggVariableRecord,
  NodeRecord,
  PelicanDatabase,
  ServerRecord,
  UserRecord,
} from '../state/records';

/** Sums of memory, disk (MB) and cpu (%) of the servers on a node (NodeTransformer `allocated_resources`). */
export function allocatedResources(db: PelicanDatabase, nodeId: number) {
  const sum = { memory: 0, disk: 0, cpu: 0 };
  for (const s of db.servers) {
    if (s.node_id !== nodeId) continue;
    sum.memory += s.limits.memory;
    sum.disk += s.limits.disk;
    sum.cpu += s.limits.cpu;
  }
  return sum;
}

/** NodeTransformer: the model's visible columns in their column order, then the totals. */
export function nodeAttributes(db: PelicanDatabase, r: NodeRecord) {
  return {
    id: r.id,
    public: r.public,
    name: r.name,
    fqdn: r.fqdn,
    scheme: r.scheme,
    memory: r.memory,
    memory_overallocate: r.memory_overallocate,
    disk: r.disk,
    disk_overallocate: r.disk_overallocate,
    daemon_listen: r.daemon_listen,
    daemon_sftp: r.daemon_sftp,
    daemon_base: r.daemon_base,
    created_at: r.created_at,
    updated_at: r.updated_at,
    upload_size: r.upload_size,
    behind_proxy: r.behind_proxy,
    description: r.description,
    maintenance_mode: r.maintenance_mode,
    uuid: r.uuid,
    tags: [...r.tags],
    cpu: r.cpu,
    cpu_overallocate: r.cpu_overallocate,
    daemon_sftp_alias: r.daemon_sftp_alias,
    daemon_connect: r.daemon_connect,
    allocated_resources: allocatedResources(db, r.id),
  };
}

/** AllocationTransformer: `alias` is the column `ip_alias`; `assigned` when a server holds it. */
export function allocationAttributes(r: AllocationRecord) {
  return { id: r.id, ip: r.ip, alias: r.alias, port: r.port, notes: r.notes, assigned: r.server_id !== null };
}

/** EggVariableTransformer (`toArray()`): rules as an array, microsecond timestamps, `sort` last. */
export function eggVariableAttributes(r: EggVariableRecord) {
  return {
    id: r.id,
    egg_id: r.egg_id,
    name: r.name,
    description: r.description,
    env_variable: r.env_variable,
    default_value: r.default_value,
    user_viewable: r.user_viewable,
    user_editable: r.user_editable,
    rules: [...r.rules],
    created_at: r.created_at,
    updated_at: r.updated_at,
    sort: r.sort,
  };
}

/** EggTransformer: `docker_image` and `startup` are the first of their maps (deprecated mirrors). */
export function eggAttributes(r: EggRecord) {
  return {
    id: r.id,
    uuid: r.uuid,
    name: r.name,
    author: r.author,
    description: r.description,
    icon: null,
    features: [...r.features],
    tags: [...r.tags],
    docker_image: Object.values(r.docker_images)[0] ?? '',
    docker_images: { ...r.docker_images },
    config: {
      files: r.config.files,
      startup: r.config.startup,
      stop: r.config.stop,
      logs: r.config.logs,
      file_denylist: [...r.file_denylist],
      extends: null,
    },
    startup: Object.values(r.startup_commands)[0] ?? '',
    startup_commands: { ...r.startup_commands },
    script: {
      privileged: r.script.privileged,
      install: r.script.install,
      entry: r.script.entry,
      container: r.script.container,
      extends: null,
    },
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The Application API's UserTransformer: no names, `2fa_enabled` beside the deprecated `2fa`. */
export function userAttributes(r: UserRecord) {
  return {
    id: r.id,
    external_id: r.external_id,
    is_managed_externally: r.is_managed_externally,
    uuid: r.uuid,
    username: r.username,
    email: r.email,
    language: r.language,
    root_admin: r.root_admin,
    '2fa_enabled': r.two_factor,
    '2fa': r.two_factor,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/**
 * EnvironmentService: each egg variable's value (its default when the server has none), then STARTUP and
 * P_SERVER_UUID; Pelican has no P_SERVER_LOCATION nor P_SERVER_ALLOCATION_LIMIT.
 */
export function serverEnvironment(db: PelicanDatabase, r: ServerRecord): Record<string, string | null> {
  const egg = db.eggs.find((e) => e.id === r.egg_id);
  const env: Record<string, string | null> = {};
  for (const v of egg?.variables ?? [])
    env[v.env_variable] = r.environment[v.env_variable] ?? v.default_value;
  env.STARTUP = r.startup;
  env.P_SERVER_UUID = r.uuid;
  return env;
}

/** ServerTransformer: no `nest`; `allocation` may be null; `oom_killer` with its inverse `oom_disabled`. */
export function serverAttributes(db: PelicanDatabase, r: ServerRecord) {
  return {
    id: r.id,
    external_id: r.external_id,
    uuid: r.uuid,
    identifier: r.uuid.slice(0, 8),
    name: r.name,
    description: r.description,
    status: r.status,
    suspended: r.status === 'suspended',
    limits: {
      memory: r.limits.memory,
      swap: r.limits.swap,
      disk: r.limits.disk,
      io: r.limits.io,
      cpu: r.limits.cpu,
      threads: r.limits.threads,
      oom_disabled: !r.limits.oom_killer,
      oom_killer: r.limits.oom_killer,
    },
    feature_limits: { ...r.feature_limits },
    user: r.user_id,
    node: r.node_id,
    allocation: r.allocation_id,
    egg: r.egg_id,
    container: {
      startup_command: r.startup,
      image: r.image,
      installed: r.status === 'installing' ? 0 : 1,
      environment: serverEnvironment(db, r),
    },
    updated_at: r.updated_at,
    created_at: r.created_at,
  };
}
