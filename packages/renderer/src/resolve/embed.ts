/**
 * The last pure stage: put the loaded images into a resolved template and write the SVG text. Also
 * the final safety net: an <image> whose href is not a raster data URL or a fragment is dropped, so
 * nothing the rasteriser reads can point outside the document.
 */
import type { ImageNeed } from './context.js';
import type { ResolvedTemplate } from './resolve.js';
import { serializeXml } from './serialize.js';
import { formatNumber } from './geometry.js';
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

const SAFE_HREF = /^(?:#|data:image\/(?:png|jpe?g|gif|webp)[;,])/i;

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

/**
 * How a blurred background is made, in output pixels. The image covers a viewport `enlarge` times the
 * box, centred on it, and is drawn at `drawn` size; the Gaussian's deviation is `blurFraction` of the
 * drawn image's smaller side. It is blurred at `small` size (drawn / BLUR_DOWNSCALE) with `smallSigma`,
 * scaled up to `scaled` (the drawn size in whole pixels of the output), and the `output`-sized part at
 * `crop` (the box) is drawn 1:1 over the box: the rasteriser neither scales nor clips a large picture.
 * Server and browser both follow these whole-pixel figures, so their pictures line up.
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
  const small = {
    width: Math.max(1, Math.round(drawn.width / BLUR_DOWNSCALE)),
    height: Math.max(1, Math.round(drawn.height / BLUR_DOWNSCALE)),
  };
  const sigma = ((need.blurFraction ?? 0) * Math.min(drawn.width, drawn.height)) / BLUR_DOWNSCALE;
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
      x: formatNumber(x),
      y: formatNumber(y),
      width: formatNumber(width),
      height: formatNumber(height),
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
        [element('feGaussianBlur', { stdDeviation: formatNumber(deviation) })],
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
      else if (!SAFE_HREF.test(href.trim())) changes[key] = undefined;
    }
    return Object.keys(changes).length === 0 ? undefined : withAttributes(node, changes);
  });
  return serializeXml(root);
}
