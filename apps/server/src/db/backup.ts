/**
 * Backups of a whole installation (`npm run cli -- backup` / `restore`): every row of the application's
 * tables and of the job queue, and the stored files when they live on the local disk, in one gzipped tar.
 *
 * - Online: the rows are read in one REPEATABLE READ transaction (one consistent snapshot) while the
 *   server goes on serving; a restore runs in one transaction too, so it replaces everything or nothing.
 * - Plain SQL over any PostgreSQL (the embedded one, DATABASE_URL's): no pg_dump, which the embedded
 *   database does not ship. Rows travel as JSON (row_to_json), and come back through
 *   json_populate_recordset, which gives every column its own type again.
 * - A backup restores into the same schema version it was made with (the migrations must match).
 *
 * Layout of the tar: `adloom-backup.json` (the manifest) first, then `db/<schema>.<table>/<n>.jsonl`
 * chunks of at most CHUNK_BYTES, then `files/<key>` and `files/.meta/<key>.json`.
 */
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import tar from 'tar-stream';

const FORMAT = 'adloom-backup';
const VERSION = 1;
const MANIFEST = 'adloom-backup.json';
const CHUNK_BYTES = 8 * 1024 * 1024;
const FETCH_ROWS = 2000;
/** Schemas whose tables are backed up: the application's and the job queue's. */
const SCHEMAS = ['public', 'pgboss'];
/** Tables the software writes itself, the same in every installation of a version. */
const SKIPPED = new Set(['pgboss.version']);
/** Restored before the rest, through the queue's own function, so that each queue's partition exists. */
const QUEUES = 'pgboss.queue';

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** The last applied migration (drizzle's hash), which a restore target must match. */
  migration: string | null;
  migrations: number;
  tables: { name: string; rows: number }[];
  files: number;
}

export interface BackupOptions {
  /** The local file store's folder, to include its files (none when the files live in S3). */
  filesDir?: string;
  /** Called as the work goes on (a table done, files so far). */
  progress?: (message: string) => void;
}

const quote = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.');

