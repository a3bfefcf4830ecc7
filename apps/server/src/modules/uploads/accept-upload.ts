/**
 * Taking an upload into use (issue 14, item 13). An upload destination is a presigned POST that stays valid
 * for 15 minutes, and S3 lets it be posted to again and again in that time: a checked file could be
 * replaced afterwards. So nothing ever uses the key a destination names. The first module that takes the
 * upload into use (a brand kit item, a catalogue import, a template thumbnail) calls `acceptUpload`, which
 *
 * 1. records the one use of the upload: a receipt written only if absent (`If-None-Match: *`), so a second
 *    use is refused whatever happened to the first;
 * 2. copies the upload to its stored key (`storedKeyOf`: a version 8 uuid no policy can name), again only if
 *    absent, and removes the upload: what a later post to the destination writes reaches nothing;
 * 3. checks the stored copy, not the upload: its size against the upload type's, its first bytes against
 *    the declared content type (a PNG must be a PNG), images against the renderer's pixel limit. A refused
 *    copy is removed.
 *
 * On the embedded store the upload endpoint also refuses a second post to a destination (uploads.routes.ts).
 */
import { checkImagePixels, ImageLoadError } from '@adloom/renderer';
import type { AppDeps } from '../../deps.js';
import { DomainError, invalidInput } from '../../errors.js';
import { FileExistsError, type FileStore, type StoredFile } from '../../storage/file-store.js';
import {
  describeKind,
  isImageKind,
  kindsFor,
  sniffContent,
  SNIFF_BYTES,
  storedContentType,
  type ContentKind,
} from './content-check.js';
import {
  formatSize,
  parseUploadKey,
  receiptKeyOf,
  storedKeyOf,
  UPLOAD_TYPES,
  type UploadType,
} from './upload-types.js';

export interface AcceptedUpload {
  /** Where the checked file is stored: what the caller keeps and links to. */
  key: string;
  uploadType: UploadType;
  fileName: string;
  size: number;
  /** The type the file is stored and served with. */
  contentType: string;
}

export interface AcceptRequest {
  clientId: string;
  /** The key the upload was posted under. */
  key: string;
  /** The upload types the caller takes. */
  uploadTypes: readonly UploadType[];
  /**
   * Also take a stored key of the client (a checked copy, or a file the server wrote) as it is: for callers
   * that may be given what they keep again (a template saved with its thumbnail, a catalogue imported again
   * from its file). Without it a stored key is refused as used.
   */
  acceptStored?: boolean;
}

type AcceptDeps = Pick<AppDeps, 'files' | 'log'>;

const invalidFile = (message: string) => new DomainError('INVALID_FILE', message);

