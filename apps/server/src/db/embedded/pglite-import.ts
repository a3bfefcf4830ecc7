/**
 * Installations from before the embedded PostgreSQL kept their database in `{DATA_DIR}/pglite` (PGlite).
 * The first start of this version moves those rows into the embedded PostgreSQL, through the backup
 * format (backup.ts): the old database is brought to the current schema, written to
 * `{DATA_DIR}/pglite-export-<time>.tar.gz`, restored in one transaction, and the old folder is renamed
 * `pglite.imported-<time>` (kept, never deleted: the user removes it once satisfied).
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { restoreBackup, writeBackup } from '../backup.js';

export const PGLITE_FOLDER = 'pglite';

/** A pool-shaped view of one PGlite (a single connection), enough for writeBackup. */
function pgliteAsPool(pglite: PGlite): pg.Pool {
  const client = {
    query: async (text: string, values?: unknown[]) => {
      const result = await pglite.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    release: () => undefined,
  };
  return { connect: async () => client } as unknown as pg.Pool;
}

/**
 * Moves the rows of an old PGlite folder into the (migrated) embedded database, once. Returns the path of
 * the export it wrote, or undefined when there was nothing to import.
 */
export async function importPgliteData(
  dataDir: string,
  pool: pg.Pool,
  options: { migrationsFolder: string; prepareQueue: () => Promise<void>; log: (message: string) => void },
): Promise<string | undefined> {
  const folder = path.join(dataDir, PGLITE_FOLDER);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) return undefined;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const exportFile = path.join(dataDir, `pglite-export-${stamp}.tar.gz`);
  options.log(`moving the data of ${folder} (PGlite) into the embedded PostgreSQL…`);
  const pglite = new PGlite(folder);
  try {
    await pglite.waitReady;
    await migrate(drizzle(pglite), { migrationsFolder: options.migrationsFolder });
    await writeBackup(pgliteAsPool(pglite), createWriteStream(exportFile));
  } finally {
    await pglite.close();
  }
  await options.prepareQueue();
  const summary = await restoreBackup(pool, createReadStream(exportFile));
  await rename(folder, path.join(dataDir, `${PGLITE_FOLDER}.imported-${stamp}`));
  options.log(
    `moved ${summary.rows} rows from PGlite; the old folder is kept as ${PGLITE_FOLDER}.imported-${stamp} ` +
      `and the export as ${path.basename(exportFile)}: delete them once you are satisfied`,
  );
  return exportFile;
}
