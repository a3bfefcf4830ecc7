import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { invalidInput } from '../../errors.js';

const MB = 1024 * 1024;

export interface UploadTypeRule {
  /** The folder under `clients/{clientId}/` that holds uploads of this type. */
  folder: string;
  /** What one upload of this type is, in messages: 'a logo', 'an audio track'. */
  noun: string;
  /** Content types a client may declare; the signed policy binds the one chosen. */
  contentTypes: readonly string[];
  maxBytes: number;
}

/** What each kind of upload may carry. The GraphQL enum `UploadType` lists these keys. */
export const UPLOAD_TYPES = {
  TEMPLATE_THUMBNAIL: {
    folder: 'template-thumbnails',
    noun: 'a template thumbnail',
    contentTypes: ['image/jpeg', 'image/png'],
    maxBytes: 5 * MB,
  },
  TEMPLATE_IMAGE: {
    folder: 'template-images',
    noun: 'a template image',
    contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'],
    maxBytes: 20 * MB,
  },
  BRAND_KIT_LOGO: {
    folder: 'brand-kit-logos',
    noun: 'a logo',
    contentTypes: ['image/png', 'image/jpeg', 'image/svg+xml'],
    maxBytes: 10 * MB,
  },
  BRAND_KIT_FONT: {
    folder: 'brand-kit-fonts',
    noun: 'a font',
    contentTypes: [
      'font/ttf',
      'font/otf',
      'font/woff',
      'font/woff2',
      'application/font-sfnt',
      'application/octet-stream',
    ],
    maxBytes: 10 * MB,
  },
  BRAND_KIT_AUDIO: {
    folder: 'brand-kit-audio',
    noun: 'an audio track',
    contentTypes: ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/mp4', 'audio/x-m4a'],
    maxBytes: 50 * MB,
  },
  CATALOG_FILE: {
    folder: 'catalog-files',
    noun: 'a catalogue file',
    contentTypes: [
      'text/csv',
      'text/tab-separated-values',
      'application/xml',
      'text/xml',
      'application/rss+xml',
      'application/atom+xml',
      'application/json',
      'application/x-ndjson',
      'application/jsonl',
      'application/gzip',
      'application/x-gzip',
      'application/octet-stream',
    ],
    maxBytes: 2 * 1024 * MB,
  },
  /**
   * Meta Ads Manager's "Export table data": CSV (Windows browsers label it application/vnd.ms-excel; Excel's
   * "Unicode text" is a .txt) or an Excel workbook (.xlsx).
   */
  AD_PERFORMANCE_FILE: {
    folder: 'ad-performance-files',
    noun: 'an Ads Manager export',
    contentTypes: [
      'text/csv',
      'text/plain',
      'text/tab-separated-values',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/octet-stream',
    ],
    maxBytes: 500 * MB,
  },
} as const satisfies Record<string, UploadTypeRule>;

export type UploadType = keyof typeof UPLOAD_TYPES;
export const uploadTypes = Object.keys(UPLOAD_TYPES) as UploadType[];

/** The largest file any upload type allows: the local upload endpoint never accepts more. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_TYPES).map((t) => t.maxBytes));

/** Folders that hold uploads; only keys inside one of them are served back at `/files/`. */
export const UPLOAD_FOLDERS: ReadonlySet<string> = new Set(Object.values(UPLOAD_TYPES).map((t) => t.folder));

export const MAX_FILE_NAME_LENGTH = 120;

/**
 * The stored form of a file name the user chose: letters, digits, dot, hyphen and underscore are kept,
 * every other character becomes `_`, and the name is cut to 120 characters (keeping its extension).
 */
export function cleanFileName(name: string): string {
  const cleaned = name.trim().replace(/[^A-Za-z0-9._-]/g, '_');
  if (cleaned === '') throw invalidInput('The file name is empty. Give the name of the file to upload.');
  if (/^\.+$/.test(cleaned))
    throw invalidInput(`The file name "${name}" has only dots. Give the name of the file to upload.`);
  if (cleaned.length <= MAX_FILE_NAME_LENGTH) return cleaned;
  const extension = /\.[A-Za-z0-9]{1,16}$/.exec(cleaned)?.[0] ?? '';
  return cleaned.slice(0, MAX_FILE_NAME_LENGTH - extension.length) + extension;
}

const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  xml: 'application/xml',
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  gz: 'application/gzip',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The content type an upload will be stored with: the one the client declared, or else the one its
 * file name's extension implies. Either way it must be one the upload type allows.
 */
