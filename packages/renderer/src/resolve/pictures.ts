/**
 * A template's own pictures: the raster data: URLs it embeds on `<image>` (the builder's placed pictures)
 * and `<feImage>`. Each is checked against the pixel limit from its header, and becomes an image need of
 * kind `picture`, so it is prepared like a request's images (shrunk to the size it is drawn at, at most
 * its drawnPixelLimit) instead of the rasteriser decoding it whole, whatever its size.
 */
import type { ImageSubject } from '../server/images/errors.js';
import type { ImageSize } from '../images/image-size.js';
import { checkImagePixels, decodeDataUrl, MAX_IMAGE_PIXELS } from '../images/pixel-limit.js';
import type { ImageFit, RuleContext } from './context.js';
import { formatSvgNumber } from '@adloom/template';
import { chainMatrix, pixelScale } from './geometry.js';
import { parseLength } from './template.js';
import { attr, localName, rewrite, walk, withAttributes, type XmlElement } from './xml.js';

/** The data: URLs the sanitiser keeps on an image (sanitize.ts): raster formats only. */
const PICTURE_HREF = /^\s*data:image\/(?:png|jpe?g|gif|webp)[;,]/i;

/** Ancestors under which an image is drawn by reference or in a viewport of its own, at a size not known here. */
const DRAWN_ELSEWHERE = new Set(['defs', 'pattern', 'mask', 'clipPath', 'symbol', 'marker', 'svg', 'filter']);

interface PictureRef {
  /** The attribute that draws: `href`, else `xlink:href` (SVG 2: href wins when both are there). */
  key: 'href' | 'xlink:href';
  href: string;
}

/** The picture an `<image>` or `<feImage>` draws, when that is a raster data: URL. */
function pictureRef(node: XmlElement): PictureRef | undefined {
  const name = localName(node);
  if (name !== 'image' && name !== 'feImage') return undefined;
  const key = attr(node, 'href') !== undefined ? 'href' : 'xlink:href';
  const href = attr(node, key);
  return href !== undefined && PICTURE_HREF.test(href) ? { key, href: href.trim() } : undefined;
}

/** How a message names the `index`-th picture (from 1): by its id, else by its number. */
function subjectOf(node: XmlElement, ref: PictureRef, index: number): ImageSubject {
  const id = attr(node, 'id');
  const label = id === undefined ? `${index} (an <${node.name}> without an id)` : `<${node.name} id="${id}">`;
  return { source: ref.href, noun: 'Template image', label };
}

/** The picture's declared size, checked against the limit; undefined for an empty data: URL (draws nothing). */
function checkPicture(ref: PictureRef, subject: ImageSubject, maxPixels: number): ImageSize | undefined {
  const bytes = decodeDataUrl(ref.href)?.bytes;
  if (!bytes || bytes.length === 0) return undefined;
  return checkImagePixels(bytes, subject, maxPixels);
}

/**
 * Checks every picture a template embeds against the pixel limit, from the headers alone: throws the
 * ImageLoadError of the first one over it ('Template image <image id="hero"> is 20000 × 20000 pixels, …').
 * The server runs it when a template is saved; the renderer when it resolves one.
 */
export function checkTemplatePictures(root: XmlElement, maxPixels: number = MAX_IMAGE_PIXELS): void {
  let index = 0;
  walk(root, (node) => {
    const ref = pictureRef(node);
    if (!ref) return;
    index += 1;
    checkPicture(ref, subjectOf(node, ref, index), maxPixels);
  });
}

/** How the picture fills its viewport: `slice` covers; `none` stretches, so it is sized to cover too. */
function fitOf(node: XmlElement): ImageFit {
  const value = (attr(node, 'preserveAspectRatio') ?? '').trim();
  return value.startsWith('none') || /\bslice\b/.test(value) ? 'cover' : 'contain';
}

const isAuto = (value: string | undefined) => value === undefined || /^\s*(?:auto)?\s*$/.test(value);

/**
 * An `<image>`'s viewport in user units, with the attributes that make an auto-sized one (SVG 2: the
 * picture's own size, or its aspect ratio when one side is given) explicit, since the embedded picture may
 * be smaller than the original. Undefined when a side is in other units (%, mm…): that viewport does not
 * depend on the picture, but its size is not known here.
 */
function viewportOf(
  node: XmlElement,
  natural: ImageSize,
): { width: number; height: number; set: Record<string, string> } | undefined {
  const widthText = attr(node, 'width');
  const heightText = attr(node, 'height');
  const width = parseLength(widthText);
  const height = parseLength(heightText);
  if (width !== undefined && width > 0 && height !== undefined && height > 0)
    return { width, height, set: {} };
  const widthOk = (width !== undefined && width > 0) || isAuto(widthText);
  const heightOk = (height !== undefined && height > 0) || isAuto(heightText);
  if (!widthOk || !heightOk) return undefined;
  const aspect = natural.width / natural.height;
  const sizedWidth = width ?? (height === undefined ? natural.width : height * aspect);
  const sizedHeight = height ?? (width === undefined ? natural.height : width / aspect);
  return {
    width: sizedWidth,
    height: sizedHeight,
    set: { width: formatSvgNumber(sizedWidth), height: formatSvgNumber(sizedHeight) },
  };
}

/**
 * The last step of resolving: every picture of the template checked against `maxPixels` and turned into
 * an image need. A picture in the document's own flow is sized by its viewport and transforms; one drawn
 * by reference (in defs, a pattern, a mask…) or in a nested viewport keeps its own size (up to its
 * drawnPixelLimit).
 */
export function registerTemplatePictures(
  root: XmlElement,
  context: RuleContext,
  maxPixels: number = MAX_IMAGE_PIXELS,
): XmlElement {
  let index = 0;
  return rewrite(root, (node, ancestors) => {
    const ref = pictureRef(node);
    if (!ref) return undefined;
    index += 1;
    const natural = checkPicture(ref, subjectOf(node, ref, index), maxPixels);
    if (!natural) return undefined;
    const viewport = localName(node) === 'image' ? viewportOf(node, natural) : undefined;
    const inFlow =
      viewport && !ancestors.slice(1).some((ancestor) => DRAWN_ELSEWHERE.has(localName(ancestor)));
    const pixels = inFlow ? pixelScale(chainMatrix([...ancestors, node]), context.scale) : undefined;
    const placeholder = context.addImage({
      source: ref.href,
      kind: 'picture',
      layerId: attr(node, 'id') ?? '',
      fit: viewport ? fitOf(node) : 'contain',
      width: viewport?.width ?? natural.width,
      height: viewport?.height ?? natural.height,
      pixelWidth: viewport && pixels ? viewport.width * pixels.x : natural.width,
      pixelHeight: viewport && pixels ? viewport.height * pixels.y : natural.height,
    });
    return withAttributes(node, {
      ...viewport?.set,
      [ref.key]: placeholder,
      // Never drawn (href wins); embedImages drops it anyway.
      ...(ref.key === 'href' && attr(node, 'xlink:href') !== undefined ? { 'xlink:href': undefined } : {}),
    });
  });
}
