/**
 * A template's thumbnail (issue 14, item 19): an image the same client uploaded (TEMPLATE_THUMBNAIL, or the
 * TEMPLATE_IMAGE an SVG import uploads), taken into use once and kept as `/files/{stored key}` (uploads'
 * acceptUpload: the checked copy, which no upload destination can replace). A save may also name a thumbnail
 * the client has stored already, such as the template's own. Any other address (another client's upload, a
 * library picture, a web address) is refused: the address is shown to every member and fetched by browsers.
 */
import type { AppDeps } from '../../deps.js';
import { invalidInput } from '../../errors.js';
import {
  acceptUpload,
  filePath,
  keyFromFilePath,
  keyFromFileUrl,
  parseUploadKey,
  type UploadType,
} from '../uploads/index.js';

const THUMBNAIL_UPLOAD_TYPES: readonly UploadType[] = ['TEMPLATE_THUMBNAIL', 'TEMPLATE_IMAGE'];
const MAX_THUMBNAIL_URL = 2000;

const notAnUpload = () =>
  invalidInput(
    'The thumbnail must be an image uploaded to this workspace: upload it (createUploadDestination with ' +
      'uploadType TEMPLATE_THUMBNAIL) and pass the address it was stored at (/files/{key}).',
  );

/** The upload or stored key of one of the client's thumbnail uploads behind `url`, or null. */
function ownThumbnailKey(config: AppDeps['config'], clientId: string, url: string): string | null {
  if (url.length > MAX_THUMBNAIL_URL) return null;
  const key = keyFromFilePath(url) ?? keyFromFileUrl(config, url);
  const parts = key === null ? null : parseUploadKey(key);
  return parts && parts.clientId === clientId && THUMBNAIL_UPLOAD_TYPES.includes(parts.uploadType)
    ? key
    : null;
}

/**
 * The thumbnail address to save for `url` (null for none): the client's upload taken into use (once; its
 * type checked against its bytes), or one of the client's stored thumbnails as it is. Refuses anything else.
 */
export async function acceptTemplateThumbnail(
  deps: Pick<AppDeps, 'config' | 'files' | 'log'>,
  clientId: string,
  url: string | null | undefined,
): Promise<string | null> {
  const trimmed = url?.trim() ?? '';
  if (trimmed === '') return null;
  const key = ownThumbnailKey(deps.config, clientId, trimmed);
  if (!key) throw notAnUpload();
  const accepted = await acceptUpload(deps, {
    clientId,
    key,
    uploadTypes: THUMBNAIL_UPLOAD_TYPES,
    acceptStored: true,
  });
  return filePath(accepted.key);
}

/**
 * The service's own check of what it stores (templates.service.ts): `/files/{key}` of one of the client's
 * stored thumbnails, which only acceptTemplateThumbnail gives. Null stays null.
 */
export function checkStoredThumbnail(clientId: string, url: string | null | undefined): string | null {
  if (url === null || url === undefined || url === '') return null;
  const key = keyFromFilePath(url);
  const parts = key === null ? null : parseUploadKey(key);
  if (!parts?.stored || parts.clientId !== clientId || !THUMBNAIL_UPLOAD_TYPES.includes(parts.uploadType))
    throw notAnUpload();
  return filePath(key!);
}
