/**
 * The last pure stage: put the loaded images into a resolved template and write the SVG text. Also
 * the final safety net: an <image> whose href is not one of the prepared images or a fragment is dropped,
 * so nothing the rasteriser reads points outside the document or skipped the pixel limit.
 */
import type { ImageNeed } from './context.js';
import type { ResolvedTemplate } from './resolve.js';
import { serializeXml } from './serialize.js';
import { formatSvgNumber } from '@adloom/template';
import { MAX_TEMPLATE_SIZE } from './template.js';
import { attr, element, localName, rewrite, withAttributes, type XmlElement } from './xml.js';

/** An image ready to embed: a data URL and the pixel size of the image it holds. */
export interface EmbeddedImage {
  href: string;
  width: number;
  height: number;
}

/**
 * A blurred background is blurred at 1/4 of its drawn size (server and browser alike): a blur of about
 * 2 % of the image hides every detail finer than that, and scaling the result up smoothly looks the same
 * as blurring at full size.
 */
export const BLUR_DOWNSCALE = 4;

/**
 * The most pixels of a picture the renderer embeds for the rasteriser: the largest canvas (4000 × 4000).
 * Each need also has its own drawnPixelLimit, four times its canvas and at most this.
 */
export const MAX_DRAWN_PIXELS = MAX_TEMPLATE_SIZE * MAX_TEMPLATE_SIZE;

const FRAGMENT = /^#/;

/** The size, in output pixels, at which an image of `natural` size is drawn for a need. */
export function drawnImageSize(
  need: Pick<ImageNeed, 'fit' | 'pixelWidth' | 'pixelHeight'>,
  natural: { width: number; height: number },
): { width: number; height: number } {
  const scaleX = need.pixelWidth / natural.width;
  const scaleY = need.pixelHeight / natural.height;
  const scale = need.fit === 'cover' ? Math.max(scaleX, scaleY) : Math.min(scaleX, scaleY);
  return { width: natural.width * scale, height: natural.height * scale };
}

/** The most pixels a need's picture may be embedded with (ImageNeed.drawnPixelLimit). */
function drawnPixelLimit(need: Pick<ImageNeed, 'drawnPixelLimit'>): number {
  return need.drawnPixelLimit ?? MAX_DRAWN_PIXELS;
}

/**
 * The width an image is embedded at for its `needs` (one source's non-blur uses): the widest size it is
 * drawn at, in whole pixels, but with no more pixels at the image's shape than the needs' drawnPixelLimit
 * (a picture drawn larger is embedded at that size and scaled up by the rasteriser). A raster image is
 * shrunk to it when narrower than the image, never enlarged; an SVG is drawn at it.
 */
export function embeddedWidth(
  needs: readonly Pick<ImageNeed, 'fit' | 'pixelWidth' | 'pixelHeight' | 'drawnPixelLimit'>[],
  natural: { width: number; height: number },
): number {
  const drawn = Math.max(...needs.map((need) => drawnImageSize(need, natural).width));
  const limit = Math.min(...needs.map(drawnPixelLimit));
  const widest = Math.floor(Math.sqrt((limit * natural.width) / natural.height));
  return Math.max(1, Math.min(Math.ceil(drawn), widest));
}

/**
 * The size of the one picture a source's non-blur `needs` share: embeddedWidth wide, the height in
 * proportion, when that shrinks it (an SVG is drawn at that size whatever its own), else the image's own
 * size. Server and browser prepare exactly this, and the composition plan relies on it. (A picture whose
 * rounded height makes it a pixel taller than its box is drawn scaled by the rasteriser, so the plan
 * leaves it to resvg; the golden images were drawn so.)
 */
export function sharedPictureSize(
  needs: readonly Pick<ImageNeed, 'fit' | 'pixelWidth' | 'pixelHeight' | 'drawnPixelLimit'>[],
  natural: { width: number; height: number },
  svg: boolean,
): { width: number; height: number } {
  const width = embeddedWidth(needs, natural);
  const scale = width / natural.width;
  if (scale >= 1 && !svg) return { width: natural.width, height: natural.height };
  return { width, height: Math.max(1, Math.round(natural.height * scale)) };
}

/**
 * The pixel size of every need's prepared picture, by ref: a blur's is its blurPlan output, the others'
 * their source's sharedPictureSize. `natural` gives each source's size and whether it is an SVG.
 */
export function preparedPictureSizes(
  needs: readonly ImageNeed[],
  natural: (source: string) => { width: number; height: number; svg: boolean },
): Map<string, { width: number; height: number }> {
  const sizes = new Map<string, { width: number; height: number }>();
  const plainBySource = new Map<string, ImageNeed[]>();
  for (const need of needs)
    if (need.blurFraction === undefined)
      plainBySource.set(need.source, [...(plainBySource.get(need.source) ?? []), need]);
  for (const need of needs) {
    const image = natural(need.source);
    sizes.set(
      need.ref,
      need.blurFraction === undefined
        ? sharedPictureSize(plainBySource.get(need.source)!, image, image.svg)
        : blurPlan(need, image).output,
    );
  }
  return sizes;
}

/**
 * How a blurred background is made, in output pixels. The image covers a viewport `enlarge` times the
 * box, centred on it, and is drawn at `drawn` size; the Gaussian's deviation is `blurFraction` of the
 * drawn image's smaller side. It is blurred at `small` size (drawn / BLUR_DOWNSCALE) with `smallSigma`,
 * scaled up to `scaled` (the drawn size in whole pixels of the output), and the `output`-sized part at
 * `crop` (the box) is drawn 1:1 over the box: the rasteriser neither scales nor clips a large picture.
 * Server and browser both follow these whole-pixel figures, so their pictures line up. `small` holds at
 * most a sixteenth of the need's drawnPixelLimit: an image whose shape makes its cover size huge (a
 * 30000 × 1 strip covering a square) is blurred at that size and scaled up.
 */
