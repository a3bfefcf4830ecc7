/**
 * Prepares loaded pictures in the browser the way the server's prepare-images.ts does with sharp
 * (ARCHITECTURE: decoded once, shrunk to the size they are drawn at, blur computed at low resolution),
 * here with canvas: each source's non-blur uses share one picture at the largest size any of them is
 * drawn at (never enlarged; SVG drawn by resvg at that size); a blurred background is blurred at a
 * quarter of its drawn size and its visible part scaled up to the layer box (blurPlan). Shrinking and
 * blurring repeat sharp's arithmetic (resize.ts, blur.ts), since the canvas's own filters differ
 * visibly. A picture the compositor lays down is handed over as pixels; one a band embeds travels as
 * PNG when it has an alpha channel, else as JPEG, as on the server.
 */
import type { PicturePixels } from '../compose/draw.js';
import type { ImageNeed } from '../resolve/context.js';
import { blurPlan, sharedPictureSize, type EmbeddedImage } from '../resolve/embed.js';
import { gaussianBlur } from './blur.js';
import type { BrowserImage } from './images.js';
import { sharpLikePipeline, type RgbaPixels } from './resize.js';
import { demultiply, rasteriseSvg } from './resvg.js';

/**
 * Opaque images are embedded as JPEG at quality 1: the server's JPEG keeps full colour resolution
 * (4:4:4), and browsers encode 4:4:4 only at quality 1 (below, 4:2:0 smears colour edges).
 */
const JPEG_QUALITY = 1;

function context2d(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('Failed to get 2D context');
  return context;
}

function canvasOf(pixels: RgbaPixels): OffscreenCanvas {
  const canvas = new OffscreenCanvas(pixels.width, pixels.height);
  context2d(canvas).putImageData(new ImageData(pixels.data, pixels.width, pixels.height), 0, 0);
  return canvas;
}

function pixelsOf(canvas: OffscreenCanvas): RgbaPixels {
  const { data, width, height } = context2d(canvas).getImageData(0, 0, canvas.width, canvas.height);
  return { data: data as Uint8ClampedArray<ArrayBuffer>, width, height };
}

/** The image at its own size, as pixels (decoded once per source and shared by its needs). */
function decodePixels(image: BrowserImage): RgbaPixels {
  if (!image.bitmap) throw new Error('prepareImages: the image has no pixels');
  const canvas = new OffscreenCanvas(image.width, image.height);
  context2d(canvas).drawImage(image.bitmap, 0, 0);
  return pixelsOf(canvas);
}

/** An SVG image drawn by resvg at `width` × `height` (the server rasterises SVG at the drawn size too). */
function svgPixels(image: BrowserImage, width: number, height: number): RgbaPixels {
  const raster = rasteriseSvg(image.svg!, { width });
  const pixels = { data: demultiply(raster.pixels), width: raster.width, height: raster.height };
  if (raster.width === width && raster.height === height) return pixels;
  const canvas = new OffscreenCanvas(width, height);
  const context = context2d(canvas);
  context.imageSmoothingQuality = 'high';
  context.drawImage(canvasOf(pixels), 0, 0, width, height);
  return pixelsOf(canvas);
}

/** Pixels scaled up (or up on one axis) with the canvas: only small blurred backgrounds need this. */
function enlarge(pixels: RgbaPixels, width: number, height: number): RgbaPixels {
  const canvas = new OffscreenCanvas(width, height);
  const context = context2d(canvas);
  context.imageSmoothingQuality = 'high';
  context.drawImage(canvasOf(pixels), 0, 0, width, height);
  return pixelsOf(canvas);
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be encoded'));
    reader.readAsDataURL(blob);
  });
}

async function encode(pixels: RgbaPixels, alpha: boolean): Promise<EmbeddedImage> {
  const blob = await canvasOf(pixels).convertToBlob(
    alpha ? { type: 'image/png' } : { type: 'image/jpeg', quality: JPEG_QUALITY },
  );
  return { href: await dataUrlOf(blob), width: pixels.width, height: pixels.height };
}

/**
 * The shared picture of a source's non-blur needs (sharedPictureSize: shrunk to the largest drawn width,
 * never enlarged), or undefined for a template's own picture that needs no shrinking: it is embedded
 * as it is, as on the server.
 */
function sharedPixels(
  image: BrowserImage,
  needs: readonly ImageNeed[],
  source: () => RgbaPixels,
  pictureAsIs: boolean,
): RgbaPixels | undefined {
  const { width, height } = sharedPictureSize(needs, image, image.svg !== undefined);
  const asIs = width === image.width && height === image.height;
  if (pictureAsIs && asIs && !image.svg && needs.every((need) => need.kind === 'picture')) return undefined;
  if (image.svg) return svgPixels(image, width, height);
  if (asIs) return source();
  return sharpLikePipeline(source(), {
    width,
    height,
    alphaChannel: image.alphaChannel,
    jpeg: image.format === 'jpeg',
  });
}