export function resolveContentType(
  uploadType: UploadType,
  fileName: string,
  declared: string | null | undefined,
): string {
  const allowed: readonly string[] = UPLOAD_TYPES[uploadType].contentTypes;
  const list = allowed.join(', ');
  if (declared != null && declared.trim() !== '') {
    const contentType = declared.trim().toLowerCase();
    if (!allowed.includes(contentType))
      throw invalidInput(`A ${uploadType} upload cannot be of type "${declared}". Allowed types: ${list}.`);
    return contentType;
  }
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const implied = extension ? TYPE_BY_EXTENSION[extension] : undefined;
  if (!implied || !allowed.includes(implied))
    throw invalidInput(
      `The type of "${fileName}" cannot be told from its name. Pass contentType, one of: ${list}.`,
    );
  return implied;
}

/** '50 MB', '1.5 MB', '600 KB', as limits are told in messages. */
export function formatSize(bytes: number): string {
  if (bytes < MB) return `${Math.ceil(bytes / 1024)} KB`;
  const mb = bytes / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/**
 * `clients/{clientId}/{folder}/{random uuid}/{file name}`: a fresh key for every upload destination. Its
 * uuid is a version 4 one; keys of stored files have a version 8 uuid instead (`storedKeyOf`,
 * `serverFileKey`), so no upload policy ever names a stored file.
 */
export function uploadKey(clientId: string, uploadType: UploadType, cleanedFileName: string): string {
  return `clients/${clientId}/${UPLOAD_TYPES[uploadType].folder}/${randomUUID()}/${cleanedFileName}`;
}

/** A version 8 (RFC 9562, application-defined) UUID from 16 bytes. */
function uuidV8(bytes: Buffer): string {
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A key for a file the server writes itself (a decoded font, a thumbnail, a sanitised logo): the shape of an
 * upload key with a random version 8 uuid, which no upload policy can name.
 */
export function serverFileKey(clientId: string, uploadType: UploadType, cleanedFileName: string): string {
  return `clients/${clientId}/${UPLOAD_TYPES[uploadType].folder}/${uuidV8(randomBytes(16))}/${cleanedFileName}`;
}

const UPLOAD_KEY_PARTS =
  /^clients\/([0-9a-f-]{36})\/([a-z-]+)\/([0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12})\/([A-Za-z0-9._-]{1,120})$/;

/** The parts of an upload or stored key; null for any other key. */
export function parseUploadKey(
  key: string,
): { clientId: string; uploadType: UploadType; fileName: string; stored: boolean } | null {
  const match = UPLOAD_KEY_PARTS.exec(key);
  if (!match || /^\.+$/.test(match[5]!)) return null;
  const uploadType = uploadTypes.find((type) => UPLOAD_TYPES[type].folder === match[2]);
  if (!uploadType) return null;
  return { clientId: match[1]!, uploadType, fileName: match[5]!, stored: match[4] === '8' };
}

/**
 * Where a checked upload is kept (uploads/accept-upload.ts): the upload's key with its version 4 uuid
 * replaced by a version 8 one derived from the whole key. The same upload always maps to the same stored
 * key, and no upload policy can name it. A stored key maps to itself.
 */
export function storedKeyOf(key: string): string {
  const parts = parseUploadKey(key);
  if (!parts) throw new Error(`Not an upload key: ${key}`);
  if (parts.stored) return key;
  const uuid = uuidV8(createHash('sha256').update(`adloom stored upload\0${key}`).digest());
  const { folder } = UPLOAD_TYPES[parts.uploadType];
  return `clients/${parts.clientId}/${folder}/${uuid}/${parts.fileName}`;
}

/** Where the one use of an upload is recorded (never served: outside `clients/`). */
export function receiptKeyOf(uploadKey: string): string {
  return `upload-receipts/${uploadKey}`;
}

const UPLOAD_KEY = /^clients\/[0-9a-f-]{36}\/([a-z-]+)\/[0-9a-f-]{36}\/[A-Za-z0-9._-]{1,120}$/;

/** The starter library's thumbnails: `library/{template key}/{content hash}.jpg` (templates/library/seed.ts). */
const LIBRARY_KEY = /^library\/[a-z0-9-]{1,80}\/[0-9a-f]{16}\.jpg$/;

/** Generated ads: `clients/{clientId}/creatives/{content hash}.jpg` (feeds/generation/generate.ts). */
const CREATIVE_KEY = /^clients\/[0-9a-f-]{36}\/creatives\/[0-9a-f]{64}\.jpg$/;

/**
 * True for a key `uploadKey` could have made, a library thumbnail or a generated ad: the only keys served at
 * `/files/` (staff-only files such as MSAs live elsewhere in the store and stay unreachable).
 */
export function isUploadKey(key: string): boolean {
  if (LIBRARY_KEY.test(key) || CREATIVE_KEY.test(key)) return true;
  const folder = UPLOAD_KEY.exec(key)?.[1];
  return (
    folder !== undefined && UPLOAD_FOLDERS.has(folder) && !/^\.+$/.test(key.slice(key.lastIndexOf('/') + 1))
  );
}
