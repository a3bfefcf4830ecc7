/**
 * Pictures the IMAGES tab places (spec sections 4 and 5): which files it takes, how each one is stored in
 * the template, and where it lands. Pure: the browser reads, draws and encodes (decodePicture.ts).
 *
 * A placed picture is embedded in the template as a data URL. The renderer keeps only raster data URLs
 * (png, jpeg, gif, webp) on a plain <image>, the server refuses a template with any other outside
 * reference, and generation fetches nothing for a static layer: a picture referenced by URL would vanish
 * from every ad. SVG is drawn to PNG for the same reason (an SVG data URL is a second document).
 */
import { checkImagePixels, ImageLoadError } from '@adloom/renderer/pixel-limit';
import type { Rect, Size } from '../../geometry/types';
import { uploadedImagePlan, type UploadedImageType } from '../../geometry/images';

/** The picture types the tab takes, with the file name endings that stand for them. */
export const PICTURE_TYPES = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jfif', 'pjpeg', 'pjp'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/svg+xml': ['svg'],
} as const satisfies Record<string, readonly string[]>;

export type PictureType = keyof typeof PICTURE_TYPES;

/** For the file chooser's `accept`. */
export const PICTURE_ACCEPT = Object.entries(PICTURE_TYPES)
  .flatMap(([type, endings]) => [type, ...endings.map((ending) => `.${ending}`)])
  .join(',');

/** How the tab names the types it takes, in messages. */
export const PICTURE_FORMATS = 'PNG, JPEG, WebP, GIF or SVG';

/**
 * The most a placed picture may weigh once encoded. A template is refused above 10 MB (the server and the
 * renderer), and a data URL is a third larger than its bytes: two large pictures still fit.
 */
export const MAX_PICTURE_BYTES = 4 * 1024 * 1024;

/** A failure whose message is for the user as it is. */
export class PictureError extends Error {}

/** JPEG quality when a JPEG has to be drawn again at a smaller size. */
export const JPEG_QUALITY = 0.92;

/**
 * The picture type of a file from its type, or from its name's ending when the browser gives none (or a
 * generic one); null for anything else.
 */
export function pictureTypeOf(file: { type: string; name: string }): PictureType | null {
  const type = file.type.trim().toLowerCase();
  if (type === 'image/jpg' || type === 'image/pjpeg') return 'image/jpeg';
  if (type in PICTURE_TYPES) return type as PictureType;
  if (type !== '' && type !== 'application/octet-stream') return null;
  const ending = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (!ending) return null;
  const found = Object.entries(PICTURE_TYPES).find(([, endings]) =>
    (endings as readonly string[]).includes(ending),
  );
  return found ? (found[0] as PictureType) : null;
}

/**
 * What to do with a picture of `type` and `natural` size on a canvas of `canvas` size: keep its bytes
 * (a PNG or JPEG that fits), or draw it at `width` × `height` and encode it as `encodeAs`. The spec's
 * rule: larger than the canvas is scaled down to fit, and "it keeps jpeg if it was jpeg, otherwise png".
 * WebP, GIF and SVG become PNG even when they fit (an SVG must be drawn anyway, see above).
 */
export type PictureEncoding =
  | { readonly keep: true; readonly width: number; readonly height: number; readonly type: PictureType }
  | {
      readonly keep: false;
      readonly width: number;
      readonly height: number;
      readonly encodeAs: UploadedImageType;
    };

export function pictureEncoding(type: PictureType, natural: Size, canvas: Size): PictureEncoding {
  const plan = uploadedImagePlan(natural, canvas, type);
  if (plan.scaled) return { keep: false, width: plan.width, height: plan.height, encodeAs: plan.type };
  if (type === 'image/png' || type === 'image/jpeg')
    return { keep: true, width: plan.width, height: plan.height, type };
  return { keep: false, width: plan.width, height: plan.height, encodeAs: 'image/png' };
}

/**
 * Where a picture of `size` lands: centred on `at` (a drop point, in canvas units) or on the canvas, and
 * moved inside the canvas as far as it fits. Whole units.
 */
export function pictureBox(size: Size, canvas: Size, at?: { x: number; y: number }): Rect {
  const centre = at ?? { x: canvas.width / 2, y: canvas.height / 2 };
  const inside = (start: number, length: number, room: number) =>
    length >= room ? Math.round((room - length) / 2) : Math.min(Math.max(start, 0), room - length);
  return {
    left: inside(Math.round(centre.x - size.width / 2), size.width, canvas.width),
    top: inside(Math.round(centre.y - size.height / 2), size.height, canvas.height),
    width: size.width,
    height: size.height,
  };
}

/**
 * The box of a picture whose size is not known yet (a brand logo on its way): its expected size when the
 * brand kit gives one, scaled down to fit the canvas, or a square a third of the canvas's short side.
 */
export function expectedPictureSize(
  expected: { width?: number | null; height?: number | null } | null | undefined,
  canvas: Size,
): Size {
  const { width, height } = expected ?? {};
  if (width && height && width > 0 && height > 0) {
    const plan = uploadedImagePlan({ width, height }, canvas, 'image/png');
    return { width: plan.width, height: plan.height };
  }
  const side = Math.round(Math.min(canvas.width, canvas.height) / 3);
  return { width: side, height: side };
}

/** The layer name for a picture: its file name without the ending, or `fallback` when that is empty. */
export function pictureName(fileName: string, fallback = 'Image'): string {
  const name = fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return name === '' ? fallback : name.slice(0, 100);
}

/** Bytes in megabytes with one decimal, for messages. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The message for a file the tab does not take. */
export function notAPictureMessage(fileName: string): string {
  return `‘${fileName}’ is not a picture the builder can place: choose a ${PICTURE_FORMATS} file.`;
}

/** The message for a picture that would make the template too large to save. */
export function tooLargeMessage(fileName: string, bytes: number): string {
  return (
    `‘${fileName}’ is ${formatMegabytes(bytes)} once fitted to the canvas, more than the ` +
    `${formatMegabytes(MAX_PICTURE_BYTES)} a picture may add to a template. Use a smaller picture, or a JPEG.`
  );
}

/**
 * Why the renderer would refuse a picture, judged from its header as the renderer judges every image (its
 * one pixel limit), so the browser never decodes a pixel bomb (a 20000 × 20000 PNG is 1.6 GB decoded); null
 * when it may be placed.
 */
export function pixelLimitMessage(bytes: Uint8Array, fileName: string): string | null {
  try {
    checkImagePixels(bytes, { source: fileName, noun: 'Picture', label: `‘${fileName}’` });
    return null;
  } catch (error) {
    if (error instanceof ImageLoadError) return `${error.message}.`;
    throw error;
  }
}

/** `size` scaled up or down to fit inside `box`, keeping its aspect ratio, in whole units. */
export function containSize(size: Size, box: Size): Size {
  if (size.width <= 0 || size.height <= 0) return box;
  const scale = Math.min(box.width / size.width, box.height / size.height);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}
