import type { SeedEggVariable, SeedNest } from './seed-types';

const STEAMCMD = 'ghcr.io/parkervcp/steamcmd:debian';

function appId(id: string): SeedEggVariable {
  return {
    name: 'App ID',
    description: 'The Steam app id of the dedicated server.',
    env_variable: 'SRCDS_APPID',
    default_value: id,
    rules: `required|string|in:${id}`,
    user_editable: false,
  };
}

function maxPlayers(defaultValue: string, max: number): SeedEggVariable {
  return {
    name: 'Max Players',
    description: 'The maximum number of players on the server at once.',
    env_variable: 'MAX_PLAYERS',
    default_value: defaultValue,
    rules: `required|integer|between:1,${max}`,
  };
}

const autoUpdate: SeedEggVariable = {
  name: 'Auto Update',
  description: 'Update the server on every start (1 = on, 0 = off).',
  env_variable: 'AUTO_UPDATE',
  default_value: '1',
  rules: 'required|boolean',
};

function terrariaVariables(versionEnv: string): SeedEggVariable[] {
  return [
    {
      name: 'Version',
      description: 'The version to install, e.g. 1449 or latest.',
      env_variable: versionEnv,
      default_value: 'latest',
      rules: 'required|string|max:20',
    },
    {
      name: 'World Name',
      description: 'The name of the world file.',
      env_variable: 'WORLD_NAME',
      default_value: 'world',
      rules: 'required|string|max:20',
    },
    maxPlayers('8', 255),
    {
      name: 'World Size',
      description: 'The size of a new world: 1 small, 2 medium, 3 large.',
      env_variable: 'WORLD_SIZE',
      default_value: '1',
      rules: 'required|numeric|in:1,2,3',
    },
  ];
}

export const terrariaNest: SeedNest = {
  name: 'Terraria',
  author: 'parker@parkervcp.com',
  description: 'Terraria dedicated servers: the vanilla server and tModLoader.',
  eggs: [
    {
      name: 'Terraria Vanilla',
      description: 'The official Terraria dedicated server from Re-Logic.',
      docker_images: { Debian: 'ghcr.io/parkervcp/yolks:debian' },
      startup:
        './TerrariaServer.bin.x86_64 -config serverconfig.txt -port {{SERVER_PORT}} -maxplayers {{MAX_PLAYERS}} -world /home/container/saves/Worlds/{{WORLD_NAME}}.wld -worldname {{WORLD_NAME}} -autocreate {{WORLD_SIZE}}',
      done: "Type 'help' for a list of commands",
      stop: 'exit',
      variables: terrariaVariables('TERRARIA_VERSION'),
    },
    {
      name: 'tModLoader',
      description: 'tModLoader is an open-source modding API and modded Terraria server.',
      docker_images: { 'Dotnet 8': 'ghcr.io/parkervcp/yolks:dotnet_8' },
      startup:
        './start-tModLoaderServer.sh -ip 0.0.0.0 -port {{SERVER_PORT}} -maxplayers {{MAX_PLAYERS}} -world ~/saves/Worlds/{{WORLD_NAME}}.wld -worldname {{WORLD_NAME}} -autocreate {{WORLD_SIZE}}',
      done: "Type 'help' for a list of commands",
      stop: 'exit',
      variables: terrariaVariables('TMOD_VERSION'),
    },
  ],
};

export const arkNest: SeedNest = {
  name: 'ARK: Survival Evolved',
  author: 'support@pterodactyl.io',
  description: 'ARK: Survival Evolved dedicated servers through SteamCMD.',
  eggs: [
    {
      name: 'Ark: Survival Evolved',
      description:
        'As a man or woman stranded, naked, freezing, and starving on the unforgiving shores of a mysterious island called ARK...',
      docker_images: { SteamCMD: STEAMCMD },
      startup:
        './ShooterGame/Binaries/Linux/ShooterGameServer {{SERVER_MAP}}?listen?SessionName="{{SESSION_NAME}}"?ServerAdminPassword={{ARK_ADMIN_PASSWORD}}?Port={{SERVER_PORT}}?QueryPort={{QUERY_PORT}} -server -log',
      done: 'Waiting commands for 127.0.0.1:',
      stop: '^C',
      variables: [
        {
          name: 'Server Map',
          description: 'The map to load, e.g. TheIsland, Ragnarok, Valguero_P.',
          env_variable: 'SERVER_MAP',
          default_value: 'TheIsland',
          rules: 'required|string|max:20',
        },
        {
          name: 'Server Name',
          description: 'The name shown in the server browser.',
          env_variable: 'SESSION_NAME',
          default_value: 'A Falkenhost ARK Server',
          rules: 'required|string|max:128',
        },
        {
          name: 'Admin Password',
          description: 'Password for the in-game admin commands.',
          env_variable: 'ARK_ADMIN_PASSWORD',
          default_value: '',
          rules: 'nullable|alpha_dash|between:1,100',
        },
        appId('376030'),
      ],
    },
  ],
};

