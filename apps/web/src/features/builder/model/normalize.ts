/**
 * The parts of bringing a layer into the model's form (normalizeLayer.ts; each kind's own fields in
 * layers/<kind>): numbers rounded to the model's precision (numbers.ts), values checked, and content moved
 * so its bounds start at the box's corner (a line, polygon, path or group, whose box follows from it).
 */
import { applyMatrix, multiply, rotation, scaling, translation, type Matrix } from '@adloom/template';
import { boundsOf, layerCorners } from './matrix.js';
import { normalizeAngle, requireFinite, roundFactor, roundLength } from './numbers.js';
import type { LayerGeometry, ModelLayer, Point, ShapeStyle } from './types.js';

/** A length of 0 or more, rounded; throws a RangeError naming `what` otherwise. */
export function nonNegativeLength(value: number, what: string): number {
  if (requireFinite(value, what) < 0) throw new RangeError(`${what} must be 0 or more, got ${value}`);
  return roundLength(value);
}

/** A factor above 0, rounded; throws a RangeError naming `what` otherwise. */
export function positiveFactor(value: number, what: string): number {
  const rounded = roundFactor(requireFinite(value, what));
  if (rounded <= 0)
    throw new RangeError(`${what} must be above 0 (mirror with flipX or flipY), got ${value}`);
  return rounded;
}

/** A paint in the model's form: null for none (empty or `none`), else trimmed. */
export function normalizePaint(value: string | null, what: string): string | null {
  if (value !== null && typeof value !== 'string') throw new RangeError(`${what} must be text or null`);
  return value === null || value.trim() === '' || value.trim().toLowerCase() === 'none' ? null : value.trim();
}

/** The geometry every layer has, in the model's form. */
export function normalizeGeometry<L extends LayerGeometry>(layer: L): L {
  return {
    ...layer,
    left: roundLength(requireFinite(layer.left, 'left')),
    top: roundLength(requireFinite(layer.top, 'top')),
    width: nonNegativeLength(layer.width, 'width'),
    height: nonNegativeLength(layer.height, 'height'),
    angle: normalizeAngle(requireFinite(layer.angle, 'angle')),
    scaleX: positiveFactor(layer.scaleX, 'scaleX'),
    scaleY: positiveFactor(layer.scaleY, 'scaleY'),
    flipX: Boolean(layer.flipX),
    flipY: Boolean(layer.flipY),
    opacity: roundFactor(Math.min(1, Math.max(0, requireFinite(layer.opacity, 'opacity')))),
  };
}

/** A shape's paint in the model's form. */
export function normalizeShapeStyle<L extends ShapeStyle>(layer: L): L {
  return {
    ...layer,
    fill: normalizePaint(layer.fill, 'fill'),
    stroke: normalizePaint(layer.stroke, 'stroke'),
    strokeWidth: nonNegativeLength(layer.strokeWidth, 'strokeWidth'),
  };
}

/** The placement without the flip: where the box's corner goes and how it turns and scales. */
function placementMatrix(geometry: LayerGeometry): Matrix {
  return multiply(
    multiply(translation(geometry.left, geometry.top), rotation(geometry.angle)),
    scaling(geometry.scaleX, geometry.scaleY),
  );
}

/**
 * The geometry after the content moved by -offset and the box became width × height, such that every
 * point of the content stays where it was drawn (a mirrored box mirrors about its new size).
 */
export function moveContentOrigin<L extends LayerGeometry>(
  layer: L,
  offset: Point,
  width: number,
  height: number,
): L {
  if (offset.x === 0 && offset.y === 0 && width === layer.width && height === layer.height) return layer;
  const shift = {
    x: layer.flipX ? layer.width - width - offset.x : offset.x,
    y: layer.flipY ? layer.height - height - offset.y : offset.y,
  };
  const corner = applyMatrix(placementMatrix(layer), shift);
  return { ...layer, left: roundLength(corner.x), top: roundLength(corner.y), width, height };
}

/** Points moved so their bounds start at (0, 0), repeated until rounding no longer moves them. */
export function localizePoints(points: readonly Point[]): {
  points: Point[];
  offset: Point;
  width: number;
  height: number;
} {
  let current = points.map((point) => ({ x: roundLength(point.x), y: roundLength(point.y) }));
  const bounds = boundsOf(current);
  const offset = { x: bounds ? bounds.minX : 0, y: bounds ? bounds.minY : 0 };
  current = current.map((point) => ({
    x: roundLength(point.x - offset.x),
    y: roundLength(point.y - offset.y),
  }));
  const local = boundsOf(current);
  return {
    points: current,
    offset,
    width: local ? roundLength(local.maxX - local.minX) : 0,
    height: local ? roundLength(local.maxY - local.minY) : 0,
  };
}

/**
 * Where a group's members' bounds start (rounded to whole hundredths) and the box from there: the group's
 * box once its members are moved by -offset.
 */
export function membersBox(children: readonly ModelLayer[]): {
  offset: Point;
  width: number;
  height: number;
} {
  const bounds = boundsOf(children.flatMap((child) => layerCorners(child)));
  if (!bounds) return { offset: { x: 0, y: 0 }, width: 0, height: 0 };
  const offset = { x: roundLength(bounds.minX), y: roundLength(bounds.minY) };
  return { offset, width: roundLength(bounds.maxX - offset.x), height: roundLength(bounds.maxY - offset.y) };
}

/** A group's members moved by -offset. */
export function moveMembers(children: readonly ModelLayer[], offset: Point): ModelLayer[] {
  return children.map((child) => ({
    ...child,
    left: roundLength(child.left - offset.x),
    top: roundLength(child.top - offset.y),
  }));
}

/** A size of the model's form, or null when unknown (0 is unknown too). */
export function optionalSize(value: number | null, what: string): number | null {
  if (value === null) return null;
  const size = nonNegativeLength(value, what);
  return size === 0 ? null : size;
}
