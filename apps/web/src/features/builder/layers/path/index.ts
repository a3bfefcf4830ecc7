/** The path: `d` in its local box (absolute M L C Q A Z). Reads `<path>` and `<polyline>`; writes `<path>`. */
import { Path } from 'fabric';
import { moveContentOrigin, normalizeShapeStyle } from '../../model/normalize.js';
import { localizePath } from '../../model/pathData.js';
import type { PathLayer } from '../../model/types.js';
import { attr, geometryOf, localName, readPoints, readShapeStyle } from '../../svg/readParts.js';
import { contentTransform, element, look, shapePaint } from '../../svg/writeParts.js';
import type { LayerKindDefinition } from '../kind.js';
import { fabricShapeStyle } from '../shared/fabricPaint.js';
import { DEFAULT_SHAPE_FILL, SHAPE_STYLE_FIELDS, shapePaints } from '../shared/shapeStyle.js';

function normalizePath(layer: PathLayer): PathLayer {
  const local = localizePath(layer.d);
  return {
    ...moveContentOrigin(normalizeShapeStyle(layer), local.offset, local.width, local.height),
    d: local.d,
  };
}

export const pathKind: LayerKindDefinition<'path'> = {
  kind: 'path',
  defaultName: 'Path',
  defaults: { fill: DEFAULT_SHAPE_FILL, stroke: null, strokeWidth: 1, d: 'M0 0 L100 0 L100 100 Z' },
  fields: [...SHAPE_STYLE_FIELDS, 'd'],
  derivedFields: ['width', 'height'],
  holdsPicture: false,
  recolourable: true,
  drawsText: false,
  paints: shapePaints,
  normalize: normalizePath,
  svgElements: ['path', 'polyline'],
  readSvg(node, common): PathLayer {
    const isPath = localName(node) === 'path';
    const d = isPath
      ? (attr(node, 'd') ?? '')
      : readPoints(node)
          .map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`)
          .join(' ');
    const local = localizePath(d);
    return {
      ...common,
      ...geometryOf(node, local.offset, local.width, local.height),
      ...readShapeStyle(node, isPath ? '#000000' : null),
      kind: 'path',
      d: local.d,
    };
  },
  writeSvg: (layer) =>
    element('path', [
      ['id', layer.id],
      ['d', layer.d],
      ...shapePaint(layer, true),
      ...look(layer, contentTransform(layer)),
    ]),
  // A path may have thousands of segments (an imported logo): worth its own cache.
  createFabricObject: (layer) => new Path(layer.d, { ...fabricShapeStyle(layer), objectCaching: true }),
};
