import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

// `npm ci` warns EBADENGINE for any installed package whose engines refuse the running Node: the supported
// versions (package.json engines) must install without one, so a dependency that needs a newer Node is
// pinned back in package.json "overrides" (or the engines field says the truth).
describe('the supported Node versions install every locked package without engine warnings', () => {
  // The oldest version of each line the engines field admits (20.19.0, 22.13.0, 24.0.0), and this machine's.
  const oldestOfEachLine = manifest.engines.node
    .split('||')
    .map((line) => semver.minVersion(line.trim())!.version);
  it.each([...oldestOfEachLine, process.versions.node])('Node %s', (node) => {
    const refused = Object.entries(lock.packages)
      .filter(([path, pkg]) => path && !pkg.optional)
      .filter(([, pkg]) => {
        const range = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
        return range !== undefined && !semver.satisfies(node, range);
      })
      .map(([path, pkg]) => `${path}@${pkg.version} needs node ${JSON.stringify(pkg.engines)}`);
    expect(refused).toEqual([]);
  });
});
