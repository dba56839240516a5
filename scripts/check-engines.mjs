// Every installed package (package-lock.json) runs on the Node versions the project declares:
// the lowest version `engines.node` of package.json admits must satisfy each package's own
// `engines.node`. A dependency that needs a newer Node fails here before `npm ci` warns
// EBADENGINE on a machine or CI runner that runs the declared minimum.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const readJson = (file) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));

/** The packages of a lockfile whose `engines.node` does not admit `node`. */
function packagesExcluding(lock, node) {
  const excluded = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    const range = entry.engines?.node;
    if (path === '' || typeof range !== 'string') continue;
    if (!semver.satisfies(node, range, { includePrerelease: true }))
      excluded.push({ name: path.replace(/^.*node_modules\//, ''), version: entry.version, range });
  }
  return excluded;
}

const declared = readJson('package.json').engines?.node;
const lowest = declared && semver.minVersion(declared);
if (!lowest) {
  console.log('package.json declares no engines.node range');
  process.exit(1);
}
const excluded = packagesExcluding(readJson('package-lock.json'), lowest.version);
for (const { name, version, range } of excluded) console.log(`${name}@${version} needs node ${range}`);
console.log(
  excluded.length === 0
    ? `every dependency runs on node ${lowest.version} (engines ${declared})`
    : `${excluded.length} dependencies exclude node ${lowest.version}, the lowest that package.json declares (${declared}): pick versions that support it or an npm override`,
);
process.exit(excluded.length === 0 ? 0 : 1);
