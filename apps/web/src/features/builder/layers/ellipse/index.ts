/** The ellipse: fills its box. Reads `<ellipse>` and `<circle>`; writes `<ellipse>`. */
import { Ellipse } from 'fabric';
import { normalizeShapeStyle } from '../../model/normalize.js';
import { roundLength } from '../../model/numbers.js';
import type { EllipseLayer } from '../../model/types.js';
import { attr, geometryOf, length, localName, readShapeStyle, requiredLength } from '../../svg/readParts.js';
import { boxPlacement, element, look, shapePaint } from '../../svg/writeParts.js';
import type { LayerKindDefinition } from '../kind.js';
import { fabricShapeStyle } from '../shared/fabricPaint.js';
import { DEFAULT_SHAPE_FILL, SHAPE_STYLE_FIELDS, shapePaints } from '../shared/shapeStyle.js';

export const ellipseKind: LayerKindDefinition<'ellipse'> = {
  kind: 'ellipse',
  defaultName: 'Ellipse',
  defaults: { fill: DEFAULT_SHAPE_FILL, stroke: null, strokeWidth: 1 },
  fields: SHAPE_STYLE_FIELDS,
  derivedFields: [],
  holdsPicture: false,
  recolourable: true,
  drawsText: false,
  paints: shapePaints,
  normalize: (layer) => normalizeShapeStyle(layer),
  svgElements: ['circle', 'ellipse'],
  readSvg(node, common): EllipseLayer {
    const circle = localName(node) === 'circle';
    const rx = requiredLength(node, circle ? 'r' : 'rx');
    const ry = circle ? rx : requiredLength(node, 'ry');
    const cx = length(attr(node, 'cx')) ?? 0;
    const cy = length(attr(node, 'cy')) ?? 0;
    const width = roundLength(rx * 2);
    const height = roundLength(ry * 2);
    return {
      ...common,
      ...geometryOf(node, { x: roundLength(cx - rx), y: roundLength(cy - ry) }, width, height),
      ...readShapeStyle(node, '#000000'),
      kind: 'ellipse',
    };
  },
  writeSvg(layer) {
    const at = boxPlacement(layer);
    return element('ellipse', [
      ['id', layer.id],
      ['cx', at.x + layer.width / 2],
      ['cy', at.y + layer.height / 2],
      ['rx', layer.width / 2],
      ['ry', layer.height / 2],
      ...shapePaint(layer, true),
      ...look(layer, at.transform),
    ]);
  },
  createFabricObject: (layer) =>
    new Ellipse({ rx: layer.width / 2, ry: layer.height / 2, ...fabricShapeStyle(layer) }),
};
