/**
 * The uploads module's public surface: destinations, taking an upload into use, stored keys, and the
 * upload routes the app mounts.
 */
export { acceptUpload, type AcceptedUpload, type AcceptRequest } from './accept-upload.js';
export { filePath, fileUrl, keyFromFilePath, keyFromFileUrl } from './file-url.js';
export {
  formatSize,
  isUploadKey,
  parseUploadKey,
  serverFileKey,
  storedKeyOf,
  UPLOAD_TYPES,
  type UploadType,
} from './upload-types.js';
export { registerUploadRoutes } from './uploads.routes.js';
import './uploads.schema.js';
