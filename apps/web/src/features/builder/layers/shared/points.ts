/** Reading the points of a line or polygon element into the layer's local box. */
import { roundLength } from '../../model/numbers.js';
import type { Point } from '../../model/types.js';

/** The box of points rounded as lengths: its corner (the smallest x and y) and size. */
export function pointBounds(points: readonly Point[]): { origin: Point; width: number; height: number } {
  const xs = points.map((point) => roundLength(point.x));
  const ys = points.map((point) => roundLength(point.y));
  const origin = { x: Math.min(...xs), y: Math.min(...ys) };
  return {
    origin,
    width: roundLength(Math.max(...xs) - origin.x),
    height: roundLength(Math.max(...ys) - origin.y),
  };
}

/** A point moved into a box whose corner is `origin`. */
export function localPoint(point: Point, origin: Point): Point {
  return { x: roundLength(point.x - origin.x), y: roundLength(point.y - origin.y) };
}
