/**
 * The server renderer: `render(request, options)` resolves the template, loads and prepares its images,
 * rasterises with resvg and encodes the result. Node only.
 */
import { readImageSize } from '../images/image-size.js';
import { checkImagePixels } from '../images/pixel-limit.js';
import { embedImages, withBlurFilters } from '../resolve/embed.js';
import { loadImageSources } from '../resolve/load-images.js';
import { resolveTemplate, type ResolvedTemplate } from '../resolve/resolve.js';
import type { FontCache, FontSource } from '../resolve/text/font-loader.js';
import { fileFontSource } from './fonts.js';
import { fetchImage, IMAGE_FETCH_DEFAULTS } from './images/index.js';
import { DecodeBudget, prepareBlurPixels, prepareImages, type LoadedImage } from './prepare-images.js';
import {
  encodeOverUnderlay,
  encodeRaster,
  OUTPUT_FORMATS,
  rasterise,
  type OutputFormat,
  type UnderlayPixels,
} from './rasterise.js';
import { splitUnderlay } from './underlay.js';

/** Limits and policy for loading a request's images (the images module's fetchImage options). */
export interface ImageLoadOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxPixels?: number;
  allowHosts?: readonly string[];
  allowFiles?: boolean;
}

/** Loads one image of a request; the default is the images module's fetchImage. */
export type ImageLoader = (source: string, options: ImageLoadOptions) => Promise<LoadedImage>;

/** Options of render. */
export interface RenderOptions {
  /** Default png. */
  format?: OutputFormat;
  /** JPEG and WebP quality, 1 to 100; default 90. */
  quality?: number;
  /**
   * Default white (spec section 4: off-screen renders have a white background). A PNG or WebP may ask
   * for `transparent`; JPEG is always white behind the design.
   */
  background?: 'white' | 'transparent';
  /**
   * Loads the request's images; default: fetchImage with `images`' limits. The template's own pictures
   * (its data: URLs) are always read by fetchImage.
   */
  loadImage?: ImageLoader;
  images?: ImageLoadOptions;
  /** Default: fileFontSource() (dist/fonts, custom fonts over http(s)). */
  fonts?: FontSource;
  fontCache?: FontCache;
  onWarning?: (message: string) => void;
  /** Called after each stage with its duration in milliseconds. */
  onStage?: (stage: RenderStage, ms: number) => void;
}

/** A rendered ad. */
export interface RenderResult {
  bytes: Buffer;
  format: OutputFormat;
  width: number;
  height: number;
  /** Main image slots that received an input image (see ResolvedTemplate). */
  dynamicLayerCount: number;
  warnings: string[];
}

const defaultLoader: ImageLoader = async (source, options) => {
  const image = await fetchImage(source, options);
  return { bytes: image.bytes, width: image.width, height: image.height, format: image.format };
};

let defaultFonts: FontSource | undefined;

/**
 * How a resolved template's images are loaded: the request's with the caller's loader, the template's own
 * pictures (data: URLs, nothing to fetch) with fetchImage whatever the caller's loader knows. What a
 * caller's loader returns is judged against the pixel limit from its header too, as fetchImage judges it.
 */
function imageLoader(
  resolved: ResolvedTemplate,
  options: RenderOptions,
): (source: string) => Promise<LoadedImage> {
  const imageOptions = options.images ?? {};
  const maxPixels = imageOptions.maxPixels ?? IMAGE_FETCH_DEFAULTS.maxPixels;
  const loader: ImageLoader = options.loadImage
    ? async (source, limits) => {
        const image = await options.loadImage!(source, limits);
        // As inspectImage: a header too damaged to read is left to sharp (limitInputPixels still applies).
        if (readImageSize(image.bytes)) checkImagePixels(image.bytes, { source }, maxPixels);
        return image;
      }
    : defaultLoader;
  const pictures = new Set(
    resolved.images.filter((need) => need.kind === 'picture').map((need) => need.source),
  );
  const requested = new Set(
    resolved.images.filter((need) => need.kind !== 'picture').map((need) => need.source),
  );
  return (source) =>
    pictures.has(source) && !requested.has(source)
      ? defaultLoader(
          source,
          imageOptions.maxPixels === undefined ? {} : { maxPixels: imageOptions.maxPixels },
        )
      : loader(source, imageOptions);
}

