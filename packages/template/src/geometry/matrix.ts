/**
 * Affine matrices as SVG writes them, shared by the builder (layer placement) and the renderer (how many
 * pixels a layer's box covers): one implementation of the maths both sides read transforms with.
 */

/** [a b c d e f] as SVG writes it: x' = a x + c y + e, y' = b x + d y + f. */
export type Matrix = readonly [number, number, number, number, number, number];

/** A point in user units. */
export interface MatrixPoint {
  x: number;
  y: number;
}

/** The matrix that changes nothing. */
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

/** A move by (x, y). */
export function translation(x: number, y: number): Matrix {
  return [1, 0, 0, 1, x, y];
}

/** A turn by `degrees` clockwise (SVG's y axis points down) about the origin. */
export function rotation(degrees: number): Matrix {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return [cos, sin, -sin, cos, 0, 0];
}

/** A scale by x and y about the origin. */
export function scaling(x: number, y: number): Matrix {
  return [x, 0, 0, y, 0, 0];
}

/** A skew along x by `degrees` (SVG's skewX). */
export function skewingX(degrees: number): Matrix {
  return [1, 0, Math.tan((degrees * Math.PI) / 180), 1, 0, 0];
}

/** A skew along y by `degrees` (SVG's skewY). */
export function skewingY(degrees: number): Matrix {
  return [1, Math.tan((degrees * Math.PI) / 180), 0, 1, 0, 0];
}

/** Where a matrix takes a point. */
export function applyMatrix(m: Matrix, point: MatrixPoint): MatrixPoint {
  return { x: m[0] * point.x + m[2] * point.y + m[4], y: m[1] * point.x + m[3] * point.y + m[5] };
}
