import type { SeedEgg, SeedEggVariable, SeedNest } from './seed-types';

const JAVA_IMAGES = {
  'Java 21': 'ghcr.io/pterodactyl/yolks:java_21',
  'Java 17': 'ghcr.io/pterodactyl/yolks:java_17',
  'Java 11': 'ghcr.io/pterodactyl/yolks:java_11',
  'Java 8': 'ghcr.io/pterodactyl/yolks:java_8',
};
const JAVA_STARTUP =
  'java -Xms128M -XX:MaxRAMPercentage=95.0 -Dterminal.jline=false -Dterminal.ansi=true -jar {{SERVER_JARFILE}}';
const DONE = ')! For help, type ';

function jarfile(defaultValue: string): SeedEggVariable {
  return {
    name: 'Server Jar File',
    description: 'The name of the server jarfile to run the server with.',
    env_variable: 'SERVER_JARFILE',
    default_value: defaultValue,
    rules: 'required|regex:/^([\\w\\d._-]+)(\\.jar)$/',
  };
}

function version(
  env: string,
  name: string,
  defaultValue = 'latest',
  rules = 'required|string|max:20',
): SeedEggVariable {
  return {
    name,
    description:
      defaultValue === 'latest'
        ? `${name} to install; "latest" installs the newest.`
        : `${name} to install; leave empty for the newest.`,
    env_variable: env,
    default_value: defaultValue,
    rules,
  };
}

function javaEgg(
  name: string,
  description: string,
  variables: SeedEggVariable[],
  startup = JAVA_STARTUP,
): SeedEgg {
  return {
    name,
    description,
    docker_images: JAVA_IMAGES,
    startup,
    done: DONE,
    stop: 'stop',
    install_container: 'ghcr.io/pterodactyl/installers:alpine',
    variables,
  };
}

/** The Minecraft nest with one egg per server type the product offers (bukkit ... sponge). */
export const minecraftNest: SeedNest = {
  name: 'Minecraft',
  author: 'support@pterodactyl.io',
  description:
    'Minecraft - the classic game from Mojang. With support for Vanilla MC, Spigot, and many others!',
  eggs: [
    javaEgg('Bukkit', 'CraftBukkit, the original modded Minecraft server API.', [
      jarfile('craftbukkit.jar'),
      version('DL_VERSION', 'Bukkit Version'),
    ]),
    javaEgg(
      'BungeeCord',
      'For a long time, Minecraft server owners have had a dream that encompasses a free, easy, and reliable way to connect multiple Minecraft servers together. BungeeCord is the answer to said dream.',
      [
        jarfile('bungeecord.jar'),
        version('BUNGEE_VERSION', 'Bungeecord Version', 'latest', 'required|alpha_num|between:1,6'),
      ],
      'java -Xms128M -XX:MaxRAMPercentage=95.0 -jar {{SERVER_JARFILE}}',
    ),
    javaEgg('Fabric', 'Fabric is a modular modding toolchain targeting Minecraft: Java Edition.', [
      jarfile('fabric-server-launch.jar'),
      version('MC_VERSION', 'Minecraft Version'),
      version('FABRIC_VERSION', 'Fabric Installer Version'),
      version('LOADER_VERSION', 'Fabric Loader Version'),
    ]),
    javaEgg(
      'Forge Enhanced',
      'Minecraft Forge Server. Minecraft Forge is a modding API (Application Programming Interface), which makes it easier to create mods, and also make sure mods are compatible with each other.',
      [
        jarfile('server.jar'),
        version('MC_VERSION', 'Minecraft Version', 'latest', 'required|string|max:9'),
        {
          name: 'Build Type',
          description: 'The type of Forge build to install: recommended or latest.',
          env_variable: 'BUILD_TYPE',
          default_value: 'recommended',
          rules: 'required|string|in:recommended,latest',
        },
        version('FORGE_VERSION', 'Forge Version', '', 'nullable|regex:/^[0-9\\.\\-]+$/'),
      ],
      'java -Xms128M -XX:MaxRAMPercentage=95.0 -Dterminal.jline=false -Dterminal.ansi=true $( [[  ! -f unix_args.txt ]] && printf %s "-jar {{SERVER_JARFILE}}" || printf %s "@unix_args.txt" )',
    ),
    javaEgg('Feed The Beast', 'Feed The Beast modpacks installed with the FTB server installer.', [
      jarfile('start-server.jar'),
      {
        name: 'FTB Modpack ID',
        description: 'The modpack id from feed-the-beast.com, e.g. 119 for FTB StoneBlock 3.',
        env_variable: 'FTB_MODPACK_ID',
        default_value: '119',
        rules: 'required|integer|min:1',
      },
      version('FTB_MODPACK_VERSION_ID', 'FTB Modpack Version ID', '', 'nullable|integer'),
    ]),
    javaEgg(
      'Paper',
      'High performance Spigot fork that aims to fix gameplay and mechanics inconsistencies.',
      [
        version('MINECRAFT_VERSION', 'Minecraft Version', 'latest', 'nullable|string|max:20'),
        jarfile('server.jar'),
        {
          name: 'Download Path',
          description: 'A URL to use to download a server.jar rather than the ones in the install script.',
          env_variable: 'DL_PATH',
          default_value: '',
          rules: 'nullable|string',
          user_viewable: false,
          user_editable: false,
        },
        version('BUILD_NUMBER', 'Build Number'),
      ],
    ),
    javaEgg('Purpur', 'A drop-in replacement for Paper servers designed for configurability.', [
      version('MINECRAFT_VERSION', 'Minecraft Version'),
      jarfile('server.jar'),
      version('BUILD_NUMBER', 'Build Number'),
    ]),
    javaEgg('Spigot', 'Spigot is the most widely-used modded Minecraft server software in the world.', [
      jarfile('server.jar'),
      version('DL_VERSION', 'Spigot Version'),
    ]),
    javaEgg(
      'Sponge (SpongeVanilla)',
      'SpongeVanilla is the SpongeAPI implementation for Vanilla Minecraft.',
      [
        {
          ...version(
            'SPONGE_VERSION',
            'Sponge Version',
            '1.12.2-7.3.0',
            'required|regex:/^([a-zA-Z0-9.\\-_]+)$/',
          ),
          description: 'The SpongeVanilla version to install, e.g. 1.12.2-7.3.0.',
        },
        jarfile('server.jar'),
      ],
    ),
  ],
};
