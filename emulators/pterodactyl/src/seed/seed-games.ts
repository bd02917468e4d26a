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

/**
 * The panel's own ARK egg (`database/Seeders/eggs/source-engine/egg-ark--survival-evolved.json`): its
 * variables and rules as the panel ships them.
 */
export const arkNest: SeedNest = {
  name: 'ARK: Survival Evolved',
  author: 'support@pterodactyl.io',
  description: 'ARK: Survival Evolved dedicated servers through SteamCMD.',
  eggs: [
    {
      name: 'Ark: Survival Evolved',
      description:
        'As a man or woman stranded, naked, freezing, and starving on the unforgiving shores of a mysterious island called ARK...',
      docker_images: { 'Debian Source': 'quay.io/parkervcp/pterodactyl-images:debian_source' },
      startup:
        'cd ShooterGame/Binaries/Linux && ./ShooterGameServer {{SERVER_MAP}}?listen?SessionName="{{SESSION_NAME}}"?ServerPassword={{ARK_PASSWORD}}?ServerAdminPassword={{ARK_ADMIN_PASSWORD}}?Port={{SERVER_PORT}}?RCONPort={{RCON_PORT}}?QueryPort={{QUERY_PORT}}?RCONEnabled=True -server {{ARGS}} -log',
      done: 'Waiting commands for 127.0.0.1:',
      stop: '^C',
      variables: [
        {
          name: 'Server Password',
          description: 'If specified, players must provide this password to join the server.',
          env_variable: 'ARK_PASSWORD',
          default_value: '',
          rules: 'nullable|alpha_dash|between:1,100',
        },
        {
          name: 'Admin Password',
          description:
            'If specified, players must provide this password (via the in-game console) to gain access to administrator commands on the server.',
          env_variable: 'ARK_ADMIN_PASSWORD',
          default_value: 'PleaseChangeMe',
          rules: 'required|alpha_dash|between:1,100',
        },
        {
          name: 'Server Map',
          description:
            'Available Maps: TheIsland, TheCenter, Ragnarok, ScorchedEarth_P, Aberration_P, Extinction, Valguero_P, Genesis, CrystalIsles, Gen2, LostIsland, Fjordur',
          env_variable: 'SERVER_MAP',
          default_value: 'TheIsland',
          rules: 'required|string|max:20',
        },
        {
          name: 'Server Name',
          description: 'ARK server name',
          env_variable: 'SESSION_NAME',
          default_value: 'A Pterodactyl Hosted ARK Server',
          rules: 'required|string|max:128',
        },
        {
          name: 'Rcon Port',
          description: 'ARK rcon port used by rcon tools.',
          env_variable: 'RCON_PORT',
          default_value: '27020',
          rules: 'required|numeric',
        },
        {
          name: 'Query Port',
          description: 'ARK query port used by steam server browser and ark client server browser.',
          env_variable: 'QUERY_PORT',
          default_value: '27015',
          rules: 'required|numeric',
        },
        {
          name: 'Auto-update server',
          description: 'This is to enable auto-updating for servers. Default is 0. Set to 1 to update',
          env_variable: 'AUTO_UPDATE',
          default_value: '0',
          rules: 'required|boolean',
        },
        {
          name: 'Battle Eye',
          description: 'Enable BattleEye: 0 to disable, 1 to enable (default 1)',
          env_variable: 'BATTLE_EYE',
          default_value: '1',
          rules: 'required|boolean',
        },
        {
          name: 'App ID',
          description: 'ARK steam app id for auto updates. Leave blank to avoid auto update.',
          env_variable: 'SRCDS_APPID',
          default_value: '376030',
          rules: 'nullable|numeric',
          user_editable: false,
        },
        {
          name: 'Additional Arguments',
          description:
            'Specify additional launch parameters such as -crossplay. You must include a dash - and separate each parameter with space: -crossplay -exclusivejoin',
          env_variable: 'ARGS',
          default_value: '',
          rules: 'nullable|string',
        },
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

/**
 * The panel's own FiveM egg (`database/Seeders/eggs/fivem/egg-five-m.json`, added in 2021): its variables
 * and rules as the panel ships them. `FIVEM_LICENSES` is required with an empty default, so a server
 * created with the egg's defaults alone is refused with 422 (reference/pterodactyl.md).
 */
export const fivemNest: SeedNest = {
  name: 'FiveM',
  author: 'parker@parkervcp.com',
  description: 'FiveM, the GTA V multiplayer modification, with txAdmin.',
  eggs: [
    {
      name: 'FiveM',
      description:
        'FiveM is a multiplayer modification framework for GTA V, allowing you to play on customized dedicated servers.',
      docker_images: { Debian: 'quay.io/parkervcp/pterodactyl-images:base_debian' },
      startup:
        '$(pwd)/alpine/opt/cfx-server/ld-musl-x86_64.so.1 --library-path "$(pwd)/alpine/usr/lib/v8/:$(pwd)/alpine/lib/:$(pwd)/alpine/usr/lib/" -- $(pwd)/alpine/opt/cfx-server/FXServer +set citizen_dir $(pwd)/alpine/opt/cfx-server/citizen/ +set sv_licenseKey {{FIVEM_LICENSES}} +set steam_webApiKey {{STEAM_WEBAPIKEY}} +set sv_maxplayers {{MAX_PLAYERS}} +set serverProfile default +set txAdminPort {{TXADMIN_PORT}} $( [ "$TXADMIN_ENABLE" == "1" ] || printf %s \'+exec server.cfg\' )',
      done: 'succeeded. Welcome!',
      stop: '^C',
      install_container: 'debian:buster-slim',
      variables: [
        {
          name: 'fivem license',
          description: 'Required to start the service. Get your keys at https://keymaster.fivem.net/',
          env_variable: 'FIVEM_LICENSES',
          default_value: '',
          rules: 'required|string|max:33',
        },
        {
          name: 'Max Players',
          description: 'Set the fivem max play count',
          env_variable: 'MAX_PLAYERS',
          default_value: '48',
          rules: 'required|integer|between:1,48',
          user_editable: false,
        },
        {
          name: 'Server Hostname',
          description: 'The name that shows up in the server browser',
          env_variable: 'SERVER_HOSTNAME',
          default_value: 'My new FXServer!',
          rules: 'required|string',
        },
        {
          name: 'fivem version',
          description: 'The fivem version that is to be installed.',
          env_variable: 'FIVEM_VERSION',
          default_value: 'latest',
          rules: 'required|string|max:50',
        },
        {
          name: 'Download Link',
          description: 'This is the link to download fivem from. This is only used in the install script.',
          env_variable: 'DOWNLOAD_URL',
          default_value: '',
          rules: 'string|nullable',
          user_viewable: false,
          user_editable: false,
        },
        {
          name: 'Steam Web Api Key',
          description:
            "Use your Steam WebApiKey or set to 'none'. Get your key at https://steamcommunity.com/dev/apikey/",
          env_variable: 'STEAM_WEBAPIKEY',
          default_value: 'none',
          rules: 'required|string',
        },
        {
          name: 'txAdmin Port',
          description: 'The port for the txAdmin panel',
          env_variable: 'TXADMIN_PORT',
          default_value: '40120',
          rules: 'required|string|max:20',
          user_editable: false,
        },
        {
          name: 'Enable txadmin',
          description: 'Enables txadmin. set to 1 to enable. (default is 0 for false)',
          env_variable: 'TXADMIN_ENABLE',
          default_value: '0',
          rules: 'required|bool',
        },
      ],
    },
  ],
};

/**
 * The panel's Source Engine nest with its Counter-Strike: Global Offensive egg
 * (`database/Seeders/eggs/source-engine/egg-counter--strike--global-offensive.json`): `STEAM_ACC` is
 * required, exactly 32 letters or digits, with an empty default. Not in the demo's catalogue; tests use it
 * for a stock egg with a required value a host adds from the panel.
 */
export const sourceEngineNest: SeedNest = {
  name: 'Source Engine',
  author: 'support@pterodactyl.io',
  description: 'Includes support for most Source Dedicated Server games.',
  eggs: [
    {
      name: 'Counter-Strike: Global Offensive',
      description:
        'Counter-Strike: Global Offensive is a multiplayer first-person shooter video game developed by Hidden Path Entertainment and Valve Corporation.',
      docker_images: { Source: 'ghcr.io/pterodactyl/games:source' },
      startup:
        './srcds_run -game csgo -console -port {{SERVER_PORT}} +ip 0.0.0.0 +map {{SRCDS_MAP}} -strictportbind -norestart +sv_setsteamaccount {{STEAM_ACC}}',
      done: 'Connection to Steam servers successful',
      stop: 'quit',
      variables: [
        {
          name: 'Map',
          description: 'The default map for the server.',
          env_variable: 'SRCDS_MAP',
          default_value: 'de_dust2',
          rules: 'required|string|alpha_dash',
        },
        {
          name: 'Steam Account Token',
          description: 'The Steam Account Token required for the server to be displayed publicly.',
          env_variable: 'STEAM_ACC',
          default_value: '',
          rules: 'required|string|alpha_num|size:32',
        },
        {
          name: 'Source AppID',
          description: 'Required for game to update on server restart. Do not modify this.',
          env_variable: 'SRCDS_APPID',
          default_value: '740',
          rules: 'required|string|max:20',
          user_viewable: false,
          user_editable: false,
        },
      ],
    },
  ],
};
