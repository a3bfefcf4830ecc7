/**
 * The exclusive lock on a DATA_DIR: one process at a time owns the embedded database's files.
 *
 * On Linux the lock is a listening socket in the abstract namespace named after the folder: binding it is
 * atomic, and the kernel releases it when its process ends, however it ends (SIGKILL included), so a
 * crashed owner never leaves a stale lock behind. Elsewhere it is `adloom.lock` created exclusively, taken
 * over when the process it names is gone. Either way `adloom.lock` says who holds the folder and, once the
 * database is up, where its socket is, so that other processes can name the holder or connect to it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface LockHolder {
  pid: number;
  /** What holds it, e.g. "npm start" or "npm run cli -- user:create". */
  command: string;
  startedAt: string;
  /** The folder of the running database's socket, once it accepts connections. */
  socketDir?: string;
}

export interface DataDirLock {
  readonly file: string;
  /** Records the database's socket for other processes. */
  ready(socketDir: string): Promise<void>;
  release(): Promise<void>;
}

/** Another process holds the folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      holder
        ? `DATA_DIR ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.startedAt}); ` +
            'stop it first, or choose another DATA_DIR.'
        : `DATA_DIR ${dataDir} is in use by another process; stop it first, or choose another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_FILE = 'adloom.lock';

export const lockFile = (dataDir: string) => path.join(dataDir, LOCK_FILE);

/** The holder named in the folder's lock file, if any (it may have ended since). */
export async function readLockHolder(dataDir: string): Promise<LockHolder | undefined> {
  try {
    const holder = JSON.parse(await readFile(lockFile(dataDir), 'utf8')) as LockHolder;
    return typeof holder.pid === 'number' ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** True while a process with this id exists (one we may not signal exists too). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function abstractName(dataDir: string): string {
  const digest = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 32);
  return `\0adloom-data-dir-${digest}`;
}

function listenExclusive(name: string): Promise<net.Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EADDRINUSE' ? resolve(undefined) : reject(e),
    );
    server.listen({ path: name, exclusive: true }, () => {
      // The lock must not keep an otherwise finished process alive.
      server.unref();
      resolve(server);
    });
  });
}

/** Whether a process listens on the abstract socket (connecting, not binding: a probe never takes the lock). */
function answers(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ path: name });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Writes the lock file whole (a reader never sees half of it). */
async function writeHolder(file: string, holder: LockHolder) {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(holder, null, 2) + '\n', { mode: 0o644 });
  await rename(temp, file);
}

/** Creates the lock file only when absent; takes over one whose process is gone. */
async function createLockFile(file: string, holder: LockHolder, dataDir: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, JSON.stringify(holder, null, 2) + '\n', { flag: 'wx', mode: 0o644 });
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const current = await readLockHolder(dataDir);
    if (current && current.pid !== process.pid && processAlive(current.pid))
      throw new DataDirLockedError(dataDir, current);
    await rm(file, { force: true });
  }
  throw new DataDirLockedError(dataDir, await readLockHolder(dataDir));
}

/**
 * Takes the folder's lock for this process, or throws DataDirLockedError naming the process that holds it.
 * `command` says what this process is, for that message.
 */
export async function lockDataDir(dataDir: string, command: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  const holder: LockHolder = { pid: process.pid, command, startedAt: new Date().toISOString() };
  let server: net.Server | undefined;
  if (os.platform() === 'linux') {
    server = await listenExclusive(abstractName(dataDir));
    if (!server) throw new DataDirLockedError(dataDir, await readLockHolder(dataDir));
    await writeHolder(file, holder);
  } else {
    await createLockFile(file, holder, dataDir);
  }
  let released = false;
  return {
    file,
    async ready(socketDir) {
      holder.socketDir = socketDir;
      await writeHolder(file, holder);
    },
    async release() {
      if (released) return;
      released = true;
      const current = await readLockHolder(dataDir);
      if (current?.pid === process.pid) await rm(file, { force: true });
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}

/**
 * The live holder of the folder's lock, if one holds it now. On Linux the abstract socket decides (a lock
 * file left by a killed process names nobody); elsewhere the process named in the file must still exist.
 */
export async function currentHolder(dataDir: string): Promise<LockHolder | undefined> {
  const holder = await readLockHolder(dataDir);
  if (os.platform() === 'linux') {
    if (!(await answers(abstractName(dataDir)))) return undefined;
    return holder ?? { pid: 0, command: 'an unknown process', startedAt: '' };
  }
  return holder && processAlive(holder.pid) ? holder : undefined;
}
