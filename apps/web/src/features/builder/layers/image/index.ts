/**
 * The picture: a static image (href, a data URL), or the box of a dynamic image layer showing a placeholder
 * or nothing. Reads and writes `<image>`.
 */
import { FabricImage, Rect } from 'fabric';
import { optionalSize } from '../../model/normalize.js';
import type { ImageLayer } from '../../model/types.js';
import { attr, cornerOf, geometryOf, length, requiredLength } from '../../svg/readParts.js';
import { boxPlacement, element, look, nonZero } from '../../svg/writeParts.js';
import type { FabricContext, LayerKindDefinition } from '../kind.js';
import { DRAWN_DIRECTLY } from '../shared/fabricPaint.js';

/** How an image without a picture shows on the canvas. */
const EMPTY_IMAGE_FILL = '#e9ecef';

/** The picture drawn from its own pixels into the layer's box once they came; a grey box without one. */
function createImageObject(layer: ImageLayer, context: FabricContext) {
  if (layer.href === null) {
    return new Rect({ width: layer.width, height: layer.height, fill: EMPTY_IMAGE_FILL, ...DRAWN_DIRECTLY });
  }
  const element = new Image();
  const image = new FabricImage(element, { width: layer.width, height: layer.height });
  element.onload = () => {
    const base = { x: layer.width / element.naturalWidth, y: layer.height / element.naturalHeight };
    image.setElement(element);
    image.set({ scaleX: layer.scaleX * base.x, scaleY: layer.scaleY * base.y });
    image.setCoords();
    context.imageLoaded(image, base);
  };
  element.src = layer.href;
  return image;
}

export const imageKind: LayerKindDefinition<'image'> = {
  kind: 'image',
  defaultName: 'Image',
  defaults: { href: null, naturalWidth: null, naturalHeight: null },
  fields: ['href', 'naturalWidth', 'naturalHeight'],
  derivedFields: [],
  holdsPicture: true,
  recolourable: false,
  drawsText: false,
  paints: () => [],
  normalize: (layer) => ({
    ...layer,
    href: layer.href === null || layer.href.trim() === '' ? null : layer.href.trim(),
    naturalWidth: optionalSize(layer.naturalWidth, 'naturalWidth'),
    naturalHeight: optionalSize(layer.naturalHeight, 'naturalHeight'),
  }),
  svgElements: ['image'],
  readSvg(node, common): ImageLayer {
    const geometry = geometryOf(
      node,
      cornerOf(node),
      requiredLength(node, 'width'),
      requiredLength(node, 'height'),
    );
    return {
      ...common,
      ...geometry,
      kind: 'image',
      href: attr(node, 'xlink:href') ?? attr(node, 'href') ?? null,
      naturalWidth: length(attr(node, 'data-natural-width')) ?? null,
      naturalHeight: length(attr(node, 'data-natural-height')) ?? null,
    };
  },
  writeSvg(layer) {
    const at = boxPlacement(layer);
    return element('image', [
      ['id', layer.id],
      ['x', nonZero(at.x)],
      ['y', nonZero(at.y)],
      ['width', layer.width],
      ['height', layer.height],
      ['xlink:href', layer.href ?? undefined],
      // fabric.js stretches a picture to its box; a slot's placement is the renderer's.
      ['preserveAspectRatio', layer.href === null ? undefined : 'none'],
      ['data-natural-width', layer.naturalWidth ?? undefined],
      ['data-natural-height', layer.naturalHeight ?? undefined],
      ...look(layer, at.transform),
    ]);
  },
  createFabricObject: createImageObject,
};
