// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the eggs' shell scripts and startup lines use ${VAR} themselves
/**
 * Pelican's own Minecraft eggs (github:pelican-dev/panel), converted from their PLCN_v3 YAML by a one-off
 * script: the panel's icon is left out, everything else is kept as the YAML has it (features, image map,
 * startup commands, config, install script, variables with their rules as arrays) except the tags, which
 * are `Minecraft` as the nest migration gives a host who came from Pterodactyl (the YAML says `minecraft`,
 * Bungeecord also `proxy`). `source` names the file and commit each came from; the panel removed its stock
 * eggs in bed9dbeb2 (they moved to the installer), so three come from the commit before that and two from
 * the test fixtures that remain.
 */
import type { PelicanSeedEgg } from './seed-types';

/** Vanilla, Paper, Forge, Sponge and Bungeecord, in that order (egg ids 1..5). */
export const PELICAN_MINECRAFT_EGGS: PelicanSeedEgg[] = [
  {
    source: 'tests/_fixtures/egg-vanilla-minecraft.yaml @ HEAD (235c8fb9)',
    uuid: '9ac39f3d-0c34-4d93-8174-c52ab9e6c57b',
    name: 'Vanilla Minecraft',
    author: 'panel@example.com',
    description:
      'Minecraft is a game about placing blocks and going on adventures. Explore randomly generated worlds\nand build amazing things from the simplest of homes to the grandest of castles. Play in Creative\nMode with unlimited resources or mine deep in Survival Mode, crafting weapons and armor to fend off\ndangerous mobs. Do all this alone or with friends.',
    tags: ['Minecraft'],
    features: ['eula', 'java_version', 'pid_limit'],
    docker_images: {
      'Java 21': 'ghcr.io/pelican-eggs/yolks:java_21',
      'Java 17': 'ghcr.io/pelican-eggs/yolks:java_17',
      'Java 16': 'ghcr.io/pelican-eggs/yolks:java_16',
      'Java 11': 'ghcr.io/pelican-eggs/yolks:java_11',
      'Java 8': 'ghcr.io/pelican-eggs/yolks:java_8',
    },
    startup_commands: {
      Default: 'java -Xms128M -XX:MaxRAMPercentage=95.0 -jar {{SERVER_JARFILE}}',
    },
    file_denylist: [],
    config: {
      files: {
        'server.properties': {
          parser: 'properties',
          find: {
            'server-ip': '',
            'server-port': '{{server.allocations.default.port}}',
            'query.port': '{{server.allocations.default.port}}',
          },
        },
      },
      startup: {
        done: ')! For help, type ',
      },
      logs: {},
      stop: 'stop',
    },
    script: {
      install:
        '#!/bin/ash\n# Vanilla MC Installation Script\n#\n# Server Files: /mnt/server\nmkdir -p /mnt/server\ncd /mnt/server\n\nLATEST_VERSION=`curl https://launchermeta.mojang.com/mc/game/version_manifest.json | jq -r \'.latest.release\'`\nLATEST_SNAPSHOT_VERSION=`curl https://launchermeta.mojang.com/mc/game/version_manifest.json | jq -r \'.latest.snapshot\'`\n\necho -e "latest version is $LATEST_VERSION"\necho -e "latest snapshot is $LATEST_SNAPSHOT_VERSION"\n\nif [ -z "$VANILLA_VERSION" ] || [ "$VANILLA_VERSION" == "latest" ]; then\n  MANIFEST_URL=$(curl -sSL https://launchermeta.mojang.com/mc/game/version_manifest.json | jq --arg VERSION $LATEST_VERSION -r \'.versions | .[] | select(.id== $VERSION )|.url\')\nelif [ "$VANILLA_VERSION" == "snapshot" ]; then\n  MANIFEST_URL=$(curl -sSL https://launchermeta.mojang.com/mc/game/version_manifest.json | jq --arg VERSION $LATEST_SNAPSHOT_VERSION -r \'.versions | .[] | select(.id== $VERSION )|.url\')\nelse\n  MANIFEST_URL=$(curl -sSL https://launchermeta.mojang.com/mc/game/version_manifest.json | jq --arg VERSION $VANILLA_VERSION -r \'.versions | .[] | select(.id== $VERSION )|.url\')\nfi\n\nDOWNLOAD_URL=$(curl ${MANIFEST_URL} | jq .downloads.server | jq -r \'. | .url\')\n\necho -e "running: curl -o ${SERVER_JARFILE} $DOWNLOAD_URL"\ncurl -o ${SERVER_JARFILE} $DOWNLOAD_URL\n\necho -e "Install Complete"',
      container: 'ghcr.io/pelican-eggs/installers:alpine',
      entry: 'ash',
    },
    variables: [
      {
        name: 'Server Jar File',
        description: 'The name of the server jarfile to run the server with.',
        env_variable: 'SERVER_JARFILE',
        default_value: 'server.jar',
        user_viewable: true,
        user_editable: true,
        rules: ['required', 'regex:/^([\\w\\d._-]+)(\\.jar)$/'],
        sort: 1,
      },
      {
        name: 'Server Version',
        description:
          'The version of Minecraft Vanilla to install. Use "latest" to install the latest version, or use\n"snapshot" to install the latest snapshot. Go to Settings > Reinstall Server to apply.',
        env_variable: 'VANILLA_VERSION',
        default_value: 'latest',
        user_viewable: true,
        user_editable: true,
        rules: ['required', 'string', 'between:3,15'],
        sort: 2,
      },
    ],
  },
  {
    source: 'database/Seeders/eggs/minecraft/egg-paper.yaml @ 976cb00c',
    uuid: '5da37ef6-58da-4169-90a6-e683e1721247',
    name: 'Paper',
    author: 'parker@example.com',
    description: 'High performance Spigot fork that aims to fix gameplay and mechanics inconsistencies.',
    tags: ['Minecraft'],
    features: ['eula', 'java_version', 'pid_limit'],
    docker_images: {
      'Java 21': 'ghcr.io/pelican-eggs/yolks:java_21',
      'Java 17': 'ghcr.io/pelican-eggs/yolks:java_17',
      'Java 16': 'ghcr.io/pelican-eggs/yolks:java_16',
      'Java 11': 'ghcr.io/pelican-eggs/yolks:java_11',
      'Java 8': 'ghcr.io/pelican-eggs/yolks:java_8',
    },
    startup_commands: {
      Default:
        'java -Xms128M -XX:MaxRAMPercentage=95.0 -Dterminal.jline=false -Dterminal.ansi=true -jar {{SERVER_JARFILE}}',
    },
    file_denylist: [],
    config: {
      files: {
        'server.properties': {
          parser: 'properties',
          find: {
            'server-ip': '',
            'server-port': '{{server.allocations.default.port}}',
            'query.port': '{{server.allocations.default.port}}',
          },
        },
      },
      startup: {
        done: ')! For help, type ',
      },
      logs: {},
      stop: 'stop',
    },
    script: {
      install:
        '#!/bin/ash\n# Paper Installation Script\n#\n# Server Files: /mnt/server\nPROJECT=paper\n\nif [ -n "${DL_PATH}" ]; then\n\techo -e "Using supplied download url: ${DL_PATH}"\n\tDOWNLOAD_URL=`eval echo $(echo ${DL_PATH} | sed -e \'s/{{/${/g\' -e \'s/}}/}/g\')`\nelse\n\tVER_EXISTS=`curl -s https://fill.papermc.io/v3/projects/${PROJECT} | jq -r --arg VERSION $MINECRAFT_VERSION \'.versions | any(.[]; index($VERSION))\' | grep -m1 true`\n\tLATEST_VERSION=`curl -s https://fill.papermc.io/v3/projects/${PROJECT} | jq -r \'.versions | to_entries | .[0].value[0]\'`\n\n\tif [ "${VER_EXISTS}" == "true" ]; then\n\t\techo -e "Version is valid. Using version ${MINECRAFT_VERSION}"\n\telse\n\t\techo -e "Specified version not found. Defaulting to the latest ${PROJECT} version"\n\t\tMINECRAFT_VERSION=${LATEST_VERSION}\n\tfi\n\n\tBUILD_EXISTS=`curl -s https://fill.papermc.io/v3/projects/${PROJECT}/versions/${MINECRAFT_VERSION} | jq -r --arg BUILD ${BUILD_NUMBER} \'.builds[] | tostring | contains($BUILD)\' | grep -m1 true`\n\tLATEST_BUILD=`curl -s https://fill.papermc.io/v3/projects/${PROJECT}/versions/${MINECRAFT_VERSION} | jq -r \'.builds\' | jq -r \'.[0]\'`\n\n\tif [ "${BUILD_EXISTS}" == "true" ]; then\n\t\techo -e "Build is valid for version ${MINECRAFT_VERSION}. Using build ${BUILD_NUMBER}"\n\telse\n\t\techo -e "Using the latest ${PROJECT} build for version ${MINECRAFT_VERSION}"\n\t\tBUILD_NUMBER=${LATEST_BUILD}\n\tfi\n\n\techo "Version being downloaded"\n\techo -e "Project: ${PROJECT}"\n\techo -e "MC Version: ${MINECRAFT_VERSION}"\n\techo -e "Build: ${BUILD_NUMBER}"\n\tDOWNLOAD_URL=`curl -s https://fill.papermc.io/v3/projects/${PROJECT}/versions/${MINECRAFT_VERSION}/builds/${BUILD_NUMBER} | jq -r \'.downloads."server:default".url\'`\nfi\n\ncd /mnt/server\n\necho -e "Running curl -o ${SERVER_JARFILE} ${DOWNLOAD_URL}"\n\nif [ -f ${SERVER_JARFILE} ]; then\n\tmv ${SERVER_JARFILE} ${SERVER_JARFILE}.old\nfi\n\ncurl -o ${SERVER_JARFILE} ${DOWNLOAD_URL}\n\nif [ ! -f server.properties ]; then\n    echo -e "Downloading MC server.properties"\n    curl -o server.properties https://raw.githubusercontent.com/pelican-eggs/minecraft/refs/heads/main/java/server.properties\nfi',
      container: 'ghcr.io/pelican-eggs/installers:alpine',
      entry: 'ash',
    },
    variables: [
      {
        name: 'Build Number',
        description:
          'The build number for the paper release.\r\n\r\nLeave at latest to always get the latest version. Invalid versions will default to latest.',
        env_variable: 'BUILD_NUMBER',
        default_value: 'latest',
        user_viewable: true,
        user_editable: true,
        rules: ['required', 'string', 'max:20'],
        sort: 4,
      },
      {
        name: 'Download Path',
        description:
          'A URL to use to download a server.jar rather than the ones in the install script. This is not user\nviewable.',
        env_variable: 'DL_PATH',
        default_value: '',
        user_viewable: false,
        user_editable: false,
        rules: ['nullable', 'string'],
        sort: 3,
      },
      {
        name: 'Minecraft Version',
        description:
          'The version of minecraft to download. \r\n\r\nLeave at latest to always get the latest version. Invalid versions will default to latest.',
        env_variable: 'MINECRAFT_VERSION',
        default_value: 'latest',
        user_viewable: true,
        user_editable: true,
        rules: ['nullable', 'string', 'max:20'],
        sort: 1,
      },
      {
        name: 'Server Jar File',
        description: 'The name of the server jarfile to run the server with.',
        env_variable: 'SERVER_JARFILE',
        default_value: 'server.jar',
        user_viewable: true,
        user_editable: true,
        rules: ['required', 'regex:/^([\\w\\d._-]+)(\\.jar)$/'],
        sort: 2,
      },
    ],
  },
  {
    source: 'database/Seeders/eggs/minecraft/egg-forge-minecraft.yaml @ 976cb00c',
    uuid: 'ed072427-f209-4603-875c-f540c6dd5a65',
    name: 'Forge Minecraft',
    author: 'panel@example.com',
    description:
      'Minecraft Forge Server. Minecraft Forge is a modding API (Application Programming Interface), which\nmakes it easier to create mods, and also make sure mods are compatible with each other.',
    tags: ['Minecraft'],
    features: ['eula', 'java_version', 'pid_limit'],
    docker_images: {
      'Java 21': 'ghcr.io/pelican-eggs/yolks:java_21',
      'Java 17': 'ghcr.io/pelican-eggs/yolks:java_17',
      'Java 16': 'ghcr.io/pelican-eggs/yolks:java_16',
      'Java 11': 'ghcr.io/pelican-eggs/yolks:java_11',
      'Java 8': 'ghcr.io/pelican-eggs/yolks:java_8',
    },
    startup_commands: {
      Default:
        'java -Xms128M -XX:MaxRAMPercentage=95.0 -Dterminal.jline=false -Dterminal.ansi=true $( [[  ! -f unix_args.txt ]] && printf %s "-jar {{SERVER_JARFILE}}" || printf %s "@unix_args.txt" )',
    },
    file_denylist: [],
    config: {
      files: {
        'server.properties': {
          parser: 'properties',
          find: {
            'server-ip': '',
            'server-port': '{{server.allocations.default.port}}',
            'query.port': '{{server.allocations.default.port}}',
          },
        },
      },
      startup: {
        done: ')! For help, type ',
      },
      logs: {},
      stop: 'stop',
    },
    script: {
      install:
        '#!/bin/bash\n# Forge Installation Script\n#\n# Server Files: /mnt/server\napt update\napt install -y curl jq\n\nif [[ ! -d /mnt/server ]]; then\n  mkdir /mnt/server\nfi\n\ncd /mnt/server\n\n# Remove spaces from the version number to avoid issues with curl\nFORGE_VERSION="$(echo "$FORGE_VERSION" | tr -d \' \')"\nMC_VERSION="$(echo "$MC_VERSION" | tr -d \' \')"\n\nif [[ ! -z ${FORGE_VERSION} ]]; then\n  DOWNLOAD_LINK=https://maven.minecraftforge.net/net/minecraftforge/forge/${FORGE_VERSION}/forge-${FORGE_VERSION}\n  FORGE_JAR=forge-${FORGE_VERSION}*.jar\nelse\n  JSON_DATA=$(curl -sSL https://files.minecraftforge.net/maven/net/minecraftforge/forge/promotions_slim.json)\n\n  if [[ "${MC_VERSION}" == "latest" ]] || [[ "${MC_VERSION}" == "" ]]; then\n    echo -e "getting latest version of forge."\n    MC_VERSION=$(echo -e ${JSON_DATA} | jq -r \'.promos | del(."latest-1.7.10") | del(."1.7.10-latest-1.7.10") | to_entries[] | .key | select(contains("latest")) | split("-")[0]\' | sort -t. -k 1,1n -k 2,2n -k 3,3n -k 4,4n | tail -1)\n    BUILD_TYPE=latest\n  fi\n\n  if [[ "${BUILD_TYPE}" != "recommended" ]] && [[ "${BUILD_TYPE}" != "latest" ]]; then\n    BUILD_TYPE=recommended\n  fi\n\n  echo -e "minecraft version: ${MC_VERSION}"\n  echo -e "build type: ${BUILD_TYPE}"\n\n  ## some variables for getting versions and things\n  FILE_SITE=https://maven.minecraftforge.net/net/minecraftforge/forge/\n  VERSION_KEY=$(echo -e ${JSON_DATA} | jq -r --arg MC_VERSION "${MC_VERSION}" --arg BUILD_TYPE "${BUILD_TYPE}" \'.promos | del(."latest-1.7.10") | del(."1.7.10-latest-1.7.10") | to_entries[] | .key | select(contains($MC_VERSION)) | select(contains($BUILD_TYPE))\')\n\n  ## locating the forge version\n  if [[ "${VERSION_KEY}" == "" ]] && [[ "${BUILD_TYPE}" == "recommended" ]]; then\n    echo -e "dropping back to latest from recommended due to there not being a recommended version of forge for the mc version requested."\n    VERSION_KEY=$(echo -e ${JSON_DATA} | jq -r --arg MC_VERSION "${MC_VERSION}" \'.promos | del(."latest-1.7.10") | del(."1.7.10-latest-1.7.10") | to_entries[] | .key | select(contains($MC_VERSION)) | select(contains("latest"))\')\n  fi\n\n  ## Error if the mc version set wasn\'t valid.\n  if [ "${VERSION_KEY}" == "" ] || [ "${VERSION_KEY}" == "null" ]; then\n    echo -e "The install failed because there is no valid version of forge for the version of minecraft selected."\n    exit 1\n  fi\n\n  FORGE_VERSION=$(echo -e ${JSON_DATA} | jq -r --arg VERSION_KEY "$VERSION_KEY" \'.promos | .[$VERSION_KEY]\')\n\n  if [[ "${MC_VERSION}" == "1.7.10" ]] || [[ "${MC_VERSION}" == "1.8.9" ]]; then\n    DOWNLOAD_LINK=${FILE_SITE}${MC_VERSION}-${FORGE_VERSION}-${MC_VERSION}/forge-${MC_VERSION}-${FORGE_VERSION}-${MC_VERSION}\n    FORGE_JAR=forge-${MC_VERSION}-${FORGE_VERSION}-${MC_VERSION}.jar\n    if [[ "${MC_VERSION}" == "1.7.10" ]]; then\n      FORGE_JAR=forge-${MC_VERSION}-${FORGE_VERSION}-${MC_VERSION}-universal.jar\n    fi\n  else\n    DOWNLOAD_LINK=${FILE_SITE}${MC_VERSION}-${FORGE_VERSION}/forge-${MC_VERSION}-${FORGE_VERSION}\n    FORGE_JAR=forge-${MC_VERSION}-${FORGE_VERSION}.jar\n  fi\nfi\n\n#Adding .jar when not eding by SERVER_JARFILE\nif [[ ! $SERVER_JARFILE = *\\.jar ]]; then\n  SERVER_JARFILE="$SERVER_JARFILE.jar"\nfi\n\n#Downloading jars\necho -e "Downloading forge version ${FORGE_VERSION}"\necho -e "Download link is ${DOWNLOAD_LINK}"\n\nif [[ ! -z "${DOWNLOAD_LINK}" ]]; then\n  if curl --output /dev/null --silent --head --fail ${DOWNLOAD_LINK}-installer.jar; then\n    echo -e "installer jar download link is valid."\n  else\n    echo -e "link is invalid. Exiting now"\n    exit 2\n  fi\nelse\n  echo -e "no download link provided. Exiting now"\n  exit 3\nfi\n\ncurl -s -o installer.jar -sS ${DOWNLOAD_LINK}-installer.jar\n\n#Checking if downloaded jars exist\nif [[ ! -f ./installer.jar ]]; then\n  echo "!!! Error downloading forge version ${FORGE_VERSION} !!!"\n  exit\nfi\n\nfunction  unix_args {\n  echo -e "Detected Forge 1.17 or newer version. Setting up forge unix args."\n  ln -sf libraries/net/minecraftforge/forge/*/unix_args.txt unix_args.txt\n}\n\n# Delete args to support downgrading/upgrading\nrm -rf libraries/net/minecraftforge/forge\nrm unix_args.txt\n\n#Installing server\necho -e "Installing forge server.\n"\njava -jar installer.jar --installServer || { echo -e "\nInstall failed using Forge version ${FORGE_VERSION} and Minecraft version ${MINECRAFT_VERSION}.\nShould you be using unlimited memory value of 0, make sure to increase the default install resource limits in the Daemon config or specify exact allocated memory in the server Build Configuration instead of 0! \nOtherwise, the Forge installer will not have enough memory."; exit 4; }\n\n# Check if we need a symlink for 1.17+ Forge JPMS args\nif [[ $MC_VERSION =~ ^1\\.(17|18|19|20|21|22|23) || $FORGE_VERSION =~ ^1\\.(17|18|19|20|21|22|23) ]]; then\n  unix_args\n\n# Check if someone has set MC to latest but overwrote it with older Forge version, otherwise we would have false positives\nelif [[ $MC_VERSION == "latest" && $FORGE_VERSION =~ ^1\\.(17|18|19|20|21|22|23) ]]; then\n  unix_args\nelse\n  # For versions below 1.17 that ship with jar\n  mv $FORGE_JAR $SERVER_JARFILE\nfi\n\necho -e "Deleting installer.jar file.\n"\nrm -rf installer.jar\necho -e "Installation process is completed"',
      container: 'ghcr.io/pelican-eggs/installers:java_8',
      entry: 'bash',
    },
    variables: [
      {
        name: 'Build Type',
        description:
          'The type of server jar to download from forge.\r\n\r\nValid types are "recommended" and "latest".',
        env_variable: 'BUILD_TYPE',
        default_value: 'recommended',
        user_viewable: true,
        user_editable: true,
        rules: ['required', 'string', 'in:recommended,latest'],
        sort: 3,
      },
      {
        name: 'Forge Version',
        description:
          'The full exact version.\r\n\r\nEx. 1.15.2-31.2.4\r\n\r\nOverrides MC_VERSION and BUILD_TYPE. If it fails to download the server files it will fail to\ninstall.',
        env_variable: 'FORGE_VERSION',
        default_value: '',
        user_viewable: true,
        user_editable: true,
        rules: ['nullable', 'regex:/^[0-9\\.\\-]+$/'],
        sort: 4,
      },
      {
        name: 'Minecraft Version',
        description:
          'The version of minecraft you want to install for.\r\n\r\nLeaving latest will install the latest recommended version.',
        env_variable: 'MC_VERSION',
        default_value: 'latest',
        user_viewable: true,
        user_editable: true,
        rules: ['required', 'string', 'max:9'],
        sort: 2,
      },
      {
        name: 'Server Jar File',
        description: 'The name of the Jarfile to use when running Forge version below 1.17.',
        env_variable: 'SERVER_JARFILE',
        default_value: 'server.jar',
        user_viewable: true,
        user_editable: true,
        rules: ['required', 'regex:/^([\\w\\d._-]+)(\\.jar)$/'],
        sort: 1,
      },
    ],
  },
  {
    source: 'database/Seeders/eggs/minecraft/egg-sponge.yaml @ 976cb00c',
    uuid: 'f0d2f88f-1ff3-42a0-b03f-ac44c5571e6d',
    name: 'Sponge',
    author: 'panel@example.com',
    description: 'A community-driven open source Minecraft: Java Edition modding platform.',
    tags: ['Minecraft'],
    features: ['eula', 'java_version', 'pid_limit'],
    docker_images: {
      'Java 21': 'ghcr.io/pelican-eggs/yolks:java_21',
      'Java 17': 'ghcr.io/pelican-eggs/yolks:java_17',
      'Java 16': 'ghcr.io/pelican-eggs/yolks:java_16',
      'Java 11': 'ghcr.io/pelican-eggs/yolks:java_11',
      'Java 8': 'ghcr.io/pelican-eggs/yolks:java_8',
    },
    startup_commands: {
      Default: 'java -Xms128M -XX:MaxRAMPercentage=95.0 -jar {{SERVER_JARFILE}}',
    },
    file_denylist: [],
    config: {
      files: {
        'server.properties': {
          parser: 'properties',
          find: {
            'server-ip': '',
            'server-port': '{{server.allocations.default.port}}',
            'query.port': '{{server.allocations.default.port}}',
          },
        },
      },
      startup: {
        done: ')! For help, type ',
      },
      logs: {},
      stop: 'stop',
    },
    script: {
      install:
        '#!/bin/ash\n# Sponge Installation Script\n#\n# Server Files: /mnt/server\n\ncd /mnt/server\n\nif [ $MINECRAFT_VERSION = \'latest\' ] || [ -z $MINECRAFT_VERSION ]; then\n  TARGET_VERSION_JSON=$(curl -sSL https://dl-api.spongepowered.org/v2/groups/org.spongepowered/artifacts/${SPONGE_TYPE}/latest?recommended=true)\n  if [ -z "${TARGET_VERSION_JSON}" ]; then\n    echo -e "Failed to find latest recommended version!"\n    exit 1\n  fi\n  echo -e "Found latest version for ${SPONGE_TYPE}"\nelse\n  if [ $SPONGE_TYPE = \'spongevanilla\' ]; then \n    VERSIONS_JSON=$(curl -sSL https://dl-api.spongepowered.org/v2/groups/org.spongepowered/artifacts/${SPONGE_TYPE}/versions?tags=,minecraft:${MINECRAFT_VERSION}&offset=0&limit=1)\n  else\n    FORGETAG=\'forge\'\n    if [ $SPONGE_TYPE = \'spongeneo\' ]; then\n      FORGETAG=\'neoforge\'\n    fi\n    VERSIONS_JSON=$(curl -sSL https://dl-api.spongepowered.org/v2/groups/org.spongepowered/artifacts/${SPONGE_TYPE}/versions?tags=,minecraft:${MINECRAFT_VERSION},${FORGETAG}:${FORGE_VERSION}&offset=0&limit=1)\n  fi\n  \n  if [ -z "${VERSIONS_JSON}" ]; then\n    echo -e "Failed to find recommended ${MINECRAFT_VERSION} version for ${SPONGE_TYPE} ${FORGE_VERSION}!"\n    exit 1\n  fi\n  \n  VERSION_KEY=$(echo $VERSIONS_JSON | jq -r \'.artifacts | to_entries[0].key\')\n  TARGET_VERSION_JSON=$(curl -sSL https://dl-api.spongepowered.org/v2/groups/org.spongepowered/artifacts/${SPONGE_TYPE}/versions/${VERSION_KEY})\n  \n  if [ -z "${TARGET_VERSION_JSON}" ]; then\n    echo -e "Failed to find ${VERSION_KEY} for ${SPONGE_TYPE} ${FORGE_VERSION}!"\n    exit 1\n  fi\n\n  echo -e "Found ${MINECRAFT_VERSION} for ${SPONGE_TYPE}"\nfi\n\nTARGET_VERSION=`echo $TARGET_VERSION_JSON | jq \'.assets[] | select(.classifier == "universal")\'`\nif [ -z "${TARGET_VERSION}" ]; then\n  TARGET_VERSION=`echo $TARGET_VERSION_JSON  | jq \'.assets[] | select(.classifier == "" and .extension == "jar")\'`\nfi\n\nif [ -z "${TARGET_VERSION}" ]; then\n  echo -e "Failed to get download url data from the selected version"\n  exit 1\nfi\n\nSPONGE_URL=$(echo $TARGET_VERSION | jq -r \'.downloadUrl\')\nCHECKSUM=$(echo $TARGET_VERSION | jq -r \'.md5\')\necho -e "Found file at ${SPONGE_URL} with checksum ${CHECKSUM}"\n\necho -e "running: curl -o ${SERVER_JARFILE} ${SPONGE_URL}"\ncurl -o ${SERVER_JARFILE} ${SPONGE_URL}\n\nif [ $(basename $(md5sum ${SERVER_JARFILE})) = ${CHECKSUM} ] ; then\n  echo "Checksum passed"\nelse\n  echo "Checksum failed"\nfi\n\necho -e "Install Complete"',
      container: 'ghcr.io/pelican-eggs/installers:alpine',
      entry: 'ash',
    },
    variables: [
      {
        name: 'Forge/Neoforge Version',
        description:
          'The modding api target version if set to `spongeforge` or `spongeneo`. Leave blank if using\n`spongevanilla`',
        env_variable: 'FORGE_VERSION',
        default_value: '',
        user_viewable: true,
        user_editable: true,
        rules: ['string'],
        sort: 3,
      },
      {
        name: 'Minecraft Version',
        description:
          'The version of Minecraft to target. Use "latest" to install the latest version. Go to Settings >\nReinstall Server to apply.',
        env_variable: 'MINECRAFT_VERSION',
        default_value: 'latest',
        user_viewable: true,
        user_editable: true,
        rules: ['required', 'string', 'between:3,15'],
        sort: 1,
      },
      {
        name: 'Server Jar File',
        description: 'The name of the Jarfile to use when running Sponge.',
        env_variable: 'SERVER_JARFILE',
        default_value: 'server.jar',
        user_viewable: true,
        user_editable: true,
        rules: ['required', 'regex:/^([\\w\\d._-]+)(\\.jar)$/'],
        sort: 4,
      },
      {
        name: 'Sponge Type',
        description:
          'SpongeVanilla if you are only using Sponge plugins.\nSpongeForge when using Forge mods and Sponge plugins.\nSpongeNeo when using NeoForge mods and Sponge plugins.',
        env_variable: 'SPONGE_TYPE',
        default_value: 'spongevanilla',
        user_viewable: true,
        user_editable: true,
        rules: ['required', 'in:spongevanilla,spongeforge,spongeneo'],
        sort: 2,
      },
    ],
  },
  {
    source: 'tests/_fixtures/egg-bungeecord.yaml @ HEAD (235c8fb9)',
    uuid: '9e6b409e-4028-4947-aea8-50a2c404c271',
    name: 'Bungeecord',
    author: 'panel@example.com',
    description:
      "For a long time, Minecraft server owners have had a dream that encompasses a free, easy, and\nreliable way to connect multiple Minecraft servers together. BungeeCord is the answer to said dream.\nWhether you are a small server wishing to string multiple game-modes together, or the owner of the\nShotBow Network, BungeeCord is the ideal solution for you. With the help of BungeeCord, you will be\nable to unlock your community's full potential.",
    tags: ['Minecraft'],
    features: ['eula', 'java_version', 'pid_limit'],
    docker_images: {
      'Java 21': 'ghcr.io/pelican-eggs/yolks:java_21',
      'Java 17': 'ghcr.io/pelican-eggs/yolks:java_17',
      'Java 16': 'ghcr.io/pelican-eggs/yolks:java_16',
      'Java 11': 'ghcr.io/pelican-eggs/yolks:java_11',
      'Java 8': 'ghcr.io/pelican-eggs/yolks:java_8',
    },
    startup_commands: {
      Default: 'java -Xms128M -XX:MaxRAMPercentage=95.0 -jar {{SERVER_JARFILE}}',
    },
    file_denylist: [],
    config: {
      files: {
        'config.yml': {
          parser: 'yaml',
          find: {
            'listeners[0].query_port': '{{server.allocations.default.port}}',
            'listeners[0].host': '0.0.0.0:{{server.allocations.default.port}}',
            'servers.*.address': {
              'regex:^(127\\.0\\.0\\.1|localhost)(:\\d{1,5})?$': '{{config.docker.interface}}$2',
            },
          },
        },
      },
      startup: {
        done: 'Listening on ',
      },
      logs: {},
      stop: 'end',
    },
    script: {
      install:
        '#!/bin/ash\n# Bungeecord Installation Script\n#\n# Server Files: /mnt/server\n\ncd /mnt/server\n\nif [ -z "${BUNGEE_VERSION}" ] || [ "${BUNGEE_VERSION}" == "latest" ]; then\n    BUNGEE_VERSION="lastStableBuild"\nfi\n\ncurl -sSL -o ${SERVER_JARFILE} https://ci.md-5.net/job/BungeeCord/${BUNGEE_VERSION}/artifact/bootstrap/target/BungeeCord.jar',
      container: 'ghcr.io/pelican-eggs/installers:alpine',
      entry: 'ash',
    },
    variables: [
      {
        name: 'Bungeecord Jar File',
        description: 'The name of the Jarfile to use when running Bungeecord.',
        env_variable: 'SERVER_JARFILE',
        default_value: 'bungeecord.jar',
        user_viewable: true,
        user_editable: true,
        rules: ['required', 'regex:/^([\\w\\d._-]+)(\\.jar)$/'],
        sort: 2,
      },
      {
        name: 'Bungeecord Version',
        description: 'The version of Bungeecord to download and use.',
        env_variable: 'BUNGEE_VERSION',
        default_value: 'latest',
        user_viewable: true,
        user_editable: true,
        rules: ['required', 'alpha_num', 'between:1,6'],
        sort: 1,
      },
    ],
  },
];
