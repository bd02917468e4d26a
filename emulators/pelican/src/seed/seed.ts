import { MIGRATED_FIVEM_EGG } from './fivem-egg';
import { PELICAN_MINECRAFT_EGGS } from './pelican-eggs';
import { PELICAN_COMMUNITY_GAME_EGGS } from './pelican-game-eggs';
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

/** The egg tags the demo's catalogue looks its games up by, one per Pterodactyl nest it came from. */
export const DEMO_GAME_TAGS = [
  'Minecraft',
  'ARK: Survival Evolved',
  'Terraria',
  'Satisfactory',
  '7 Days To Die',
  'FiveM',
] as const;

/**
 * The default seed, the Pterodactyl emulator's with Pelican's shapes: the location `de-fsn` is the tag
 * `de-fsn` on each of the three nodes (`fsn-node-1`/`-2` 32768 MB memory and 512000 MB disk, `-3` 16384 MB
 * and 256000 MB, cpu unlimited, 100 allocations on ports 25565..25664, as the Pterodactyl seed's nodes),
 * one root admin and the eggs of the demo's six games, each tagged with its Pterodactyl nest's name: egg
 * ids 1..5 Pelican's own Minecraft eggs (Vanilla, Paper, Forge, Sponge, Bungeecord), 6 ARK, 7 Terraria
 * Vanilla, 8 tModLoader, 9 Satisfactory, 10 7 Days To Die (pelican-eggs files) and 11 FiveM (migrated).
 */
export function defaultPelicanSeed(): PelicanSeedData {
  return {
    nodes: [fsnNode(1, 32768, 512000), fsnNode(2, 32768, 512000), fsnNode(3, 16384, 256000)],
    eggs: [...PELICAN_MINECRAFT_EGGS, ...PELICAN_COMMUNITY_GAME_EGGS, MIGRATED_FIVEM_EGG],
    users: [{ username: 'falkenhost', email: 'panel-admin@falkenhost.example', root_admin: true }],
  };
}