async function tablesOf(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname = ANY($1)
      ORDER BY (n.nspname || '.' || c.relname) <> $2, n.nspname, c.relname`,
    [SCHEMAS, QUEUES],
  );
  return rows.map((r) => r.name).filter((name) => !SKIPPED.has(name));
}

async function migrationState(
  client: pg.PoolClient,
): Promise<{ migration: string | null; migrations: number }> {
  const { rows } = await client.query<{ hash: string; n: number }>(
    `SELECT (SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at DESC, id DESC LIMIT 1) AS hash,
            (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS n`,
  );
  return { migration: rows[0]?.hash ?? null, migrations: rows[0]?.n ?? 0 };
}

/** Files of the disk store, relative to its folder (half-written ones in .tmp excluded). */
async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(root, '.tmp')) await walk(full);
      } else if (entry.isFile()) found.push(path.relative(root, full));
    }
  };
  await walk(root);
  return found.sort();
}

function addEntry(pack: tar.Pack, name: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => pack.entry({ name }, body, (e) => (e ? reject(e) : resolve())));
}

function addFile(pack: tar.Pack, name: string, file: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size }, (e) => (e ? reject(e) : resolve()));
    createReadStream(file).once('error', reject).pipe(entry);
  });
}

/**
 * Writes a backup to `out` (gzipped tar). The rows come from one snapshot; the database stays usable.
 */
export async function writeBackup(
  pool: pg.Pool,
  out: Writable,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  const pack = tar.pack();
  // tar-stream's streams are streamx streams: joined with pipe(), which both kinds keep to.
  const gzip = createGzip({ level: 6 });
  const written = new Promise<void>((resolve, reject) => {
    for (const stream of [gzip, out]) stream.once('error', reject);
    pack.once('error', reject);
    out.once('finish', () => resolve());
  });
  written.catch(() => undefined);
  pack.pipe(gzip).pipe(out);
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = await tablesOf(client);
    // The manifest goes first, so that a restore can refuse a backup before touching anything: the
    // counts come from the same snapshot as the rows.
    const counts: { name: string; rows: number }[] = [];
    for (const table of tables) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(table)}`);
      counts.push({ name: table, rows: rows[0]!.n });
    }
    const files = options.filesDir ? await listFiles(options.filesDir) : [];
    const manifest: BackupManifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      ...(await migrationState(client)),
      tables: counts,
      files: files.length,
    };
    await addEntry(pack, MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    for (const table of tables) {
      let part = 0;
      let lines: string[] = [];
      let bytes = 0;
      const flush = async () => {
        if (lines.length === 0) return;
        const name = `db/${table}/${String(part++).padStart(5, '0')}.jsonl`;
        const body = Buffer.from(lines.join(''));
        lines = [];
        bytes = 0;
        await addEntry(pack, name, body);
      };
      await client.query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${quote(table)} t`,
      );
      for (;;) {
        const { rows: batch } = await client.query<{ r: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
        for (const { r } of batch) {
          lines.push(r + '\n');
          bytes += r.length + 1;
          if (bytes >= CHUNK_BYTES) await flush();
        }
        if (batch.length < FETCH_ROWS) break;
      }
      await client.query('CLOSE backup_rows');
      await flush();
      options.progress?.(`${table}: ${counts.find((c) => c.name === table)!.rows} rows`);
    }
    await client.query('COMMIT');
    let done = 0;
    for (const file of files) {
      const full = path.join(options.filesDir!, file);
      const size = (await stat(full).catch(() => null))?.size;
      if (size === undefined) continue; // removed meanwhile
      await addFile(pack, `files/${file}`, full, size);
      if (++done % 500 === 0) options.progress?.(`files: ${done} of ${files.length}`);
    }
    pack.finalize();
    await written;
    return manifest;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    pack.destroy(e as Error);
    await written.catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** A backup that cannot be restored here: the message says why. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface RestoreOptions {
  /** The local file store's folder, to put the backup's files back (skipped when absent). */
  filesDir?: string;
  progress?: (message: string) => void;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  rows: number;
  files: number;
}

function parseManifest(body: Buffer): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(body.toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupError('This file is not an Adloom backup: its manifest is not JSON.');
  }
  if (manifest.format !== FORMAT) throw new BackupError('This file is not an Adloom backup.');
  if (manifest.version > VERSION)
    throw new BackupError(
      `This backup has format ${manifest.version}; this version reads format ${VERSION}.`,
    );
  return manifest;
}

async function readEntry(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Empties every table the backup restores, in the open transaction. */
async function emptyTables(client: pg.PoolClient, tables: string[]) {
  const app = tables.filter((t) => t.startsWith('public.'));
  if (app.length) await client.query(`TRUNCATE ${app.map(quote).join(', ')} CASCADE`);
  for (const t of tables.filter((name) => !name.startsWith('public.') && name !== QUEUES))
    await client.query(`DELETE FROM ${quote(t)}`);
}

async function insertRows(client: pg.PoolClient, table: string, lines: string[]) {
  if (table === QUEUES) {
    // Each queue through pg-boss's function, which also makes the queue's partition of the job table.
    for (const line of lines) {
      const queue = JSON.parse(line) as Record<string, unknown>;
      await client.query(`SELECT pgboss.create_queue($1, $2)`, [
        queue.name,
        JSON.stringify({
          policy: queue.policy,
          retryLimit: queue.retry_limit,
          retryDelay: queue.retry_delay,
          retryBackoff: queue.retry_backoff,
          expireInSeconds: queue.expire_seconds,
          retentionMinutes: queue.retention_minutes,
          deadLetter: queue.dead_letter,
        }),
      ]);
    }
    return;
  }
  const rows = `[${lines.map((l) => l.trimEnd()).join(',')}]`;
  await client.query(
    `INSERT INTO ${quote(table)} OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`,
    [rows],
  );
}

/** Brings every sequence owned by a restored column up to the column's largest value. */
async function resetSequences(client: pg.PoolClient) {
  const { rows } = await client.query<{ seq: string; tbl: string; col: string }>(
    `SELECT s.oid::regclass::text AS seq, t.oid::regclass::text AS tbl, a.attname AS col
       FROM pg_class s
       JOIN pg_depend d ON d.objid = s.oid AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE s.relkind = 'S' AND n.nspname = ANY($1)`,
    [SCHEMAS],
  );
  for (const { seq, tbl, col } of rows)
    await client.query(
      `SELECT setval($1::regclass, COALESCE((SELECT max(${quote(col)}) FROM ${tbl}), 0) + 1, false)`,
      [seq],
    );
}

/**
 * Replaces the database's rows (and the disk store's files) with the backup's, in one transaction: a
 * backup that is damaged or of another schema version changes nothing. The job queue's schema must exist
 * (start a queue on the database once before).
 */
export async function restoreBackup(
  pool: pg.Pool,
  input: Readable,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const client = await pool.connect();
  const staging = options.filesDir
    ? await mkdtemp(path.join(path.dirname(path.resolve(options.filesDir)), '.restore-'))
    : undefined;
  let manifest: BackupManifest | undefined;
  let rows = 0;
  let files = 0;
  let began = false;
  /** Why the file could not be read (gzip or tar), when it could not. */
  let damaged: Error | undefined;
  try {
    const target = await migrationState(client);
    // Piped only now, right before the loop reads it: an entry the extractor meets before its reader
    // is attached is never handed to it, and the extraction stalls.
    const extract = tar.extract();
    const gunzip = createGunzip();
    // A damaged file fails the entry being read too, or its reader would wait for bytes forever.
    let current: { destroy(error?: Error): void } | undefined;
    const fail = (error: Error) => {
      damaged ??= error;
      current?.destroy(error);
      extract.destroy(error);
    };
    for (const stream of [input, gunzip]) stream.once('error', fail);
    input.pipe(gunzip).pipe(extract);
    for await (const entry of extract) {
      current = entry;
      const name = entry.header.name;
      if (!manifest) {
        if (name !== MANIFEST)
          throw new BackupError('This file is not an Adloom backup: it has no manifest first.');
        manifest = parseManifest(await readEntry(entry as unknown as AsyncIterable<Buffer>));
        if (manifest.migration !== target.migration)
          throw new BackupError(
            `This backup was made at schema version ${manifest.migrations} and the database is at ${target.migrations}: ` +
              'restore it with the Adloom version that made it.',
          );
        await client.query('BEGIN');
        began = true;
        // Foreign keys are checked by the data's origin, not row by row in file order.
        await client.query(`SET LOCAL session_replication_role = replica`);
        await client.query(`SET LOCAL lock_timeout = '30s'`);
        await emptyTables(
          client,
          manifest.tables.map((t) => t.name),
        );
        continue;
      }
      const table = /^db\/([a-z_0-9]+\.[a-z_0-9]+)\/\d+\.jsonl$/i.exec(name)?.[1];
      if (table) {
        if (!manifest.tables.some((t) => t.name === table))
          throw new BackupError(`The backup has rows of an unknown table ${table}.`);
        const lines = (await readEntry(entry as unknown as AsyncIterable<Buffer>))
          .toString('utf8')
          .split('\n')
          .filter(Boolean);
        await insertRows(client, table, lines);
        rows += lines.length;
        options.progress?.(`${table}: ${rows} rows so far`);
      } else if (name.startsWith('files/') && staging) {
        const relative = path.normalize(name.slice('files/'.length));
        if (relative.startsWith('..') || path.isAbsolute(relative))
          throw new BackupError(`Unsafe file name in the backup: ${name}`);
        const to = path.join(staging, relative);
        await mkdir(path.dirname(to), { recursive: true });
        const handle = await open(to, 'w');
        try {
          for await (const part of entry) await handle.write(part as Buffer);
        } finally {
          await handle.close();
        }
        if (++files % 500 === 0) options.progress?.(`files: ${files}`);
      } else {
        entry.resume();
      }
    }
    if (!manifest) throw new BackupError('This file is not an Adloom backup: it is empty.');
    const expected = manifest.tables.reduce((n, t) => n + t.rows, 0);
    if (rows !== expected) throw new BackupError(`The backup is incomplete: ${rows} of ${expected} rows.`);
    await resetSequences(client);
    await client.query('COMMIT');
    began = false;
    if (staging && options.filesDir) {
      for (const file of await listFiles(staging)) {
        const to = path.join(options.filesDir, file);
        await mkdir(path.dirname(to), { recursive: true });
        await rename(path.join(staging, file), to);
      }
    }
    return { manifest, rows, files };
  } catch (e) {
    if (began) await client.query('ROLLBACK').catch(() => undefined);
    if (e instanceof BackupError) throw e;
    const unreadable =
      damaged ??
      (/incorrect header check|unexpected end|invalid tar/i.test((e as Error).message)
        ? (e as Error)
        : undefined);
    if (unreadable)
      throw new BackupError(
        `This file is not a complete Adloom backup (${unreadable.message}); nothing was changed.`,
      );
    throw e;
  } finally {
    client.release();
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}
