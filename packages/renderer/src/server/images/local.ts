import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatBytes, ImageLoadError, type ImageSubject } from './errors.js';
import { readAtMost } from '@adloom/net';

/** Bytes decoded from a data: URL or read from a file, with the URL that names them. */
export interface LocalBytes {
  readonly bytes: Buffer;
  readonly url: string;
}

function isBase64Char(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x2b || // +
    code === 0x2f || // /
    code === 0x2d || // - (base64url)
    code === 0x5f // _ (base64url)
  );
}

/** The exact decoded size of base64 text, counted without allocating (whitespace and padding ignored). */
function base64DecodedLength(text: string): number {
  let symbols = 0;
  for (let i = 0; i < text.length; i += 1) if (isBase64Char(text.charCodeAt(i))) symbols += 1;
  return Math.floor((symbols * 3) / 4);
}

/** Percent-decodes at the byte level (`%FF` is one byte, not a UTF-8 error); a stray `%` stays as it is. */
function percentDecode(text: string): Buffer {
  const input = Buffer.from(text, 'utf8');
  const output = Buffer.alloc(input.length);
  let length = 0;
  for (let i = 0; i < input.length; i += 1) {
    const hex = input[i] === 0x25 ? input.toString('latin1', i + 1, i + 3) : '';
    if (/^[\da-f]{2}$/i.test(hex)) {
      output[length] = parseInt(hex, 16);
      i += 2;
    } else {
      output[length] = input[i] ?? 0;
    }
    length += 1;
  }
  return output.subarray(0, length);
}

/**
 * Decodes a data: URL (`data:[type][;base64],payload`), checking the size before decoding. The media type
 * is ignored: the format is read from the bytes like any other image.
 */
export function decodeDataUrl(source: string, maxBytes: number): LocalBytes {
  const subject = { source };
  const comma = source.indexOf(',');
  if (comma < 0) {
    throw new ImageLoadError('BAD_URL', subject, 'is not a valid data: URL (no comma before the data)');
  }
  const isBase64 = /;\s*base64\s*$/i.test(source.slice(source.indexOf(':') + 1, comma));
  const payload = source.slice(comma + 1);
  const tooLarge = () => new ImageLoadError('TOO_LARGE', subject, `is larger than ${formatBytes(maxBytes)}`);
  if (isBase64) {
    const text = payload.includes('%') ? percentDecode(payload).toString('latin1') : payload;
    if (base64DecodedLength(text) > maxBytes) throw tooLarge();
    return { bytes: Buffer.from(text, 'base64'), url: source };
  }
  // Every decoded byte comes from at most three characters (%XX), so this bound needs no decoding.
  if (payload.length > 3 * maxBytes) throw tooLarge();
  const bytes = percentDecode(payload);
  if (bytes.length > maxBytes) throw tooLarge();
  return { bytes, url: source };
}

/** Turns a file: URL or a path (relative to the working directory) into an absolute path. */
function localPath(source: string, subject: ImageSubject): string {
  if (!/^file:/i.test(source.trim())) return resolve(source);
  try {
    return fileURLToPath(source.trim());
  } catch (error) {
    throw new ImageLoadError('BAD_URL', subject, 'is not a valid file: URL for this machine', {
      cause: error,
    });
  }
}

/**
 * Reads a local image file for the command-line renderer, within `maxBytes`. Refuses anything but a
 * regular file: a FIFO or device would block or never end.
 */
export async function readLocalFile(source: string, maxBytes: number): Promise<LocalBytes> {
  const subject = { source };
  const path = localPath(source, subject);
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO would otherwise wait for a writer; for regular files it changes nothing.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw fileError(error, subject);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new ImageLoadError('NOT_FOUND', subject, 'is not a regular file');
    if (stat.size > maxBytes) {
      throw new ImageLoadError(
        'TOO_LARGE',
        subject,
        `is larger than ${formatBytes(maxBytes)} (the file has ${formatBytes(stat.size)})`,
      );
    }
    // Read as a stream with the same limit: the file may grow between stat and read.
    const bytes = await readAtMost(handle.createReadStream({ autoClose: false }), maxBytes);
    if (bytes === undefined)
      throw new ImageLoadError('TOO_LARGE', subject, `is larger than ${formatBytes(maxBytes)}`);
    return { bytes, url: pathToFileURL(path).href };
  } catch (error) {
    throw error instanceof ImageLoadError ? error : fileError(error, subject);
  } finally {
    await handle.close();
  }
}

function fileError(error: unknown, subject: ImageSubject): ImageLoadError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new ImageLoadError('NOT_FOUND', subject, 'was not found: no such file', { cause: error });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new ImageLoadError('NETWORK', subject, `could not be read: ${reason}`, { cause: error });
}