export interface BlurPlan {
  drawn: { width: number; height: number };
  small: { width: number; height: number };
  /** The deviation at small size; below 0.3 (invisible) there is no blur. */
  smallSigma: number | undefined;
  scaled: { width: number; height: number };
  crop: { left: number; top: number };
  output: { width: number; height: number };
}

export function blurPlan(need: ImageNeed, natural: { width: number; height: number }): BlurPlan {
  const enlarge = need.enlarge ?? 1;
  const drawn = drawnImageSize(
    { fit: 'cover', pixelWidth: need.pixelWidth * enlarge, pixelHeight: need.pixelHeight * enlarge },
    natural,
  );
  const smallScale = Math.min(
    1 / BLUR_DOWNSCALE,
    Math.sqrt(drawnPixelLimit(need) / (BLUR_DOWNSCALE * BLUR_DOWNSCALE) / (drawn.width * drawn.height)),
  );
  const small = {
    width: Math.max(1, Math.round(drawn.width * smallScale)),
    height: Math.max(1, Math.round(drawn.height * smallScale)),
  };
  const sigma = (need.blurFraction ?? 0) * Math.min(drawn.width, drawn.height) * smallScale;
  const output = {
    width: Math.max(1, Math.round(need.pixelWidth)),
    height: Math.max(1, Math.round(need.pixelHeight)),
  };
  // The box may round to a slightly different size than it is: scale the drawn image with it.
  const scaleX = output.width / need.pixelWidth;
  const scaleY = output.height / need.pixelHeight;
  const scaled = {
    width: Math.max(output.width, Math.round(drawn.width * scaleX)),
    height: Math.max(output.height, Math.round(drawn.height * scaleY)),
  };
  return {
    drawn,
    small,
    smallSigma: sigma >= 0.3 ? sigma : undefined,
    scaled,
    crop: {
      left: Math.round((scaled.width - output.width) / 2),
      top: Math.round((scaled.height - output.height) / 2),
    },
    output,
  };
}

/**
 * The template with each blurred background drawn the plain SVG way instead: the whole image covering
 * `enlarge` times the box, blurred by an feGaussianBlur at full size, clipped to the box. This is what a
 * renderer without image preparation has to draw (tests compare with it; the benchmark gives it to
 * Chromium). `natural` gives each blur image's size.
 */
export function withBlurFilters(
  resolved: ResolvedTemplate,
  natural: ReadonlyMap<string, { width: number; height: number }>,
): ResolvedTemplate {
  const needs = new Map(resolved.images.map((need) => [need.ref, need]));
  let counter = 0;
  const root = rewrite(resolved.root, (node: XmlElement) => {
    const need = localName(node) === 'image' ? needs.get(attr(node, 'href') ?? '') : undefined;
    const size = need && natural.get(need.ref);
    if (need?.kind !== 'blur' || !size) return undefined;
    const enlarge = need.enlarge ?? 1;
    const box = { x: Number(attr(node, 'x') ?? 0), y: Number(attr(node, 'y') ?? 0) };
    const width = need.width * enlarge;
    const height = need.height * enlarge;
    const x = box.x - (width - need.width) / 2;
    const y = box.y - (height - need.height) / 2;
    const scale = Math.max(width / size.width, height / size.height);
    const deviation = (need.blurFraction ?? 0) * Math.min(size.width * scale, size.height * scale);
    counter += 1;
    const clipId = `adloom-reference-clip-${counter}`;
    const filterId = `adloom-reference-blur-${counter}`;
    const viewport = {
      x: formatSvgNumber(x),
      y: formatSvgNumber(y),
      width: formatSvgNumber(width),
      height: formatSvgNumber(height),
    };
    return [
      element('clipPath', { id: clipId }, [
        element('rect', {
          x: attr(node, 'x'),
          y: attr(node, 'y'),
          width: attr(node, 'width'),
          height: attr(node, 'height'),
        }),
      ]),
      element(
        'filter',
        { id: filterId, filterUnits: 'userSpaceOnUse', ...viewport, 'color-interpolation-filters': 'sRGB' },
        [element('feGaussianBlur', { stdDeviation: formatSvgNumber(deviation) })],
      ),
      element('g', { 'clip-path': `url(#${clipId})` }, [
        element('image', {
          ...viewport,
          preserveAspectRatio: 'xMidYMid slice',
          href: need.ref,
          filter: `url(#${filterId})`,
        }),
      ]),
    ];
  });
  return { ...resolved, root };
}

/**
 * Replaces every image placeholder with its data URL; returns the SVG text.
 * Throws when an image the template needs is not in `images`.
 */
export function embedImages(resolved: ResolvedTemplate, images: ReadonlyMap<string, EmbeddedImage>): string {
  const lookup = (ref: string): EmbeddedImage => {
    const image = images.get(ref);
    if (!image) throw new Error(`embedImages: no image was given for ${ref}`);
    return image;
  };
  const root = rewrite(resolved.root, (node: XmlElement) => {
    const name = localName(node);
    if (name !== 'image' && name !== 'feImage') return undefined;
    const changes: Record<string, string | undefined> = {};
    for (const key of ['href', 'xlink:href']) {
      const href = attr(node, key);
      if (href === undefined) continue;
      if (href.startsWith('adloom-image:')) changes[key] = lookup(href).href;
      // A template's own pictures are needs by now (pictures.ts): any data: URL left draws nothing.
      else if (!FRAGMENT.test(href.trim())) changes[key] = undefined;
    }
    return Object.keys(changes).length === 0 ? undefined : withAttributes(node, changes);
  });
  return serializeXml(root);
}