function checkOptions(options: RenderOptions): { format: OutputFormat; quality: number } {
  const format = options.format ?? 'png';
  if (!OUTPUT_FORMATS.includes(format))
    throw new RangeError(`format must be one of ${OUTPUT_FORMATS.join(', ')}, got ${String(format)}`);
  const quality = options.quality ?? 90;
  if (!Number.isInteger(quality) || quality < 1 || quality > 100)
    throw new RangeError(`quality must be a whole number from 1 to 100, got ${quality}`);
  if (options.background === 'transparent' && format === 'jpeg')
    throw new RangeError('a JPEG cannot be transparent; use png or webp');
  return { format, quality };
}

/** The stages of render, for timing (the bench script). */
export type RenderStage = 'resolve' | 'images' | 'raster' | 'encode';

interface Prepared {
  svg: string;
  resolved: ResolvedTemplate;
  underlay: UnderlayPixels | undefined;
}

async function prepare(request: unknown, options: RenderOptions, split: boolean): Promise<Prepared> {
  let started = performance.now();
  const stage = (name: RenderStage): void => {
    const now = performance.now();
    options.onStage?.(name, now - started);
    started = now;
  };
  const imageOptions = options.images ?? {};
  const maxPixels = imageOptions.maxPixels ?? IMAGE_FETCH_DEFAULTS.maxPixels;
  const resolved = await resolveTemplate(request, {
    offscreen: true,
    fonts: options.fonts ?? (defaultFonts ??= fileFontSource()),
    maxPixels,
    ...(options.fontCache ? { fontCache: options.fontCache } : {}),
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
  stage('resolve');
  const loaded = await loadImageSources(resolved.images, imageLoader(resolved, options));
  const parts = split ? splitUnderlay(resolved) : { resolved, underlay: undefined };
  const budget = new DecodeBudget(maxPixels);
  const [prepared, underlay] = await Promise.all([
    prepareImages(parts.resolved.images, loaded, maxPixels, budget),
    parts.underlay &&
      prepareBlurPixels(loaded.get(parts.underlay.need.source)!, parts.underlay.need, maxPixels, budget).then(
        (pixels) => ({ ...pixels, left: parts.underlay!.left, top: parts.underlay!.top }),
      ),
  ]);
  const svg = embedImages(parts.resolved, prepared);
  stage('images');
  return { svg, resolved, underlay };
}

/** Resolves a request and embeds its images: the final SVG text the rasteriser draws. */
export async function renderSvg(
  request: unknown,
  options: RenderOptions = {},
): Promise<{ svg: string; resolved: ResolvedTemplate }> {
  const { svg, resolved } = await prepare(request, options, false);
  return { svg, resolved };
}

/**
 * The ad as a plain SVG a browser could draw: every image embedded as its original file and blurred
 * backgrounds as SVG filters (withBlurFilters), none of render()'s preparation. The benchmark times
 * Chromium on it. SVG inputs are left out (a data URL may only hold raster images).
 */
export async function renderReferenceSvg(request: unknown, options: RenderOptions = {}): Promise<string> {
  const resolved = await resolveTemplate(request, {
    offscreen: true,
    fonts: options.fonts ?? (defaultFonts ??= fileFontSource()),
  });
  const loaded = await loadImageSources(resolved.images, imageLoader(resolved, options));
  const original = new Map(
    resolved.images.map((need) => {
      const image = loaded.get(need.source)!;
      const href = `data:image/${image.format ?? 'png'};base64,${Buffer.from(image.bytes).toString('base64')}`;
      return [need.ref, { href, width: image.width, height: image.height }] as const;
    }),
  );
  return embedImages(withBlurFilters(resolved, original), original);
}

/** Renders a request (spec section 3) to PNG, JPEG or WebP bytes. Errors carry the spec's texts. */
export async function render(request: unknown, options: RenderOptions = {}): Promise<RenderResult> {
  const { format, quality } = checkOptions(options);
  const { svg, resolved, underlay } = await prepare(request, options, true);
  const background = options.background === 'transparent' ? undefined : '#ffffff';
  let started = performance.now();
  const raster = await rasterise(svg, underlay ? undefined : background);
  options.onStage?.('raster', performance.now() - started);
  started = performance.now();
  const bytes = underlay
    ? await encodeOverUnderlay(raster, underlay, background, format, quality)
    : await encodeRaster(raster, format, quality);
  options.onStage?.('encode', performance.now() - started);
  return {
    bytes,
    format,
    width: raster.width,
    height: raster.height,
    dynamicLayerCount: resolved.dynamicLayerCount,
    warnings: resolved.warnings,
  };
}
export { RENDER_WORKER_ENV } from './worker-env.js';
export { fileFontSource, MAX_FONT_BYTES, type FileFontSourceOptions } from './fonts.js';
