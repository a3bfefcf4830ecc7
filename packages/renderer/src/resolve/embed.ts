/**
 * The last pure stage: put the loaded images into a resolved template and write the SVG text. Also
 * the final safety net: an <image> whose href is not a raster data URL or a fragment is dropped, so
 * nothing the rasteriser reads can point outside the document.
 */
import type { ImageNeed } from './context.js';
import type { ResolvedTemplate } from './resolve.js';
import { serializeXml } from './serialize.js';
import { attr, localName, rewrite, withAttributes, type XmlElement } from './xml.js';

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
