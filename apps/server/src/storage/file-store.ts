import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface PutOptions {
  /** Kept with the file and given back by `get`, so the file can be served with it. */
  contentType?: string;
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

  /** Writes the metadata first and moves the file in last, so a readable file always has its metadata. */
  async function commit(key: string, temp: string, options: PutOptions | undefined) {
    const file = resolve(key);
    const meta = metaPath(key);
    if (options?.contentType) {
      await mkdir(path.dirname(meta), { recursive: true });
      await writeFile(meta, JSON.stringify({ contentType: options.contentType }));
    } else {
      await rm(meta, { force: true });
    }
    await mkdir(path.dirname(file), { recursive: true });
    await rename(temp, file);
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
    async get(key) {
      const file = resolve(key);
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        size = info.size;
      } catch {
        return null;
      }
      const meta = await readFile(metaPath(key), 'utf8').then(
        (text) => JSON.parse(text) as { contentType?: string },
        () => ({}) as { contentType?: string },
      );
      return { stream: createReadStream(file), size, contentType: meta.contentType };
    },
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
