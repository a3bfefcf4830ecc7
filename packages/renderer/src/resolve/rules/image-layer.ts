/**
 * Fills a layer with an image: an <image> at the layer box with preserveAspectRatio from the fit and
 * alignment (in a pattern filling the box's shape when it has rounded corners), and the image
 * registered as a need.
 */
import {
  RENDERER_ERRORS,
  formatSvgNumber,
  type HorizontalAlignment,
  type VerticalAlignment,
} from '@adloom/template';
import type { ImageFit, ImageKind, RuleContext } from '../context.js';
import { RendererError } from '../errors.js';
import { chainMatrix, pixelScale } from '../geometry.js';
import { boxRect, findLayerBox, replaceLayer, type LayerBox } from '../layer.js';
import { attr, element, type XmlElement } from '../xml.js';

/** How to place an image in a layer. */
export interface ImagePlacement {
  source: string;
  kind: ImageKind;
  fit: ImageFit;
  horizontal: HorizontalAlignment;
  vertical: VerticalAlignment;
  /** Blur layers: the image is drawn in a viewport this many times the box, around its centre (1.3 × cover). */
  enlarge?: number;
  /** Blur layers: standard deviation as a fraction of the smaller side of the drawn image. */
  blurFraction?: number;
}

const X_ALIGN: Record<HorizontalAlignment, string> = { LEFT: 'xMin', CENTER: 'xMid', RIGHT: 'xMax' };
const Y_ALIGN: Record<VerticalAlignment, string> = { TOP: 'YMin', MIDDLE: 'YMid', BOTTOM: 'YMax' };

/** The preserveAspectRatio value for a fit and alignment: cover is `slice`, contain is `meet`. */
export function preserveAspectRatio(fit: ImageFit, h: HorizontalAlignment, v: VerticalAlignment): string {
  return `${X_ALIGN[h]}${Y_ALIGN[v]} ${fit === 'cover' ? 'slice' : 'meet'}`;
}

/**
 * The layer with its content replaced by the image. Throws 'Could not find layer name {id}' when the
 * layer has no box (no <image> or <rect> with a width and height) to put the image in.
 */
export function fillImageLayer(
  layer: XmlElement,
  ancestors: readonly XmlElement[],
  placement: ImagePlacement,
  context: RuleContext,
): XmlElement {
  const id = attr(layer, 'id') ?? '';
  const box = findLayerBox(layer);
  if (!box) {
    throw new RendererError(
      RENDERER_ERRORS.layerNotFound(id),
      `layer ${id} has no <image> or <rect> with a width and height to place the image in`,
    );
  }
  const pixels = pixelScale(chainMatrix([...ancestors, ...box.chain]), context.scale);
  const blur =
    placement.blurFraction === undefined
      ? {}
      : { blurFraction: placement.blurFraction, enlarge: placement.enlarge ?? 1 };
  const ref = context.addImage({
    source: placement.source,
    kind: placement.kind,
    layerId: id,
    fit: placement.fit,
    width: box.width,
    height: box.height,
    pixelWidth: box.width * pixels.x,
    pixelHeight: box.height * pixels.y,
    ...blur,
  });
  const image = element('image', {
    x: formatSvgNumber(rounded(box) ? 0 : box.x),
    y: formatSvgNumber(rounded(box) ? 0 : box.y),
    width: formatSvgNumber(box.width),
    height: formatSvgNumber(box.height),
    preserveAspectRatio:
      placement.blurFraction === undefined
        ? preserveAspectRatio(placement.fit, placement.horizontal, placement.vertical)
        : 'none',
    href: ref,
  });
  // A cover (slice) image is clipped to its own viewport and a contained (meet) one stays inside it, so
  // a plain box needs nothing more. Rounded corners paint the box's shape with the image as a pattern:
  // the same pixels as a clip path, without the canvas-sized mask a clip costs the rasteriser.
  if (!rounded(box)) return replaceLayer(layer, box, [image]);
  const patternId = context.newId('pattern');
  const pattern = element(
    'pattern',
    {
      id: patternId,
      patternUnits: 'userSpaceOnUse',
      x: formatSvgNumber(box.x),
      y: formatSvgNumber(box.y),
      width: formatSvgNumber(box.width),
      height: formatSvgNumber(box.height),
    },
    [image],
  );
  return replaceLayer(layer, box, [pattern, boxRect(box, { fill: `url(#${patternId})` })]);
}

function rounded(box: LayerBox): boolean {
  return (box.rx ?? 0) > 0 || (box.ry ?? 0) > 0;
}
