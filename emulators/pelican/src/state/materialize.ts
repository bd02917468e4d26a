import { randomUUID } from 'node:crypto';
import { randomAlphanumeric } from '@falkenhost/pterodactyl-emulator/api/keys';
import type { PelicanSeedData } from '../seed/seed-types';
import type { PelicanDatabase } from './records';

/** `2026-01-01T00:00:00.000000Z`: how Eloquent's toArray() writes a timestamp (egg variables). */
export function microTimestamp(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19)}.000000Z`;
}

/**
 * Turns a seed into tables with ids starting at 1 (nodes with tags, allocations, eggs with variables,
 * users), all created at `at` (panel timestamp).
 */
export function materializePelicanSeed(seed: PelicanSeedData, at: string): PelicanDatabase {
  const db: PelicanDatabase = { nodes: [], allocations: [], eggs: [], users: [], servers: [] };
  for (const node of seed.nodes) {
    const id = db.nodes.length + 1;
    db.nodes.push({
      id,
      uuid: randomUUID(),
      public: node.public ?? true,
      name: node.name,
      description: node.description ?? null,
      fqdn: node.fqdn,
      scheme: 'https',
      behind_proxy: false,
      maintenance_mode: false,
      memory: node.memory,
      memory_overallocate: 0,
      disk: node.disk,
      disk_overallocate: 0,
      cpu: node.cpu,
      cpu_overallocate: 0,
      upload_size: 256,
      daemon_listen: 8080,
      daemon_sftp: 2022,
      daemon_sftp_alias: null,
      daemon_connect: 8080,
      daemon_base: '/var/lib/pelican/volumes',
      tags: [...node.tags],
      created_at: at,
      updated_at: at,
      daemon_token_id: randomAlphanumeric(16),
      daemon_token: randomAlphanumeric(64),
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
  let variableId = 0;
  for (const egg of seed.eggs) {
    const id = db.eggs.length + 1;
    db.eggs.push({
      id,
      uuid: egg.uuid,
      name: egg.name,
      author: egg.author,
      description: egg.description,
      tags: [...egg.tags],
      features: [...egg.features],
      docker_images: { ...egg.docker_images },
      startup_commands: { ...egg.startup_commands },
      file_denylist: [...egg.file_denylist],
      config: structuredClone(egg.config),
      script: { privileged: true, ...egg.script },
      variables: egg.variables.map((v) => {
        variableId += 1;
        const stamp = microTimestamp(at);
        return {
          id: variableId,
          egg_id: id,
          ...v,
          rules: [...v.rules],
          created_at: stamp,
          updated_at: stamp,
        };
      }),
      created_at: at,
      updated_at: at,
    });
  }
  for (const user of seed.users) {
    db.users.push({
      id: db.users.length + 1,
      uuid: randomUUID(),
      external_id: user.external_id ?? null,
      is_managed_externally: false,
      username: user.username.toLowerCase(),
      email: user.email.toLowerCase(),
      language: 'en',
      timezone: 'UTC',
      root_admin: user.root_admin ?? false,
      two_factor: false,
      created_at: at,
      updated_at: at,
    });
  }
  return db;
}
