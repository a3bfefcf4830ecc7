/**
 * Image sizes of the builder (spec sections 5 and 9): the scale-down of an uploaded image, the saved
 * thumbnail (at most 1080 on its long side) and the layer thumbnails (a base of 96, jpeg at quality 0.5).
 * Pure: the editor does the drawing and encoding.
 */
import type { Size } from './types';

/** The saved template thumbnail is at most this long on its long side. */
export const SAVED_THUMBNAIL_MAX_SIDE = 1080;
/** The saved template thumbnail is a jpeg (spec section 7, saving). */
export const SAVED_THUMBNAIL_TYPE = 'image/jpeg';
/** The long side of a layer thumbnail in the layers panel. */
export const LAYER_THUMBNAIL_BASE = 96;
export const LAYER_THUMBNAIL_TYPE = 'image/jpeg';
export const LAYER_THUMBNAIL_QUALITY = 0.5;

export type UploadedImageType = 'image/jpeg' | 'image/png';

/**
 * What to do with an uploaded image: keep the file as it is, or draw it at a smaller size (fitting inside
 * the canvas, aspect ratio kept) and encode it as `type`.
 */
export type UploadedImagePlan =
  | { readonly scaled: false; readonly width: number; readonly height: number }
  | {
      readonly scaled: true;
      readonly width: number;
      readonly height: number;
      readonly type: UploadedImageType;
    };

/**
 * The spec's rule: "An uploaded image larger than the canvas original size is scaled down to fit. It keeps
 * jpeg if it was jpeg, otherwise png." `canvas` is the template's own width and height, not its size on
 * screen at the current zoom. Larger means wider or taller; an image that fits is never scaled up. The
 * scaled size is in whole pixels, the limiting side exactly the canvas's.
 */
export function uploadedImagePlan(natural: Size, canvas: Size, mimeType: string): UploadedImagePlan {
  if (natural.width <= canvas.width && natural.height <= canvas.height) {
    return { scaled: false, width: natural.width, height: natural.height };
  }
  const size = fitInside(natural, canvas);
  return { scaled: true, ...size, type: uploadedImageType(mimeType) };
}

/** The type a scaled-down upload is encoded as: jpeg stays jpeg, everything else (png, webp, gif, svg…) png. */
export function uploadedImageType(mimeType: string): UploadedImageType {
  // Browsers say image/jpeg; image/jpg and image/pjpeg (progressive, old Internet Explorer) are jpeg too.
  return /^image\/(jpeg|jpg|pjpeg)$/i.test(mimeType.trim()) ? 'image/jpeg' : 'image/png';
}

/** A thumbnail's size in pixels and the scale to draw the canvas at (fabric's `multiplier`). */
export interface ThumbnailSize {
  readonly width: number;
  readonly height: number;
  readonly scale: number;
}

/** The saved template thumbnail: the canvas scaled down to at most 1080 on its long side, never up. */
export function savedThumbnailSize(canvas: Size): ThumbnailSize {
  return scaleLongSide(canvas, Math.min(1, SAVED_THUMBNAIL_MAX_SIDE / longSide(canvas)));
}

/**
 * A layer's thumbnail: the layer scaled so that its long side is the base of 96, up or down, so that every
 * thumbnail in the list is the same size whatever the layer's.
 */
export function layerThumbnailSize(layer: Size): ThumbnailSize {
  return scaleLongSide(layer, LAYER_THUMBNAIL_BASE / longSide(layer));
}

function longSide(size: Size): number {
  return Math.max(size.width, size.height);
}

/** `size` scaled by `scale`, in whole pixels and at least 1 on each side (a line has a thumbnail too). */
function scaleLongSide(size: Size, scale: number): ThumbnailSize {
  // Nothing to scale (an empty layer): draw it as it is, one pixel at least.
  if (!Number.isFinite(scale) || scale <= 0) return { width: 1, height: 1, scale: 1 };
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
    scale,
  };
}

/** `natural` scaled down to fit inside `box`, keeping its aspect ratio, in whole pixels. */
function fitInside(natural: Size, box: Size): Size {
  // Compare natural.width / box.width with natural.height / box.height without dividing.
  if (natural.width * box.height >= natural.height * box.width) {
    return {
      width: box.width,
      height: Math.max(1, Math.round((natural.height * box.width) / natural.width)),
    };
  }
  return {
    width: Math.max(1, Math.round((natural.width * box.height) / natural.height)),
    height: box.height,
  };
}
