import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface PutOptions {
  /** Kept with the file and given back by `get`, so the file can be served with it. */
  contentType?: string;
  /**
   * Writes only when nothing is stored under the key yet (S3's `If-None-Match: *`); otherwise throws
   * FileExistsError and leaves the stored file as it is. What is written this way is never overwritten by
   * another such write.
   */
  ifAbsent?: boolean;
}

/** A write with `ifAbsent` found a file under its key already. */
export class FileExistsError extends Error {
  constructor(readonly key: string) {
    super(`A file is stored under ${key} already.`);
    this.name = 'FileExistsError';
  }
}

export interface StoredFile {
  stream: Readable;
  size: number;
  contentType?: string;
}

/**
 * Stored files under keys such as `clients/{id}/msa/{name}`: on the local disk by default, in the S3 bucket
 * when S3 is configured (`createFileStore`).
 */
export interface FileStore {
  put(key: string, body: Buffer, options?: PutOptions): Promise<void>;
  /**
   * Streams `body` to `key`. The file appears under its key only once the stream has ended cleanly;
   * when the stream fails (a size cap, a dropped connection) nothing is stored and the error is rethrown.
   */
  putStream(key: string, body: Readable, options?: PutOptions): Promise<{ size: number }>;
  /**
   * Copies the file under `from` to `to` (S3: a copy inside the bucket; disk: a hard link, no bytes copied),
   * with `options.contentType` or else the source's. The copy is a file of its own: whatever is written to
   * `from` later does not change it. Null when nothing is stored under `from`.
   */
  copy(from: string, to: string, options?: PutOptions): Promise<{ size: number } | null>;
  /** The file under `key`, or null when none is stored there. */
  get(key: string): Promise<StoredFile | null>;
  /** True when a file is stored under `key`; cheaper than `get`, which opens the file. */
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/;

/** True for a key every store accepts: safe characters, no empty, `.` or `..` segment. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.' || part === '');
}

/** Throws for a key `isSafeKey` refuses; every store checks each key before touching anything. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/**
 * Files live at `{root}/{key}`. Content types live in `{root}/.meta/{key}.json` and half-written files in
 * `{root}/.tmp/`: keys start with a letter or digit, so no key can reach either folder.
 */
export function createDiskFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  const metaPath = (key: string) => path.join(root, '.meta', `${key}.json`);
  const tempPath = () => path.join(root, '.tmp', randomUUID());

  async function writeMeta(key: string, contentType: string | undefined) {
    const meta = metaPath(key);
    if (contentType) {
      await mkdir(path.dirname(meta), { recursive: true });
      await writeFile(meta, JSON.stringify({ contentType }));
    } else {
      await rm(meta, { force: true });
    }
  }

  const isFile = (file: string) =>
    stat(file).then(
      (info) => info.isFile(),
      () => false,
    );

  /**
   * Writes the metadata first and moves the file in last, so a readable file always has its metadata. With
   * `ifAbsent` the file is hard-linked in, which fails when the key exists (the check that comes first only
   * spares the metadata of a file stored already).
   */
  async function commit(key: string, temp: string, options: PutOptions | undefined) {
    const file = resolve(key);
    if (options?.ifAbsent && (await isFile(file))) throw new FileExistsError(key);
    await writeMeta(key, options?.contentType);
    await mkdir(path.dirname(file), { recursive: true });
    if (!options?.ifAbsent) return rename(temp, file);
    try {
      await link(temp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new FileExistsError(key);
      throw e;
    }
    await rm(temp, { force: true });
  }

  async function writeTemp(write: (temp: string) => Promise<void>): Promise<string> {
    const temp = tempPath();
    await mkdir(path.dirname(temp), { recursive: true });
    try {
      await write(temp);
      return temp;
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
  }

  const readContentType = (key: string) =>
    readFile(metaPath(key), 'utf8').then(
      (text) => (JSON.parse(text) as { contentType?: string }).contentType,
      () => undefined,
    );

  async function get(key: string): Promise<StoredFile | null> {
    const file = resolve(key);
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      size = info.size;
    } catch {
      return null;
    }
    return { stream: createReadStream(file), size, contentType: await readContentType(key) };
  }

  return {
    async put(key, body, options) {
      resolve(key);
      const temp = await writeTemp((t) => writeFile(t, body));
      await commit(key, temp, options).catch(async (e) => {
        await rm(temp, { force: true });
        throw e;
      });
    },
    async putStream(key, body, options) {
      resolve(key);
      const temp = await writeTemp((t) => pipeline(body, createWriteStream(t)));
      try {
        const { size } = await stat(temp);
        await commit(key, temp, options);
        return { size };
      } catch (e) {
        await rm(temp, { force: true });
        throw e;
      }
    },
    async copy(from, to, options) {
      const source = resolve(from);
      resolve(to);
      const contentType = options?.contentType ?? (await readContentType(from));
      // A second name for the source's bytes: every write replaces a key's file by a rename, never in place,
      // so nothing written to `from` later reaches `to`.
      const temp = tempPath();
      await mkdir(path.dirname(temp), { recursive: true });
      try {
        await link(source, temp);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
      try {
        const { size } = await stat(temp);
        await commit(to, temp, { ...options, contentType });
        return { size };
      } finally {
        await rm(temp, { force: true });
      }
    },
    get,
    async exists(key) {
      const info = await stat(resolve(key)).catch(() => null);
      return info?.isFile() ?? false;
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
      await rm(metaPath(key), { force: true });
    },
  };
}
