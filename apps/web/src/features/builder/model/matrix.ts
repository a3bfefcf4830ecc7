/**
 * Layer geometry as matrices: a layer's placement as a matrix, and any matrix back into the model's
 * geometry (position, angle, scale, flips). The matrix maths itself is @adloom/template's, which the
 * renderer reads transforms with too.
 */
import { applyMatrix, multiply, rotation, scaling, translation, type Matrix } from '@adloom/template';
import { normalizeAngle, roundFactor, roundLength } from './numbers.js';
import type { LayerGeometry, Point } from './types.js';

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
