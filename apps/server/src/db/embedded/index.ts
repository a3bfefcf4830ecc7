/**
 * The embedded database: PostgreSQL in DATA_DIR, owned by one process at a time (the lock), reached by
 * the others through its socket. `npm start` owns it; `npm run worker` and the admin command line join
 * the running server, and the command line owns it for its own run when no server is running.
 */
import { connectionUrl, startCluster, type ClusterLog } from './cluster.js';
import {
  currentHolder,
  DataDirLockedError,
  lockDataDir,
  readLockHolder,
  type LockHolder,
} from './data-dir-lock.js';

export { DataDirLockedError, currentHolder, readLockHolder, type LockHolder } from './data-dir-lock.js';
export { pgdataOf, socketDirOf, connectionUrl, startCluster, EMBEDDED_DATABASE } from './cluster.js';

/**
 * - `owner`: take DATA_DIR (fails naming the holder when another process has it) and start its server;
 * - `guest`: connect to the server of the process that owns DATA_DIR (fails when none runs);
 * - `any`: a guest when a process owns DATA_DIR, otherwise its owner until closed.
 */
export type EmbeddedRole = 'owner' | 'guest' | 'any';

export interface EmbeddedConnection {
  /** Connection string of the application's database. */
  url: string;
  /** Whether this process started the server (and stops it on close). */
  owner: boolean;
  /** The owner, when this process joined another's server. */
  holder?: LockHolder;
  close(): Promise<void>;
}

export interface ConnectOptions {
  role: EmbeddedRole;
  /** What this process is, for the lock ("npm start", "npm run cli -- backup"). */
  command: string;
  log?: ClusterLog;
}

const quiet: ClusterLog = { info: () => undefined, warn: (m) => console.warn(m) };

/** Waits for a starting owner to record its socket (it may have just taken the lock). */
async function socketOf(dataDir: string, holder: LockHolder): Promise<string> {
  const until = Date.now() + 60_000;
  let current: LockHolder | undefined = holder;
  while (!current?.socketDir) {
    if (Date.now() > until)
      throw new Error(
        `Process ${holder.pid} (${holder.command}) holds DATA_DIR ${dataDir} but its database did not start within 60 s.`,
      );
    await new Promise((r) => setTimeout(r, 100));
    current = await readLockHolder(dataDir);
    if (!current || !(await currentHolder(dataDir)))
      throw new Error(`Process ${holder.pid} (${holder.command}) stopped while its database was starting.`);
  }
  return current.socketDir;
}

async function join(dataDir: string, holder: LockHolder): Promise<EmbeddedConnection> {
  return {
    url: connectionUrl(await socketOf(dataDir, holder)),
    owner: false,
    holder,
    close: async () => undefined,
  };
}

async function own(dataDir: string, options: ConnectOptions): Promise<EmbeddedConnection> {
  const lock = await lockDataDir(dataDir, options.command);
  try {
    const cluster = await startCluster(dataDir, options.log ?? quiet);
    await lock.ready(cluster.socketDir);
    return {
      url: cluster.url(),
      owner: true,
      async close() {
        await cluster.stop();
        await lock.release();
      },
    };
  } catch (e) {
    await lock.release();
    throw e;
  }
}

/** Opens the embedded database of `dataDir` in the given role. */
export async function connectEmbedded(dataDir: string, options: ConnectOptions): Promise<EmbeddedConnection> {
  if (options.role === 'owner') return own(dataDir, options);
  const holder = await currentHolder(dataDir);
  if (holder) return join(dataDir, holder);
  if (options.role === 'guest')
    throw new Error(
      `No Adloom server is running on DATA_DIR ${dataDir}: start it with \`npm start\` first ` +
        '(with the embedded database, workers join the running server).',
    );
  try {
    return await own(dataDir, options);
  } catch (e) {
    // A server took the folder meanwhile: join it.
    if (e instanceof DataDirLockedError && e.holder) return join(dataDir, e.holder);
    throw e;
  }
}
