/**
 * Server-side image loading for the renderer: fetchImage with time, byte and pixel limits, @adloom/net's
 * guard against private addresses (with DNS pinning), and format detection from the bytes. Node only.
 */
export {
  fetchImage,
  fetchImageIfChanged,
  IMAGE_FETCH_DEFAULTS,
  type FetchedImage,
  type FetchImageOptions,
} from './fetch.js';
export { ImageLoadError, type ImageLoadErrorCode } from './errors.js';
export { type ImageFormat, sniffFormat } from './detect.js';
export {
  download,
  downloadIfChanged,
  type DownloadLimits,
  type Downloaded,
  type NotModified,
  type Validators,
} from './http.js';
