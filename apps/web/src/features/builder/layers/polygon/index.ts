/** The polygon: closed, its points in its local box (their bounds start at the box's corner). */
import { Polygon } from 'fabric';
import { localizePoints, moveContentOrigin, normalizeShapeStyle } from '../../model/normalize.js';
import { requireFinite } from '../../model/numbers.js';
import type { PolygonLayer } from '../../model/types.js';
import { formatSvgNumber } from '@adloom/template';
import { geometryOf, readPoints, readShapeStyle } from '../../svg/readParts.js';
import { contentTransform, element, look, shapePaint } from '../../svg/writeParts.js';
import type { LayerKindDefinition } from '../kind.js';
import { fabricShapeStyle } from '../shared/fabricPaint.js';
import { localPoint, pointBounds } from '../shared/points.js';
import { DEFAULT_SHAPE_FILL, SHAPE_STYLE_FIELDS, shapePaints } from '../shared/shapeStyle.js';

function normalizePolygon(layer: PolygonLayer): PolygonLayer {
  if (layer.points.length < 3)
    throw new RangeError(`A polygon needs at least 3 points, got ${layer.points.length}`);
  const local = localizePoints(
    layer.points.map((point, index) => ({
      x: requireFinite(point.x, `points[${index}].x`),
      y: requireFinite(point.y, `points[${index}].y`),
    })),
  );
  return {
    ...moveContentOrigin(normalizeShapeStyle(layer), local.offset, local.width, local.height),
    points: local.points,
  };
}

export const polygonKind: LayerKindDefinition<'polygon'> = {
  kind: 'polygon',
  defaultName: 'Polygon',
  defaults: {
    fill: DEFAULT_SHAPE_FILL,
    stroke: null,
    strokeWidth: 1,
    points: [
      { x: 50, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ],
  },
  fields: [...SHAPE_STYLE_FIELDS, 'points'],
  derivedFields: ['width', 'height'],
  holdsPicture: false,
  recolourable: true,
  drawsText: false,
  paints: shapePaints,
  normalize: normalizePolygon,
  svgElements: ['polygon'],
  readSvg(node, common): PolygonLayer {
    const points = readPoints(node);
    if (points.length < 3) throw new Error(`The polygon ${common.id} has fewer than 3 points`);
    const box = pointBounds(points);
    return {
      ...common,
      ...geometryOf(node, box.origin, box.width, box.height),
      ...readShapeStyle(node, '#000000'),
      kind: 'polygon',
      points: points.map((point) => localPoint(point, box.origin)),
    };
  },
  writeSvg: (layer) =>
    element('polygon', [
      ['id', layer.id],
      [
        'points',
        layer.points.map((point) => `${formatSvgNumber(point.x)},${formatSvgNumber(point.y)}`).join(' '),
      ],
      ...shapePaint(layer, true),
      ...look(layer, contentTransform(layer)),
    ]),
  createFabricObject: (layer) =>
    new Polygon(
      layer.points.map((point) => ({ x: point.x, y: point.y })),
      fabricShapeStyle(layer),
    ),
};
