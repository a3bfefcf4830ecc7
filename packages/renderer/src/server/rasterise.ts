/** SVG text → pixels with resvg (no fonts: text is already outlines), and pixels → PNG, JPEG or WebP with sharp. */
import { renderAsync } from '@resvg/resvg-js';
import sharp, { type JpegOptions, type Sharp } from 'sharp';

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

/**
 * JPEG as render() writes it, chosen by measurement (scripts/bench/jpeg-settings.ts, the standard ad at
 * 1080 × 1080): baseline with optimised Huffman tables and 4:2:0 chroma, libjpeg-turbo's way. mozjpeg's
 * trellis quantisation made files of the same luma SSIM no smaller here (114.9 KB at q90 against
 * 113.6 KB for baseline q85) at ten times the encode time (62 against 6 ms); progressive scans saved 4 %
 * for twice the time; 4:4:4 chroma cost 30 % more bytes, which the networks' own 4:2:0 re-encode drops.
 */
const JPEG: Omit<JpegOptions, 'quality'> = {
  mozjpeg: false,
  progressive: false,
  optimiseCoding: true,
  chromaSubsampling: '4:2:0',
};

/** Encodes a pipeline's pixels as render() does; a JPEG is flattened onto white. */
export function encodeImage(image: Sharp, format: OutputFormat, quality: number): Promise<Buffer> {
  if (format === 'jpeg')
    return image
      .flatten({ background: '#ffffff' })
      .jpeg({ ...JPEG, quality })
      .toBuffer();
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  return image.png({ compressionLevel: 6 }).toBuffer();
}
