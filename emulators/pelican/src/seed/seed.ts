import { PELICAN_MINECRAFT_EGGS } from './pelican-eggs';
import type { PelicanSeedData, PelicanSeedNode } from './seed-types';

function fsnNode(n: number, memory: number, disk: number): PelicanSeedNode {
  return {
    name: `fsn-node-${n}`,
    tags: ['de-fsn'],
    fqdn: `node${n}.falkenstein.example`,
    memory,
    disk,
    cpu: 0,
    ip: `203.0.113.${10 + n}`,
    first_port: 25565,
    allocation_count: 100,
    description: `Falkenstein game node ${n}`,
  };
}

/**
 * The default seed, the Pterodactyl emulator's with Pelican's shapes: the location `de-fsn` is the tag
 * `de-fsn` on each of the three nodes (`fsn-node-1`/`-2` 32768 MB memory and 512000 MB disk, `-3` 16384 MB
 * and 256000 MB, cpu unlimited, 100 allocations on ports 25565..25664), Pelican's own Minecraft eggs
 * (Vanilla, Paper, Forge, Sponge, Bungeecord) and one root admin. Pelican ships no eggs for the other games
 * the Pterodactyl seed has (docs/emulators.md "Pelican").
 */
export function defaultPelicanSeed(): PelicanSeedData {
  return {
    nodes: [fsnNode(1, 32768, 512000), fsnNode(2, 32768, 512000), fsnNode(3, 16384, 256000)],
    eggs: PELICAN_MINECRAFT_EGGS,
    users: [{ username: 'falkenhost', email: 'panel-admin@falkenhost.example', root_admin: true }],
  };
}
