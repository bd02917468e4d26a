import {
  arkNest,
  fivemNest,
  satisfactoryNest,
  sevenDaysNest,
  sourceEngineNest,
  terrariaNest,
} from './seed-games';
import { minecraftNest } from './seed-minecraft';
import type { SeedData, SeedNode } from './seed-types';

function fsnNode(n: number, memory: number, disk: number): SeedNode {
  return {
    name: `fsn-node-${n}`,
    location: 'de-fsn',
    fqdn: `node${n}.falkenstein.example`,
    memory,
    disk,
    ip: `203.0.113.${10 + n}`,
    first_port: 25565,
    allocation_count: 100,
    description: `Falkenstein game node ${n}`,
  };
}

/**
 * The default seed: location `de-fsn` (Falkenstein, Germany), three nodes (`fsn-node-1` and `-2` with
 * 32768 MB memory and 512000 MB disk, `fsn-node-3` smaller with 16384 MB and 256000 MB; 100 allocations
 * each on ports 25565..25664), the nests "Minecraft", "Terraria", "ARK: Survival Evolved",
 * "Satisfactory", "7 Days To Die", "FiveM" and "Source Engine" (the panel's CS:GO egg) with their eggs, and one root admin user.
 */
export function defaultSeed(): SeedData {
  return {
    locations: [{ short: 'de-fsn', long: 'Falkenstein, Germany' }],
    nodes: [fsnNode(1, 32768, 512000), fsnNode(2, 32768, 512000), fsnNode(3, 16384, 256000)],
    nests: [
      minecraftNest,
      terrariaNest,
      arkNest,
      satisfactoryNest,
      sevenDaysNest,
      fivemNest,
      sourceEngineNest,
    ],
    users: [
      {
        username: 'falkenhost',
        email: 'panel-admin@falkenhost.example',
        first_name: 'Falkenhost',
        last_name: 'Admin',
        root_admin: true,
      },
    ],
  };
}
