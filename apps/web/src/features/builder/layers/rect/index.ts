/** The rectangle: a box with corner radii (and the box of an image slot or other dynamic image layer). */
import { Rect } from 'fabric';
import { normalizeShapeStyle, nonNegativeLength } from '../../model/normalize.js';
import type { RectLayer } from '../../model/types.js';
import { attr, cornerOf, geometryOf, length, readShapeStyle, requiredLength } from '../../svg/readParts.js';
import { boxPlacement, element, look, nonZero, shapePaint } from '../../svg/writeParts.js';
import type { LayerKindDefinition } from '../kind.js';
import { fabricShapeStyle } from '../shared/fabricPaint.js';
import { DEFAULT_SHAPE_FILL, SHAPE_STYLE_FIELDS, shapePaints } from '../shared/shapeStyle.js';

export const rectKind: LayerKindDefinition<'rect'> = {
  kind: 'rect',
  defaultName: 'Rectangle',
  defaults: { fill: DEFAULT_SHAPE_FILL, stroke: null, strokeWidth: 1, rx: 0, ry: 0 },
  fields: [...SHAPE_STYLE_FIELDS, 'rx', 'ry'],
  derivedFields: [],
  holdsPicture: true,
  recolourable: true,
  drawsText: false,
  paints: shapePaints,
  normalize: (layer) => ({
    ...normalizeShapeStyle(layer),
    rx: nonNegativeLength(layer.rx, 'rx'),
    ry: nonNegativeLength(layer.ry, 'ry'),
  }),
  svgElements: ['rect'],
  readSvg(node, common): RectLayer {
    const geometry = geometryOf(
      node,
      cornerOf(node),
      requiredLength(node, 'width'),
      requiredLength(node, 'height'),
    );
    const rx = length(attr(node, 'rx'));
    const ry = length(attr(node, 'ry'));
    return {
      ...common,
      ...geometry,
      ...readShapeStyle(node, '#000000'),
      kind: 'rect',
      rx: rx ?? ry ?? 0,
      ry: ry ?? rx ?? 0,
    };
  },
  writeSvg(layer) {
    const at = boxPlacement(layer);
    return element('rect', [
      ['id', layer.id],
      ['x', nonZero(at.x)],
      ['y', nonZero(at.y)],
      ['width', layer.width],
      ['height', layer.height],
      ['rx', nonZero(layer.rx)],
      ['ry', layer.ry === layer.rx ? undefined : layer.ry],
      ...shapePaint(layer, true),
      ...look(layer, at.transform),
    ]);
  },
  createFabricObject: (layer) =>
    new Rect({
      width: layer.width,
      height: layer.height,
      rx: layer.rx,
      ry: layer.ry,
      ...fabricShapeStyle(layer),
    }),
};