/**
 * A blur need's picture (blurPlan): shrunk to a quarter of its drawn size and blurred there as sharp
 * does, then the part under the layer box scaled up to the box's pixel size with the canvas (smooth
 * scaling of a blurred picture differs from the server's by a level or two at most).
 */
function blurPixels(image: BrowserImage, need: ImageNeed, source: () => RgbaPixels): RgbaPixels {
  const plan = blurPlan(need, image);
  const { width, height } = plan.small;
  const blurSigma = plan.smallSigma;
  let pixels: RgbaPixels;
  if (image.svg) {
    pixels = svgPixels(image, width, height);
    if (blurSigma !== undefined)
      pixels = { ...pixels, data: gaussianBlur(pixels.data, width, height, blurSigma, true) };
  } else if (width <= image.width && height <= image.height) {
    pixels = sharpLikePipeline(source(), {
      width,
      height,
      alphaChannel: image.alphaChannel,
      jpeg: image.format === 'jpeg',
      ...(blurSigma === undefined ? {} : { blurSigma }),
    });
  } else {
    pixels = enlarge(source(), width, height);
    if (blurSigma !== undefined)
      pixels = { ...pixels, data: gaussianBlur(pixels.data, width, height, blurSigma, image.alphaChannel) };
  }
  const canvas = new OffscreenCanvas(plan.output.width, plan.output.height);
  const context = context2d(canvas);
  context.imageSmoothingQuality = 'high';
  context.drawImage(canvasOf(pixels), -plan.crop.left, -plan.crop.top, plan.scaled.width, plan.scaled.height);
  return pixelsOf(canvas);
}

/** Straight RGBA as the compositor takes it (a view, not a copy). */
function asPicture(pixels: RgbaPixels): PicturePixels {
  const { data, width, height } = pixels;
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width, height, channels: 4 };
}

/** What the renderer wants of each need, by ref: its pixels (a composed picture) or an embeddable image (a band's). */
export interface BrowserPictureWants {
  pixels: ReadonlySet<string>;
  embedded: ReadonlySet<string>;
}

/** Prepared pictures by ref. */
export interface BrowserPictures {
  pixels: Map<string, PicturePixels>;
  embedded: Map<string, EmbeddedImage>;
}

/**
 * The pictures a render wants, the server's way: each source decoded once, its non-blur needs sharing
 * one picture, each blurred background its own. Embedded images (for resvg) are encoded from the same
 * pixels.
 */
export async function prepareBrowserPictures(
  needs: readonly ImageNeed[],
  images: ReadonlyMap<string, BrowserImage>,
  wants: BrowserPictureWants,
): Promise<BrowserPictures> {
  const bySource = new Map<string, ImageNeed[]>();
  for (const need of needs) bySource.set(need.source, [...(bySource.get(need.source) ?? []), need]);
  const prepared: BrowserPictures = { pixels: new Map(), embedded: new Map() };
  await Promise.all(
    [...bySource].map(async ([source, sourceNeeds]) => {
      const image = images.get(source);
      if (!image) throw new Error(`prepareImages: ${source} was not loaded`);
      let decoded: RgbaPixels | undefined;
      const pixels = () => (decoded ??= decodePixels(image));
      const plain = sourceNeeds.filter((need) => need.blurFraction === undefined);
      const plainPixels = plain.filter((need) => wants.pixels.has(need.ref));
      const plainEmbedded = plain.filter((need) => wants.embedded.has(need.ref));
      if (plainPixels.length > 0 || plainEmbedded.length > 0) {
        const shared = sharedPixels(image, plain, pixels, plainPixels.length === 0);
        const embedded = shared
          ? plainEmbedded.length > 0
            ? await encode(shared, image.alphaChannel)
            : undefined
          : { href: plain[0]!.source, width: image.width, height: image.height };
        for (const need of plainPixels) prepared.pixels.set(need.ref, asPicture(shared!));
        for (const need of plainEmbedded) prepared.embedded.set(need.ref, embedded!);
      }
      for (const need of sourceNeeds.filter((candidate) => candidate.blurFraction !== undefined)) {
        if (!wants.pixels.has(need.ref) && !wants.embedded.has(need.ref)) continue;
        const blurred = blurPixels(image, need, pixels);
        if (wants.pixels.has(need.ref)) prepared.pixels.set(need.ref, asPicture(blurred));
        if (wants.embedded.has(need.ref))
          prepared.embedded.set(need.ref, await encode(blurred, image.alphaChannel));
      }
    }),
  );
  return prepared;
}
