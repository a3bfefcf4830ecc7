/**
 * Affine matrices for layer geometry: a layer's placement as a matrix, and any matrix back into the
 * model's geometry (position, angle, scale, flips).
 */
import { normalizeAngle, roundFactor, roundLength } from './numbers.js';
import type { LayerGeometry, Point } from './types.js';

/** [a b c d e f] as SVG writes it: x' = a x + c y + e, y' = b x + d y + f. */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m × n: n applied first, then m. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function translation(x: number, y: number): Matrix {
  return [1, 0, 0, 1, x, y];
}

export function rotation(degrees: number): Matrix {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return [cos, sin, -sin, cos, 0, 0];
}

export function scaling(x: number, y: number): Matrix {
  return [x, 0, 0, y, 0, 0];
}

export function applyMatrix(m: Matrix, point: Point): Point {
  return { x: m[0] * point.x + m[2] * point.y + m[4], y: m[1] * point.x + m[3] * point.y + m[5] };
}

/** The mirror inside a box of this size: flipX maps x to width - x, flipY maps y to height - y. */
export function flipMatrix(flipX: boolean, flipY: boolean, width: number, height: number): Matrix {
  return [flipX ? -1 : 1, 0, 0, flipY ? -1 : 1, flipX ? width : 0, flipY ? height : 0];
}

/** The matrix from a layer's local box to its parent's coordinates. */
export function layerMatrix(geometry: LayerGeometry): Matrix {
  let m = translation(geometry.left, geometry.top);
  if (geometry.angle !== 0) m = multiply(m, rotation(geometry.angle));
  if (geometry.scaleX !== 1 || geometry.scaleY !== 1)
    m = multiply(m, scaling(geometry.scaleX, geometry.scaleY));
  if (geometry.flipX || geometry.flipY) {
    m = multiply(m, flipMatrix(geometry.flipX, geometry.flipY, geometry.width, geometry.height));
  }
  return m;
}

/** The placement part of a geometry. */
export type Placement = Pick<
  LayerGeometry,
  'left' | 'top' | 'angle' | 'scaleX' | 'scaleY' | 'flipX' | 'flipY'
>;

/**
 * The geometry of a matrix that maps a box of this size to the parent, rounded to the model's precision.
 * A mirror image becomes flipX; skew, which the model cannot hold, is dropped.
 */
export function decomposeMatrix(m: Matrix, width: number, height: number): Placement {
  const flipX = m[0] * m[3] - m[1] * m[2] < 0;
  // A flipped matrix is (unflipped) × flip; the flip is its own inverse.
  const [a, b, c, d, e, f] = flipX ? multiply(m, flipMatrix(true, false, width, height)) : m;
  const scaleX = Math.hypot(a, b);
  const scaleY = scaleX === 0 ? Math.hypot(c, d) : (a * d - b * c) / scaleX;
  return {
    left: roundLength(e),
    top: roundLength(f),
    angle: normalizeAngle((Math.atan2(b, a) * 180) / Math.PI),
    scaleX: roundFactor(scaleX),
    scaleY: roundFactor(scaleY),
    flipX,
    flipY: false,
  };
}

/** Axis-aligned bounds of points; undefined for none. */
export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function boundsOf(points: readonly Point[]): Bounds | undefined {
  if (points.length === 0) return undefined;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { x, y } of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

/** The corners of a layer's box in its parent's coordinates. */
export function layerCorners(geometry: LayerGeometry): Point[] {
  const m = layerMatrix(geometry);
  const { width, height } = geometry;
  return [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ].map((corner) => applyMatrix(m, corner));
}
