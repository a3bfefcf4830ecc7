/**
 * The last pure stage: put the loaded images into a resolved template and write the SVG text. Also
 * the final safety net: an <image> whose href is not a raster data URL or a fragment is dropped, so
 * nothing the rasteriser reads can point outside the document.
 */
import type { ImageNeed } from './context.js';
import { formatNumber } from './geometry.js';
import type { ResolvedTemplate } from './resolve.js';
import { serializeXml } from './serialize.js';
import { attr, localName, rewrite, withAttributes, type XmlElement } from './xml.js';

/** An image ready to embed: a data URL and the pixel size of the image it holds. */
export interface EmbeddedImage {
  href: string;
  width: number;
  height: number;
  /** Already blurred (the server blurs at low resolution): its <image> then drops the SVG filter. */
  preBlurred?: boolean;
}

/**
 * A blurred background is prepared at 1/4 of its drawn size (server and browser alike): a blur of about
 * 2 % of the image hides every detail finer than that, and resvg's smooth upscaling looks the same as
 * blurring at full size.
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

/** The feGaussianBlur deviation, in the image's user units, for a blur need and the image's size. */
export function blurDeviation(need: ImageNeed, natural: { width: number; height: number }): number {
  const scale = Math.max(need.width / natural.width, need.height / natural.height);
  return (need.blurFraction ?? 0) * Math.min(natural.width * scale, natural.height * scale);
}

/**
 * Replaces every image placeholder with its data URL and sets blur deviations; returns the SVG text.
 * Throws when an image the template needs is not in `images`.
 */
export function embedImages(resolved: ResolvedTemplate, images: ReadonlyMap<string, EmbeddedImage>): string {
  const needs = new Map(resolved.images.map((need) => [need.ref, need]));
  const lookup = (ref: string): { need: ImageNeed; image: EmbeddedImage } => {
    const need = needs.get(ref);
    const image = images.get(ref);
    if (!need || !image) throw new Error(`embedImages: no image was given for ${ref}`);
    return { need, image };
  };
  const root = rewrite(resolved.root, (node: XmlElement) => {
    const name = localName(node);
    if (name === 'feGaussianBlur') {
      const ref = attr(node, 'data-adloom-blur');
      if (ref === undefined) return undefined;
      const { need, image } = lookup(ref);
      return withAttributes(node, {
        stdDeviation: formatNumber(blurDeviation(need, image)),
        'data-adloom-blur': undefined,
      });
    }
    if (name !== 'image' && name !== 'feImage') return undefined;
    const changes: Record<string, string | undefined> = {};
    for (const key of ['href', 'xlink:href']) {
      const href = attr(node, key);
      if (href === undefined) continue;
      if (href.startsWith('adloom-image:')) {
        const { image } = lookup(href);
        changes[key] = image.href;
        if (image.preBlurred) changes.filter = undefined;
      } else if (!SAFE_HREF.test(href.trim())) changes[key] = undefined;
    }
    return Object.keys(changes).length === 0 ? undefined : withAttributes(node, changes);
  });
  return serializeXml(root);
}