/** Reads at most `limit` bytes of a stored file and closes it. */
async function readHead(file: StoredFile, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) break;
    }
  } finally {
    file.stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

/** What a file is, or a refusal naming the declared type and what the bytes are. */
function checkKind(head: Buffer, uploadType: UploadType, declared: string, fileName: string): ContentKind {
  const kinds = kindsFor(uploadType, declared);
  const rule = UPLOAD_TYPES[uploadType];
  if (kinds.length === 0)
    throw invalidFile(
      `'${fileName}' was uploaded as ${declared}, which ${rule.noun} cannot be. Allowed types: ${rule.contentTypes.join(', ')}.`,
    );
  const kind = sniffContent(head);
  if (kind && kinds.includes(kind)) return kind;
  const expected = kinds.map(describeKind).join(' or ');
  throw invalidFile(
    kind
      ? `'${fileName}' was declared as ${declared}, but it is ${describeKind(kind)}.`
      : `'${fileName}' was declared as ${declared}, but its content is not ${expected}.`,
  );
}

function checkSize(size: number, uploadType: UploadType, fileName: string): void {
  const { maxBytes, noun } = UPLOAD_TYPES[uploadType];
  if (size === 0) throw invalidFile(`'${fileName}' is empty.`);
  if (size > maxBytes)
    throw invalidFile(`'${fileName}' is larger than ${formatSize(maxBytes)}, the most ${noun} may have.`);
}

async function removeQuietly(deps: AcceptDeps, key: string): Promise<void> {
  await deps.files.remove(key).catch((error: unknown) => {
    deps.log.error({ err: error, key }, 'an upload could not be removed');
  });
}

/** The stored copy's checks: the same kind as the upload had, within the size, and an image's pixel limit. */
async function checkStored(
  files: FileStore,
  key: string,
  expected: { kind: ContentKind; uploadType: UploadType; fileName: string },
): Promise<number> {
  const { kind, uploadType, fileName } = expected;
  const stored = await files.get(key);
  if (!stored) throw new DomainError('NOT_FOUND', `'${fileName}' disappeared while it was being checked.`);
  checkSize(stored.size, uploadType, fileName);
  // Images are read whole (at most 20 MB): the pixel limit needs their header, which a JPEG may keep late.
  const bytes = await readHead(stored, isImageKind(kind) ? stored.size : SNIFF_BYTES);
  if (sniffContent(bytes) !== kind)
    throw invalidFile(`'${fileName}' changed while it was being checked. Upload it again.`);
  if (isImageKind(kind)) {
    try {
      checkImagePixels(bytes, { source: fileName, noun: 'Image', label: `'${fileName}'` });
    } catch (error) {
      if (error instanceof ImageLoadError) throw invalidFile(`${error.message}.`);
      throw error;
    }
  }
  return stored.size;
}

/**
 * Takes an upload of the client into use, once (see above): resolves with where its checked copy is stored,
 * or refuses with INVALID_INPUT (not an upload of this client and these types), NOT_FOUND (nothing posted
 * yet), UPLOAD_USED (taken into use before) or INVALID_FILE (empty, too large, not what was declared, too
 * many pixels). With `acceptStored`, a stored key of the client is accepted as it is: it was checked when it
 * was stored.
 */
export async function acceptUpload(deps: AcceptDeps, request: AcceptRequest): Promise<AcceptedUpload> {
  const key = request.key.trim().replace(/^\/+/, '');
  const parts = parseUploadKey(key);
  if (!parts || parts.clientId !== request.clientId || !request.uploadTypes.includes(parts.uploadType)) {
    const types = request.uploadTypes.join(' or ');
    throw invalidInput(
      `'${key.slice(0, 200)}' is not an upload of this workspace. Upload the file (createUploadDestination with uploadType ${types}) and pass the key it was stored under.`,
    );
  }
  const { uploadType, fileName } = parts;
  const upload = await deps.files.get(key);
  if (!upload)
    throw new DomainError(
      'NOT_FOUND',
      `Nothing is stored under '${key}'. Upload the file to its upload destination first.`,
    );
  const declared = upload.contentType ?? 'application/octet-stream';
  if (parts.stored) {
    upload.stream.destroy();
    if (!request.acceptStored) throw usedAlready(fileName);
    return { key, uploadType, fileName, size: upload.size, contentType: declared };
  }

  try {
    await deps.files.put(receiptKeyOf(key), Buffer.from(JSON.stringify({ usedAt: new Date() })), {
      contentType: 'application/json',
      ifAbsent: true,
    });
  } catch (error) {
    upload.stream.destroy();
    if (error instanceof FileExistsError) throw usedAlready(fileName);
    throw error;
  }

  // Refused before the copy: the upload itself is removed (nobody can use it, its address must not stay public).
  let kind: ContentKind;
  try {
    checkSize(upload.size, uploadType, fileName);
    kind = checkKind(await readHead(upload, SNIFF_BYTES), uploadType, declared, fileName);
  } catch (error) {
    upload.stream.destroy();
    await removeQuietly(deps, key);
    throw error;
  }

  const stored = storedKeyOf(key);
  let copied: { size: number } | null;
  try {
    copied = await deps.files.copy(key, stored, {
      contentType: storedContentType(kind, declared),
      ifAbsent: true,
    });
  } catch (error) {
    if (error instanceof FileExistsError) throw usedAlready(fileName);
    throw error;
  }
  await removeQuietly(deps, key);
  if (!copied)
    throw new DomainError(
      'NOT_FOUND',
      `'${fileName}' disappeared while it was being checked. Upload it again.`,
    );
  try {
    const size = await checkStored(deps.files, stored, { kind, uploadType, fileName });
    return { key: stored, uploadType, fileName, size, contentType: storedContentType(kind, declared) };
  } catch (error) {
    await removeQuietly(deps, stored);
    throw error;
  }
}

function usedAlready(fileName: string): DomainError {
  return new DomainError(
    'UPLOAD_USED',
    `'${fileName}' was used already: an upload can be used once. Upload the file again.`,
  );
}
