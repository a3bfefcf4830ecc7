/** What the shape kinds (rect, ellipse, line, polygon, path) share: their paint fields and the new shape's fill. */
import type { ShapeStyle } from '../../model/types.js';

/**
 * What a new shape is painted with: a clear mid blue that shows on white, on black and on the slots' grey
 * placeholder (a light grey was easily taken for an empty slot).
 */
export const DEFAULT_SHAPE_FILL = '#4c6ef5';

/** The fields of a shape's paint a patch may set. */
export const SHAPE_STYLE_FIELDS: readonly (keyof ShapeStyle)[] = ['fill', 'stroke', 'strokeWidth'];

/** A shape's paints (fill and stroke). */
export function shapePaints(layer: ShapeStyle): readonly (string | null)[] {
  return [layer.fill, layer.stroke];
}