export const satisfactoryNest: SeedNest = {
  name: 'Satisfactory',
  author: 'parker@parkervcp.com',
  description: 'Satisfactory dedicated servers by Coffee Stain Studios.',
  eggs: [
    {
      name: 'Satisfactory',
      description: 'Satisfactory is a first-person open-world factory building game.',
      docker_images: { SteamCMD: STEAMCMD },
      startup: './FactoryServer.sh -Port={{SERVER_PORT}} -ReliablePort={{RELIABLE_PORT}} -multihome=0.0.0.0',
      done: 'Created socket for bind address',
      stop: '^C',
      variables: [
        maxPlayers('4', 127),
        {
          name: 'Reliable Port',
          description: 'The port for reliable messaging (TCP).',
          env_variable: 'RELIABLE_PORT',
          default_value: '8888',
          rules: 'required|integer|between:1024,65535',
        },
        autoUpdate,
        appId('1690800'),
      ],
    },
  ],
};

export const sevenDaysNest: SeedNest = {
  name: '7 Days To Die',
  author: 'support@pterodactyl.io',
  description: '7 Days To Die dedicated servers through SteamCMD.',
  eggs: [
    {
      name: '7 Days To Die',
      description:
        '7 Days to Die is an open-world game that is a unique combination of first-person shooter, survival horror, tower defense, and role-playing games.',
      docker_images: { SteamCMD: STEAMCMD },
      startup:
        './7DaysToDieServer.x86_64 -configfile=serverconfig.xml -quit -batchmode -nographics -dedicated -ServerPort={{SERVER_PORT}} -ServerMaxPlayerCount={{MAX_PLAYERS}} -GameDifficulty={{GAME_DIFFICULTY}} -logfile logs/latest.log',
      done: 'GameServer.Init successful',
      stop: 'shutdown',
      variables: [
        maxPlayers('8', 64),
        {
          name: 'Game Difficulty',
          description: 'Difficulty from 0 (easiest) to 5 (hardest).',
          env_variable: 'GAME_DIFFICULTY',
          default_value: '2',
          rules: 'required|integer|between:0,5',
        },
        autoUpdate,
        appId('294420'),
      ],
    },
  ],
};

export const fivemNest: SeedNest = {
  name: 'FiveM',
  author: 'parker@parkervcp.com',
  description: 'FiveM, the GTA V multiplayer modification, with txAdmin.',
  eggs: [
    {
      name: 'FiveM',
      description: 'A FiveM server (FXServer) for GTA V roleplay and game modes.',
      docker_images: { Debian: 'ghcr.io/parkervcp/yolks:debian' },
      startup:
        '$(pwd)/alpine/opt/cfx-server/ld-musl-x86_64.so.1 --library-path "$(pwd)/alpine/usr/lib/v8/:$(pwd)/alpine/lib/:$(pwd)/alpine/usr/lib/" -- $(pwd)/alpine/opt/cfx-server/FXServer +set citizen_dir $(pwd)/alpine/opt/cfx-server/citizen/ +set sv_licenseKey {{FIVEM_LICENSE}} +set sv_maxplayers {{MAX_PLAYERS}} +set serverProfile default +set txAdminPort {{TXADMIN_PORT}}',
      done: 'succeeded. Welcome!',
      stop: '^C',
      variables: [
        {
          name: 'FiveM License',
          description: 'The license key from keymaster.fivem.net.',
          env_variable: 'FIVEM_LICENSE',
          default_value: '',
          rules: 'nullable|string|max:64',
        },
        maxPlayers('32', 48),
        {
          name: 'FiveM Version',
          description: 'The FXServer build: recommended, latest or a build number.',
          env_variable: 'FIVEM_VERSION',
          default_value: 'recommended',
          rules: 'required|string|max:50',
        },
        {
          name: 'txAdmin Port',
          description: 'The port of the txAdmin web panel.',
          env_variable: 'TXADMIN_PORT',
          default_value: '40120',
          rules: 'required|integer|between:1024,65535',
        },
      ],
    },
  ],
};
