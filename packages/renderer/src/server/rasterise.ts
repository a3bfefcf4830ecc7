/** SVG text → pixels with resvg (no fonts: text is already outlines), and pixels → PNG, JPEG or WebP with sharp. */
import { renderAsync } from '@resvg/resvg-js';
import sharp, { type Sharp } from 'sharp';

/** Output formats of the server renderer. */
export type OutputFormat = 'png' | 'jpeg' | 'webp';

export const OUTPUT_FORMATS: readonly OutputFormat[] = ['png', 'jpeg', 'webp'];

/** RGBA pixels of a rendered SVG. */
export interface Raster {
  pixels: Buffer;
  width: number;
  height: number;
}

/**
 * Rasterises SVG text at its own size. `background` is any CSS colour, or undefined for transparency.
 * resvg runs off the main thread (renderAsync) so a server keeps answering while it draws.
 */
export async function rasterise(svg: string, background: string | undefined): Promise<Raster> {
  const rendered = await renderAsync(svg, {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
    ...(background === undefined ? {} : { background }),
    logLevel: 'off',
  });
  return { pixels: rendered.pixels, width: rendered.width, height: rendered.height };
}

/** Encodes pixels; quality (1 to 100) applies to JPEG and WebP. */
export async function encodeRaster(raster: Raster, format: OutputFormat, quality: number): Promise<Buffer> {
  // resvg hands out premultiplied RGBA; sharp must be told, or semi-transparent pixels come out too dark.
  const image = sharp(raster.pixels, {
    raw: { width: raster.width, height: raster.height, channels: 4, premultiplied: true },
  });
  return encodeImage(image, format, quality);
}

function encodeImage(image: Sharp, format: OutputFormat, quality: number): Promise<Buffer> {
  if (format === 'jpeg')
    return image.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: false }).toBuffer();
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  return image.png({ compressionLevel: 6 }).toBuffer();
}

/** Pixels laid under a raster (a blurred background): unpremultiplied, 1 to 4 channels, placed in it. */
export interface UnderlayPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
  left: number;
  top: number;
}

/**
 * Encodes `raster` (drawn on a transparent background) over `underlay`, over `background` (a CSS
 * colour, or undefined for transparency), as encodeRaster does. sharp composites while it encodes.
 */
export async function encodeOverUnderlay(
  raster: Raster,
  underlay: UnderlayPixels,
  background: string | undefined,
  format: OutputFormat,
  quality: number,
): Promise<Buffer> {
  const { width, height } = raster;
  const over = {
    input: raster.pixels,
    raw: { width, height, channels: 4 as const, premultiplied: true },
  };
  const under = {
    input: underlay.data,
    raw: { width: underlay.width, height: underlay.height, channels: underlay.channels },
  };
  const opaque = underlay.channels === 1 || underlay.channels === 3;
  const covers =
    underlay.left <= 0 &&
    underlay.top <= 0 &&
    underlay.left + underlay.width >= width &&
    underlay.top + underlay.height >= height;
  let image: Sharp;
  if (opaque && covers && background !== undefined) {
    // The usual case: the background fills the canvas; only the design goes over it.
    image = sharp(underlay.data, { raw: under.raw })
      .extract({ left: -underlay.left, top: -underlay.top, width, height })
      .composite([over]);
  } else {
    image = sharp({
      create: { width, height, channels: 4, background: background ?? { r: 0, g: 0, b: 0, alpha: 0 } },
    }).composite([{ ...under, left: underlay.left, top: underlay.top }, over]);
  }
  return encodeImage(image, format, quality);
}
