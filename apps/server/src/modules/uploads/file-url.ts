import type { Config } from '../../config.js';
import { isSafeKey } from '../../storage/file-store.js';

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
const FILES_PATH = '/files/';

/** Where stored keys are read from: the local `/files/` route, or the S3 bucket (or its CDN). */
function filesBase(config: Config): string {
  const s3 = config.s3;
  if (!s3) return `${config.publicUrl}/files`;
  if (s3.publicUrl) return s3.publicUrl;
  if (s3.endpoint) return `${s3.endpoint}/${s3.bucket}`;
  // A bucket name with dots breaks the wildcard certificate of virtual-hosted addresses.
  return s3.bucket.includes('.')
    ? `https://s3.${s3.region}.amazonaws.com/${s3.bucket}`
    : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

/** The public URL of a stored upload key, for other modules to store and show. */
export function fileUrl(config: Config, key: string): string {
  return `${filesBase(config)}/${encodeKey(key)}`;
}

/** The address of a stored key on this site, `/files/{key}`: valid whatever PUBLIC_URL or the store. */
export function filePath(key: string): string {
  return `${FILES_PATH}${encodeKey(key)}`;
}

/** The key after `base` in `url`, decoded; null when `url` is not under `base` or names no safe key. */
function keyAfter(base: string, url: string): string | null {
  if (!url.startsWith(base)) return null;
  let key: string;
  try {
    key = decodeURIComponent(url.slice(base.length).split(/[?#]/)[0] ?? '');
  } catch {
    return null;
  }
  return isSafeKey(key) ? key : null;
}

/** The key behind a URL `fileUrl` made, or null for any other URL (so a server can read its own files directly). */
export function keyFromFileUrl(config: Config, url: string): string | null {
  return keyAfter(`${filesBase(config)}/`, url);
}

/** The key behind an address `filePath` made, or null. */
export function keyFromFilePath(url: string): string | null {
  return keyAfter(FILES_PATH, url);
}
