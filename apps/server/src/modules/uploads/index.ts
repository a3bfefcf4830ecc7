/** The uploads module's public surface: destinations, taking an upload into use, and stored keys. */
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
