/**
 * The browser's part of placing a picture: read a file or fetch a brand logo, decode it, draw it smaller
 * when the canvas is smaller (imageFiles.ts decides), and give back the data URL the template embeds.
 */
import { BUILDER_ERRORS } from '@adloom/template';
import type { Size } from '../../geometry/types';
import {
  JPEG_QUALITY,
  MAX_PICTURE_BYTES,
  PictureError,
  expectedPictureSize,
  pictureEncoding,
  pixelLimitMessage,
  tooLargeMessage,
  type PictureType,
} from './imageFiles';

/** A picture ready to be a layer. */
export interface PreparedPicture {
  /** A data URL of a PNG or a JPEG. */
  href: string;
  /** The size it is placed at (its pixels: the model keeps 1 unit = 1 pixel). */
  width: number;
  height: number;
}

function decodeFailure(fileName: string): PictureError {
  return new PictureError(
    `${BUILDER_ERRORS.imageLoadFailed}: ‘${fileName}’ could not be read as a picture. Check that the file opens in an image viewer.`,
  );
}

async function loadElement(blob: Blob, fileName: string): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(blob);
  const element = new Image();
  element.src = url;
  try {
    await element.decode();
    return element;
  } catch {
    URL.revokeObjectURL(url);
    throw decodeFailure(fileName);
  }
}

function draw(element: HTMLImageElement, size: Size, type: string): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new PictureError(BUILDER_ERRORS.no2dContext));
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(element, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new PictureError(BUILDER_ERRORS.canvasEmpty))),
      type,
      type === 'image/jpeg' ? JPEG_QUALITY : undefined,
    ),
  );
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Checks `blob` against the renderer's pixel limit, decodes it (of `type`), fits it to `canvas` by the
 * spec's rule and encodes it for the template.
 * `onSize` hears the placed size as soon as it is known (the placeholder takes it while encoding runs).
 */
export async function preparePicture(
  blob: Blob,
  type: PictureType,
  fileName: string,
  canvas: Size,
  onSize?: (size: Size) => void,
): Promise<PreparedPicture> {
  // Before the browser decodes it: the renderer's pixel limit, from the header.
  const refusal = pixelLimitMessage(new Uint8Array(await blob.arrayBuffer()), fileName);
  if (refusal) throw new PictureError(`${BUILDER_ERRORS.imageLoadFailed}: ${refusal}`);
  const element = await loadElement(blob, fileName);
  try {
    // An SVG without a size of its own has none: it is drawn at a default size.
    const natural =
      element.naturalWidth > 0 && element.naturalHeight > 0
        ? { width: element.naturalWidth, height: element.naturalHeight }
        : expectedPictureSize(null, canvas);
    const encoding = pictureEncoding(type, natural, canvas);
    onSize?.({ width: encoding.width, height: encoding.height });
    // Kept bytes are relabelled with their type: a file chosen by its name's ending may have none.
    const encoded = encoding.keep
      ? new Blob([blob], { type: encoding.type })
      : await draw(element, encoding, encoding.encodeAs);
    if (encoded.size > MAX_PICTURE_BYTES) throw new PictureError(tooLargeMessage(fileName, encoded.size));
    return { href: await dataUrlOf(encoded), width: encoding.width, height: encoding.height };
  } finally {
    URL.revokeObjectURL(element.src);
  }
}

/**
 * Fetches a picture (a brand kit logo) without credentials, reporting the fraction received when the
 * server says how much there is.
 */
export function fetchPicture(url: string, onProgress?: (fraction: number) => void): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', url);
    request.responseType = 'blob';
    request.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as Blob);
      else
        reject(
          new PictureError(
            `${BUILDER_ERRORS.imageLoadFailed}: the server answered ${request.status}. Try again, or upload the file instead.`,
          ),
        );
    });
    request.addEventListener('error', () =>
      reject(
        new PictureError(
          `${BUILDER_ERRORS.imageLoadFailed}: it could not be downloaded. Check the connection and try again.`,
        ),
      ),
    );
    request.send();
  });
}
