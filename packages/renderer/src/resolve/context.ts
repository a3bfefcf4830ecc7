/**
 * What the rules share while resolving one request: the request, warnings, fresh ids, and the images
 * the resolved SVG refers to. Rules stay pure over the tree; this only collects what they report.
 */
import { MAX_DRAWN_PIXELS } from './embed.js';
import { rootScale } from './geometry.js';
import type { NormalizedRequest } from './request.js';
import { walk, attr, type XmlElement } from './xml.js';

/** How an image fills its box: cover crops, contain letterboxes (spec section 3). */
export type ImageFit = 'cover' | 'contain';

/** Which rule placed the image; `picture` is one of the template's own (a data: URL it embeds). */
export type ImageKind = 'slot' | 'logo' | 'blur' | 'copy' | 'picture';

/**
 * An image the resolved SVG needs. Its `<image>` has `href = ref` until the images are embedded; the
 * server loads `source`, shrinks it to drawnImageSize(need, natural) and embeds it.
 */
export interface ImageNeed {
  /** The placeholder href, `adloom-image:<n>`. */
  ref: string;
  /** URL (or path, on the command line) from the request; a template picture's own data: URL. */
  source: string;
  kind: ImageKind;
  /** The id of the layer it fills. */
  layerId: string;
  fit: ImageFit;
  /** The layer box in the layer's user units: the image's viewport, and for blur the picture's extent. */
  width: number;
  height: number;
  /**
   * The same viewport in output pixels, after every transform and the viewBox scale; at most
   * `drawnPixelLimit` in all (a larger box is sized down, keeping its shape).
   */
  pixelWidth: number;
  pixelHeight: number;
  /**
   * The most pixels the embedded picture may have (default MAX_DRAWN_PIXELS): four times the canvas, at
   * most MAX_DRAWN_PIXELS. A picture drawn larger than that (mostly outside the canvas) is embedded at
   * this size and scaled up by the rasteriser, so its memory follows the canvas, not the template's boxes.
   */
  drawnPixelLimit?: number;
  /** Blur only: standard deviation as a fraction of the smaller side of the drawn image. */
  blurFraction?: number;
  /**
   * Blur only: the image covers a viewport `enlarge` times the box around its centre; the embedded
   * picture is the box's part of it, blurred (blurPlan in embed.ts).
   */
  enlarge?: number;
}

/** The shared state of one resolve. */
export interface RuleContext {
  readonly request: NormalizedRequest;
  /** Off-screen mode (spec section 5): every main slot then needs an input image. */
  readonly offscreen: boolean;
  /** Output pixels per root user unit. */
  readonly scale: { x: number; y: number };
  readonly images: ImageNeed[];
  readonly warnings: string[];
  warn(message: string): void;
  /** A document-unique id such as `adloom-clip-3`. */
  newId(kind: string): string;
  /** Registers an image (its pixel size within the canvas's drawnPixelLimit) and returns its placeholder href. */
  addImage(need: Omit<ImageNeed, 'ref' | 'drawnPixelLimit'>): string;
}

/** A viewport's pixel size, scaled down (same shape) to at most `limit` pixels. */
function drawnWithin(
  need: Pick<ImageNeed, 'pixelWidth' | 'pixelHeight'>,
  limit: number,
): { pixelWidth: number; pixelHeight: number } {
  const { pixelWidth, pixelHeight } = need;
  const shrink = Math.sqrt(limit / (pixelWidth * pixelHeight));
  return shrink >= 1 || !Number.isFinite(shrink)
    ? { pixelWidth, pixelHeight }
    : { pixelWidth: pixelWidth * shrink, pixelHeight: pixelHeight * shrink };
}

/** A fresh context for one request over one template. */
export function createRuleContext(
  request: NormalizedRequest,
  root: XmlElement,
  size: { width: number; height: number },
  options: { offscreen: boolean; onWarning?: (message: string) => void },
): RuleContext {
  const taken = new Set<string>();
  walk(root, (node) => {
    const id = attr(node, 'id');
    if (id !== undefined) taken.add(id);
  });
  let counter = 0;
  const images: ImageNeed[] = [];
  const drawnPixelLimit = Math.min(MAX_DRAWN_PIXELS, 4 * size.width * size.height);
  const warnings: string[] = [];
  return {
    request,
    offscreen: options.offscreen,
    scale: rootScale(root, size.width, size.height),
    images,
    warnings,
    warn(message) {
      warnings.push(message);
      options.onWarning?.(message);
    },
    newId(kind) {
      let id: string;
      do {
        counter += 1;
        id = `adloom-${kind}-${counter}`;
      } while (taken.has(id));
      taken.add(id);
      return id;
    },
    addImage(need) {
      const ref = `adloom-image:${images.length + 1}`;
      images.push({ ...need, ...drawnWithin(need, drawnPixelLimit), drawnPixelLimit, ref });
      return ref;
    },
  };
}

/** A rule of the renderer sequence: a pure function from one tree to the next. */
export type Rule = (root: XmlElement, context: RuleContext) => XmlElement | Promise<XmlElement>;
