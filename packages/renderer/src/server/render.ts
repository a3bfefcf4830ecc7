/**
 * The server renderer: `render(request, options)` resolves the template, loads and prepares its images,
 * rasterises with resvg and encodes the result. Node only.
 */
import { planComposition, type CompositionPlan } from '../compose/plan.js';
import { readImageSize } from '../images/image-size.js';
import { checkImagePixels } from '../images/pixel-limit.js';
import { embedImages, preparedPictureSizes, withBlurFilters } from '../resolve/embed.js';
import { loadImageSources } from '../resolve/load-images.js';
import { resolveTemplate, type ResolvedTemplate } from '../resolve/resolve.js';
import type { FontCache, FontSource } from '../resolve/text/font-loader.js';
import { canvasSize, composePlan } from './compose.js';
import { fileFontSource } from './fonts.js';
import { fetchImage, IMAGE_FETCH_DEFAULTS } from './images/index.js';
import { prepareImages, preparePictures, type LoadedImage } from './prepare-images.js';
import { encodeImage, OUTPUT_FORMATS, type OutputFormat } from './rasterise.js';
import { bottomTint, tintOf, withoutTint } from './tint.js';

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

interface Loaded {
  resolved: ResolvedTemplate;
  loaded: Map<string, LoadedImage>;
  maxPixels: number;
}

/** Resolves the template and loads each image source once. */
async function load(
  request: unknown,
  options: RenderOptions,
  stage: (name: RenderStage) => void,
): Promise<Loaded> {
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
  return { resolved, loaded, maxPixels };
}

/** Calls onStage with the time since the last stage. */
function stageTimer(options: RenderOptions): (name: RenderStage) => void {
  let started = performance.now();
  return (name) => {
    const now = performance.now();
    options.onStage?.(name, now - started);
    started = now;
  };
}

/**
 * Resolves a request and embeds its images: the whole ad as one SVG, every picture embedded as resvg
 * would draw it (render() lays most pictures down itself, to the same pixels).
 */
export async function renderSvg(
  request: unknown,
  options: RenderOptions = {},
): Promise<{ svg: string; resolved: ResolvedTemplate }> {
  const { resolved, loaded, maxPixels } = await load(request, options, stageTimer(options));
  const prepared = await prepareImages(resolved.images, loaded, maxPixels);
  return { svg: embedImages(resolved, prepared), resolved };
}

/**
 * How render() draws a request (compose/plan.ts): which pictures it lays down itself and which it leaves
 * to resvg, with the reasons. For tests and the golden suite's count of fallbacks.
 */
export async function renderPlan(request: unknown, options: RenderOptions = {}): Promise<CompositionPlan> {
  const { resolved, loaded } = await load(request, options, stageTimer(options));
  return planOf(resolved, loaded);
}

function planOf(resolved: ResolvedTemplate, loaded: ReadonlyMap<string, LoadedImage>): CompositionPlan {
  const sizes = preparedPictureSizes(resolved.images, (source) => {
    const image = loaded.get(source)!;
    return { width: image.width, height: image.height, svg: image.format === 'svg' };
  });
  return planComposition(resolved, (need) => sizes.get(need.ref)!);
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
  const stage = stageTimer(options);
  const { resolved, loaded, maxPixels } = await load(request, options, stage);
  const plan = planOf(resolved, loaded);
  const pixels = new Set<string>();
  const embedded = new Set<string>();
  for (const layer of plan.layers) {
    if (layer.kind === 'picture') pixels.add(layer.need.ref);
    else if (layer.kind === 'band') for (const ref of layer.refs) embedded.add(ref);
  }
  const tinted = bottomTint(plan, canvasSize(resolved));
  const tints = tinted && new Map([[tinted.picture.need.ref, tintOf(tinted.fills)]]);
  const pictures = await preparePictures(resolved.images, loaded, maxPixels, {
    pixels,
    embedded,
    ...(tints ? { tints } : {}),
  });
  stage('images');
  const background = options.background === 'transparent' ? undefined : '#ffffff';
  // The flat colours the background's preparation laid down are not drawn again.
  const drawn =
    tinted && pictures.tinted.has(tinted.picture.need.ref) ? withoutTint(plan, tinted.fills) : plan;
  const composed = await composePlan(drawn, resolved, pictures, background, () => stage('raster'));
  const bytes = await encodeImage(composed, format, quality);
  stage('encode');
  return {
    bytes,
    format,
    ...canvasSize(resolved),
    dynamicLayerCount: resolved.dynamicLayerCount,
    warnings: resolved.warnings,
  };
}
export { RENDER_WORKER_ENV } from './worker-env.js';
export { fileFontSource, MAX_FONT_BYTES, type FileFontSourceOptions } from './fonts.js';
