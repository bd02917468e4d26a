/**
 * The FiveM egg as a host who moved from Pterodactyl has it: the Pterodactyl emulator's FiveM egg
 * (emulators/pterodactyl/src/seed/seed-games.ts) after Pelican's migrations, i.e. its nest name as the
 * only tag (2024_03_12_154408_remove_nests_table.php), rules split into arrays
 * (2024_07_25_072050_convert_rules_to_array.php), `sort` null (2024_04_20_214441_add_egg_var_sort.php)
 * and the startup line as `startup_commands.Default`. Not the pelican-eggs file: that one renamed the
 * licence variable to `FIVEM_LICENSE` (docs/emulators.md "Pelican"). The uuid is that file's, as the
 * Pterodactyl emulator draws a random one.
 */
import type { PelicanSeedEgg, PelicanSeedVariable } from './seed-types';

function variable(
  name: string,
  description: string,
  env_variable: string,
  default_value: string,
  rules: string,
  visibility: { user_viewable?: boolean; user_editable?: boolean } = {},
): PelicanSeedVariable {
  return {
    name,
    description,
    env_variable,
    default_value,
    user_viewable: visibility.user_viewable ?? true,
    user_editable: visibility.user_editable ?? true,
    rules: rules.split('|'),
    sort: null,
  };
}

/** FiveM, tagged `FiveM`: `FIVEM_LICENSES` required with an empty default, `MAX_PLAYERS` `between:1,48`. */
export const MIGRATED_FIVEM_EGG: PelicanSeedEgg = {
  source:
    'emulators/pterodactyl/src/seed/seed-games.ts fivemNest, migrated as Pelican migrates a Pterodactyl egg',
  uuid: '238b3cb3-6796-4ba2-8403-5eb30faf1c86',
  name: 'FiveM',
  author: 'parker@parkervcp.com',
  description:
    'FiveM is a multiplayer modification framework for GTA V, allowing you to play on customized dedicated servers.',
  tags: ['FiveM'],
  features: [],
  docker_images: { Debian: 'quay.io/parkervcp/pterodactyl-images:base_debian' },
  startup_commands: {
    Default:
      '$(pwd)/alpine/opt/cfx-server/ld-musl-x86_64.so.1 --library-path "$(pwd)/alpine/usr/lib/v8/:$(pwd)/alpine/lib/:$(pwd)/alpine/usr/lib/" -- $(pwd)/alpine/opt/cfx-server/FXServer +set citizen_dir $(pwd)/alpine/opt/cfx-server/citizen/ +set sv_licenseKey {{FIVEM_LICENSES}} +set steam_webApiKey {{STEAM_WEBAPIKEY}} +set sv_maxplayers {{MAX_PLAYERS}} +set serverProfile default +set txAdminPort {{TXADMIN_PORT}} $( [ "$TXADMIN_ENABLE" == "1" ] || printf %s \'+exec server.cfg\' )',
  },
  file_denylist: [],
  config: { files: {}, startup: { done: 'succeeded. Welcome!' }, logs: {}, stop: '^C' },
  script: {
    install: '#!/bin/bash\n# installation script of the emulated egg\necho "done"',
    container: 'debian:buster-slim',
    entry: 'bash',
  },
  variables: [
    variable(
      'fivem license',
      'Required to start the service. Get your keys at https://keymaster.fivem.net/',
      'FIVEM_LICENSES',
      '',
      'required|string|max:33',
    ),
    variable(
      'Max Players',
      'Set the fivem max play count',
      'MAX_PLAYERS',
      '48',
      'required|integer|between:1,48',
      {
        user_editable: false,
      },
    ),
    variable(
      'Server Hostname',
      'The name that shows up in the server browser',
      'SERVER_HOSTNAME',
      'My new FXServer!',
      'required|string',
    ),
    variable(
      'fivem version',
      'The fivem version that is to be installed.',
      'FIVEM_VERSION',
      'latest',
      'required|string|max:50',
    ),
    variable(
      'Download Link',
      'This is the link to download fivem from. This is only used in the install script.',
      'DOWNLOAD_URL',
      '',
      'string|nullable',
      { user_viewable: false, user_editable: false },
    ),
    variable(
      'Steam Web Api Key',
      "Use your Steam WebApiKey or set to 'none'. Get your key at https://steamcommunity.com/dev/apikey/",
      'STEAM_WEBAPIKEY',
      'none',
      'required|string',
    ),
    variable(
      'txAdmin Port',
      'The port for the txAdmin panel',
      'TXADMIN_PORT',
      '40120',
      'required|string|max:20',
      {
        user_editable: false,
      },
    ),
    variable(
      'Enable txadmin',
      'Enables txadmin. set to 1 to enable. (default is 0 for false)',
      'TXADMIN_ENABLE',
      '0',
      'required|bool',
    ),
  ],
};
