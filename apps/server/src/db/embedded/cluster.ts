/**
 * The embedded PostgreSQL server: a real PostgreSQL 18 (from an npm package, see binaries.ts) whose files
 * live in `{DATA_DIR}/postgres`, started by the process that owns DATA_DIR. It listens on no TCP port,
 * only on a Unix socket in a folder that only this machine's user can enter (mode 0700), so the admin
 * command line and `npm run worker` reach it and nobody else does. Being PostgreSQL itself, it is as
 * crash-safe as a production server: a process killed outright loses no committed transaction.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresBinaries } from './binaries.js';
import { processAlive } from './data-dir-lock.js';

/** The database role and database the application uses inside the embedded server. */
export const EMBEDDED_USER = 'adloom';
export const EMBEDDED_DATABASE = 'adloom';
/** Names the socket file (.s.PGSQL.5432); nothing listens on a TCP port. */
export const EMBEDDED_PORT = 5432;

export interface ClusterLog {
  info(message: string): void;
  warn(message: string): void;
  /** The server's routine messages (LOG: starting, shutting down); dropped when absent. */
  debug?(message: string): void;
}

export interface EmbeddedCluster {
  socketDir: string;
  /** A connection string for node-postgres (the socket folder as host). */
  url(database?: string): string;
  /** Fast shutdown: active transactions roll back, a checkpoint is written; waits for the server to exit. */
  stop(): Promise<void>;
}

export const pgdataOf = (dataDir: string) => path.join(dataDir, 'postgres');

/** A Unix socket path is at most 107 bytes: a deep DATA_DIR gets its socket folder in the temp folder. */
export function socketDirOf(dataDir: string): string {
  const inside = path.join(path.resolve(dataDir), 'run');
  if (Buffer.byteLength(path.join(inside, `.s.PGSQL.${EMBEDDED_PORT}.lock`)) <= 100) return inside;
  const digest = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `adloom-${digest}`);
}

export function connectionUrl(socketDir: string, database = EMBEDDED_DATABASE): string {
  return `postgres://${EMBEDDED_USER}@localhost/${database}?host=${encodeURIComponent(socketDir)}&port=${EMBEDDED_PORT}`;
}

interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

/**
 * PostgreSQL refuses to run as root. A root process (a container, a CI machine) runs it as the system's
 * `postgres` user, created when missing.
 */
function runAsUser(): RunAs | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
    name: 'postgres',
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], {
        stdio: 'ignore',
      });
      return ids();
    } catch {
      throw new Error(
        'PostgreSQL does not run as root, and no `postgres` user could be created to run the embedded ' +
          'database: create one (useradd --system postgres), run Adloom as another user, or set DATABASE_URL.',
      );
    }
  }
}

