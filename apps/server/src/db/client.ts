import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';
import { connectEmbedded, type EmbeddedConnection, type EmbeddedRole } from './embedded/index.js';
import type { ClusterLog } from './embedded/cluster.js';
import { importPgliteData } from './embedded/pglite-import.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * An open database behind Drizzle: the embedded PostgreSQL of DATA_DIR, or the PostgreSQL server of
 * DATABASE_URL. The same engine and the same code either way.
 */
export interface Database {
  db: Db;
  /** `embedded`: the PostgreSQL of DATA_DIR (owned by this process or joined); `postgres`: DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  pool: pg.Pool;
  /** The connection string (the embedded one names the socket folder). */
  url: string;
  /** The embedded database's connection: whether this process owns DATA_DIR, or whom it joined. */
  embedded?: Omit<EmbeddedConnection, 'close' | 'url'>;
  migrate(): Promise<void>;
  /** Closes the pool; the owner of an embedded database also stops it and releases DATA_DIR. */
  close(): Promise<void>;
}

/** The drizzle folder sits beside src/ and dist/; this file runs from src/db or bundled into dist. */
function resolveMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found next to ${here}`);
  return found;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** With the embedded database: take DATA_DIR (`owner`), join its running server (`guest`), or either (`any`). */
  role?: EmbeddedRole;
  /** What this process is, named to another process that finds DATA_DIR taken. */
  command?: string;
  log?: ClusterLog;
  /** Connections in the pool (default 10). */
  poolSize?: number;
}

/** The advisory lock migrations hold (any number: it only has to be the same in every process). */
export const MIGRATION_LOCK = 7_270_620;

/**
 * Runs the migrations on one connection holding MIGRATION_LOCK, so processes starting together on a
 * fresh database (a server and `npm run worker`, the workers of a fleet) migrate one after another: the
 * second finds the first's work done instead of creating the same tables at the same time.
 */
async function migrateLocked(pool: pg.Pool, folder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded database of `dataDir`. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  let embedded: EmbeddedConnection | undefined;
  let url = options.databaseUrl;
  if (!url) {
    if (!options.dataDir) throw new Error('openDatabase needs a DATABASE_URL or a DATA_DIR');
    embedded = await connectEmbedded(options.dataDir, {
      role: options.role ?? 'owner',
      command: options.command ?? 'adloom',
      log: options.log,
    });
    url = embedded.url;
  }
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle connection the server closed (a restart, a terminated backend) is dropped by the pool and
  // replaced on the next query; without a listener its 'error' event would end the process.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const db = drizzle(pool, { schema }) as unknown as Db;
  const folder = resolveMigrationsFolder();
  let closing: Promise<void> | undefined;
  const database: Database = {
    db,
    kind: embedded ? 'embedded' : 'postgres',
    pool,
    url,
    embedded: embedded && { owner: embedded.owner, holder: embedded.holder },
    async migrate() {
      await migrateLocked(pool, folder);
      // An installation from before the embedded PostgreSQL: its PGlite rows move in, once.
      if (embedded?.owner && options.dataDir)
        await importPgliteData(options.dataDir, pool, {
          migrationsFolder: folder,
          log: (message) => (options.log ?? console).info(message),
          prepareQueue: async () => {
            const { createJobQueue } = await import('../jobs/queue.js');
            const queue = createJobQueue(database, { log: { info() {}, warn() {}, error() {} } });
            await queue.start();
            await queue.stop();
          },
        });
    },
    close() {
      closing ??= (async () => {
        // A connection still checked out (a query under way at shutdown) must not keep the embedded
        // server running: its fast shutdown ends such sessions.
        await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
        await embedded?.close();
      })();
      return closing;
    },
  };
  return database;
}
