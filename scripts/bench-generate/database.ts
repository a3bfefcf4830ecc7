/**
 * The database of `npm run bench:generate`, migrated: with BENCH_DATABASE_URL (or TEST_DATABASE_URL), a
 * PostgreSQL admin URL, a fresh database on that server, dropped at the end; otherwise the embedded
 * PostgreSQL in a fresh DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';

export interface BenchDatabase {
  database: Database;
  /** The fresh database's URL (PostgreSQL), for the worker processes. */
  url: string | undefined;
  label: string;
  /** Closes the database and, on PostgreSQL, drops it once every connection to it has gone. */
  drop(): Promise<void>;
}

export function adminUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

export async function openBenchDatabase(): Promise<BenchDatabase> {
  const admin = adminUrl();
  if (!admin) {
    // The embedded database as `npm start` runs it, in a fresh DATA_DIR; workers join it by its URL.
    const dir = await mkdtemp(path.join(tmpdir(), 'adloom-bench-'));
    const database = await openDatabase({ dataDir: dir, command: 'npm run bench:generate' });
    await database.migrate();
    return {
      database,
      url: database.url,
      label: 'the embedded PostgreSQL',
      async drop() {
        await database.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `adloom_bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  // A connection closing while the database is dropped must not become an uncaught error here.
  database.pool!.on('error', () => undefined);
  await database.migrate();
  const version = await database.pool!.query<{ v: string }>(`select current_setting('server_version') as v`);
  return {
    database,
    url: url.toString(),
    label: `PostgreSQL ${version.rows[0]?.v ?? ''}`.trim(),
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      try {
        // pool.end() resolves before its sockets have closed: let them go before dropping.
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const { rows } = await dropper.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