/** Every folder above `target` must let the database's user through (mode o+x), or it cannot reach its files. */
async function checkReachable(target: string, runAs: RunAs) {
  let dir = path.dirname(path.resolve(target));
  for (;;) {
    const s = await stat(dir);
    const through =
      s.uid === runAs.uid ? s.mode & 0o100 : s.gid === runAs.gid ? s.mode & 0o010 : s.mode & 0o001;
    if (!through)
      throw new Error(
        `The embedded database runs as the '${runAs.name}' user (PostgreSQL does not run as root), which cannot ` +
          `enter ${dir}: allow it (chmod o+x ${dir}), or choose a DATA_DIR it can reach.`,
      );
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

/** A folder owned by the database's user, mode 0700. */
async function privateDir(dir: string, runAs: RunAs | undefined) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  if (runAs) await chown(dir, runAs.uid, runAs.gid);
}

function run(command: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(runAs ?? {}) });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} failed (${code}): ${output.trim()}`)),
    );
  });
}

/**
 * Creates the cluster when the folder has none. initdb writes into a folder beside it that is renamed
 * into place when complete, so a process killed during initdb leaves no half-made cluster behind.
 */
async function initialise(pgdata: string, runAs: RunAs | undefined, log: ClusterLog) {
  if (existsSync(path.join(pgdata, 'PG_VERSION'))) return false;
  const { initdb } = await postgresBinaries();
  const building = `${pgdata}.initdb`;
  await rm(building, { recursive: true, force: true });
  await privateDir(building, runAs);
  log.info(`creating the embedded database in ${pgdata}`);
  await run(
    initdb,
    [
      `--pgdata=${building}`,
      `--username=${EMBEDDED_USER}`,
      '--auth=trust',
      '--encoding=UTF8',
      // Unicode-aware upper/lower and the same byte-order sorting on every machine, whatever its locales.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--lc-messages=C',
      '--no-instructions',
    ],
    runAs,
  );
  if (existsSync(pgdata))
    await rmdir(pgdata).catch(() => {
      throw new Error(`${pgdata} holds files but no database cluster: move it away, then start again.`);
    });
  await rename(building, pgdata);
  return true;
}

/**
 * A server left running by an owner that was killed outright (its child keeps running): shut it down
 * before starting ours. Only called by the new owner of DATA_DIR, so no live process is using it.
 */
async function stopOrphan(pgdata: string, log: ClusterLog) {
  let pid: number;
  try {
    pid = Number((await readFile(path.join(pgdata, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (!pid || !isPostgres(pid)) return;
  log.warn(`the embedded database of a previous process is still running (pid ${pid}): shutting it down`);
  for (const [signal, waitMs] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await exited(pid, waitMs)) return;
  }
}

function isPostgres(pid: number): boolean {
  if (!processAlive(pid)) return false;
  try {
    return execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }).includes('postgres');
  } catch {
    return false;
  }
}

async function exited(pid: number, waitMs: number): Promise<boolean> {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    if (!isPostgres(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isPostgres(pid);
}

/** Starts the server process and resolves once it accepts connections. */
function startPostgres(
  pgdata: string,
  socketDir: string,
  runAs: RunAs | undefined,
  postgresBin: string,
  log: ClusterLog,
) {
  const settings = {
    listen_addresses: '',
    unix_socket_directories: socketDir,
    unix_socket_permissions: '0700',
    port: String(EMBEDDED_PORT),
    max_connections: '100',
    // Messages reach the owner's log through stderr; no log files pile up in DATA_DIR.
    logging_collector: 'off',
    log_min_messages: 'warning',
    log_checkpoints: 'off',
    log_line_prefix: '',
  };
  const args = ['-D', pgdata, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const child: ChildProcess = spawn(postgresBin, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(runAs ?? {}),
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  return new Promise<ChildProcess>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-4000);
      for (const raw of text.split('\n')) {
        const line = raw.trim();
        if (!line) continue;
        if (/^(LOG|DETAIL|HINT|STATEMENT):|the database system is (starting up|shutting down)/.test(line))
          log.debug?.(`embedded database: ${line}`);
        else log.warn(`embedded database: ${line}`);
      }
    };
    child.stderr!.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`the embedded database stopped while starting (${code ?? signal}): ${output.trim()}`)),
    );
    const until = Date.now() + 60_000;
    const poll = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const client = new pg.Client({ connectionString: connectionUrl(socketDir, 'postgres') });
      try {
        await client.connect();
        await client.end();
        child.removeAllListeners('exit');
        resolve(child);
      } catch {
        await client.end().catch(() => undefined);
        if (Date.now() > until) {
          child.kill('SIGQUIT');
          reject(new Error(`the embedded database did not accept connections within 60 s: ${output.trim()}`));
        } else setTimeout(() => void poll(), 50);
      }
    };
    setTimeout(() => void poll(), 30);
  });
}

async function ensureDatabase(socketDir: string) {
  const client = new pg.Client({ connectionString: connectionUrl(socketDir, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      EMBEDDED_DATABASE,
    ]);
    if (!rowCount) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts the embedded server of `dataDir` (creating it on first use). The caller must own DATA_DIR
 * (data-dir-lock.ts): two servers on one folder are what this module exists to prevent.
 */
export async function startCluster(dataDir: string, log: ClusterLog): Promise<EmbeddedCluster> {
  const runAs = runAsUser();
  const pgdata = pgdataOf(dataDir);
  const socketDir = socketDirOf(dataDir);
  if (runAs) {
    await chmod(dataDir, (await stat(dataDir)).mode | 0o011);
    await checkReachable(pgdata, runAs);
  }
  const { postgres } = await postgresBinaries();
  await initialise(pgdata, runAs, log);
  await stopOrphan(pgdata, log);
  await privateDir(socketDir, runAs);

  // A server killed a moment ago may still be letting go of its lock file and shared memory.
  let child: ChildProcess | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      child = await startPostgres(pgdata, socketDir, runAs, postgres, log);
      break;
    } catch (e) {
      const busy = /postmaster\.pid|shared memory|already in use|already exists/i.test((e as Error).message);
      if (!busy || attempt >= 40) throw e;
      await stopOrphan(pgdata, log);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await ensureDatabase(socketDir);

  const running = child;
  let stopping: Promise<void> | undefined;
  return {
    socketDir,
    url: (database) => connectionUrl(socketDir, database),
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        if (running.exitCode !== null || running.signalCode !== null) return resolve();
        const quit = setTimeout(() => running.kill('SIGQUIT'), 20_000);
        running.once('exit', () => {
          clearTimeout(quit);
          resolve();
        });
        running.kill('SIGINT');
      });
      return stopping;
    },
  };
}
