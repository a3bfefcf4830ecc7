/**
 * Fills a layer with an image: an <image> at the layer box with preserveAspectRatio from the fit and
 * alignment, clipped to the box (with its rounded corners), and the image registered as a need.
 */
import { RENDERER_ERRORS, type HorizontalAlignment, type VerticalAlignment } from '@adloom/template';
import type { ImageFit, ImageKind, RuleContext } from '../context.js';
import { RendererError } from '../errors.js';
import { chainMatrix, formatNumber, pixelScale } from '../geometry.js';
import { boxRect, findLayerBox, replaceLayer } from '../layer.js';
import { attr, element, type XmlElement } from '../xml.js';

/** How to place an image in a layer. */
export interface ImagePlacement {
  source: string;
  kind: ImageKind;
  fit: ImageFit;
  horizontal: HorizontalAlignment;
  vertical: VerticalAlignment;
  /** Blur layers: the image viewport grows by this factor around the box centre (1.3 × cover). */
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
  const enlarge = placement.enlarge ?? 1;
  const width = box.width * enlarge;
  const height = box.height * enlarge;
  const x = box.x - (width - box.width) / 2;
  const y = box.y - (height - box.height) / 2;
  const pixels = pixelScale(chainMatrix([...ancestors, ...box.chain]), context.scale);
  const ref = context.addImage({
    source: placement.source,
    kind: placement.kind,
    layerId: id,
    fit: placement.fit,
    width,
    height,
    pixelWidth: width * pixels.x,
    pixelHeight: height * pixels.y,
    ...(placement.blurFraction === undefined ? {} : { blurFraction: placement.blurFraction }),
  });
  const clipId = context.newId('clip');
  const content: XmlElement[] = [element('clipPath', { id: clipId }, [boxRect(box)])];
  let filter: string | undefined;
  if (placement.blurFraction !== undefined) {
    const filterId = context.newId('blur');
    filter = `url(#${filterId})`;
    // The deviation depends on the image's own size; embedding sets it (see embed.ts).
    const blur = element('feGaussianBlur', { stdDeviation: '0', 'data-adloom-blur': ref });
    content.push(
      element(
        'filter',
        {
          id: filterId,
          filterUnits: 'userSpaceOnUse',
          x: formatNumber(x),
          y: formatNumber(y),
          width: formatNumber(width),
          height: formatNumber(height),
          'color-interpolation-filters': 'sRGB',
        },
        [blur],
      ),
    );
  }
  content.push(
    element('image', {
      x: formatNumber(x),
      y: formatNumber(y),
      width: formatNumber(width),
      height: formatNumber(height),
      preserveAspectRatio: preserveAspectRatio(placement.fit, placement.horizontal, placement.vertical),
      href: ref,
      filter,
      'clip-path': `url(#${clipId})`,
    }),
  );
  return replaceLayer(layer, box, content);
}
