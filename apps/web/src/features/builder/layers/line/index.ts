/** The line: between two points of its box, whose width and height follow from them. */
import { Line } from 'fabric';
import { localizePoints, moveContentOrigin, normalizeShapeStyle } from '../../model/normalize.js';
import { requireFinite } from '../../model/numbers.js';
import type { LineLayer, Point } from '../../model/types.js';
import { attr, geometryOf, length, readShapeStyle } from '../../svg/readParts.js';
import { contentTransform, element, look, shapePaint } from '../../svg/writeParts.js';
import type { LayerKindDefinition } from '../kind.js';
import { fabricShapeStyle } from '../shared/fabricPaint.js';
import { localPoint, pointBounds } from '../shared/points.js';
import { SHAPE_STYLE_FIELDS, shapePaints } from '../shared/shapeStyle.js';

function normalizeLine(layer: LineLayer): LineLayer {
  const local = localizePoints([
    { x: requireFinite(layer.x1, 'x1'), y: requireFinite(layer.y1, 'y1') },
    { x: requireFinite(layer.x2, 'x2'), y: requireFinite(layer.y2, 'y2') },
  ]);
  const [from, to] = local.points as [Point, Point];
  return {
    ...moveContentOrigin(normalizeShapeStyle(layer), local.offset, local.width, local.height),
    x1: from.x,
    y1: from.y,
    x2: to.x,
    y2: to.y,
  };
}

export const lineKind: LayerKindDefinition<'line'> = {
  kind: 'line',
  defaultName: 'Line',
  defaults: { fill: null, stroke: '#000000', strokeWidth: 4, x1: 0, y1: 0, x2: 200, y2: 0 },
  fields: [...SHAPE_STYLE_FIELDS, 'x1', 'y1', 'x2', 'y2'],
  derivedFields: ['width', 'height'],
  holdsPicture: false,
  recolourable: true,
  drawsText: false,
  paints: shapePaints,
  normalize: normalizeLine,
  svgElements: ['line'],
  readSvg(node, common): LineLayer {
    const from = { x: length(attr(node, 'x1')) ?? 0, y: length(attr(node, 'y1')) ?? 0 };
    const to = { x: length(attr(node, 'x2')) ?? 0, y: length(attr(node, 'y2')) ?? 0 };
    const box = pointBounds([from, to]);
    const start = localPoint(from, box.origin);
    const end = localPoint(to, box.origin);
    return {
      ...common,
      ...geometryOf(node, box.origin, box.width, box.height),
      ...readShapeStyle(node, null),
      kind: 'line',
      x1: start.x,
      y1: start.y,
      x2: end.x,
      y2: end.y,
    };
  },
  writeSvg: (layer) =>
    element('line', [
      ['id', layer.id],
      ['x1', layer.x1],
      ['y1', layer.y1],
      ['x2', layer.x2],
      ['y2', layer.y2],
      ...shapePaint(layer, false),
      ...look(layer, contentTransform(layer)),
    ]),
  createFabricObject: (layer) => new Line([layer.x1, layer.y1, layer.x2, layer.y2], fabricShapeStyle(layer)),
};
