/**
 * Just enough SVG geometry to know how many output pixels a layer's box covers: transform lists and
 * the root viewBox scale. Used to size images before they are embedded.
 */
import { attr, localName, type XmlElement } from './xml.js';

/** An affine matrix [a b c d e f] as SVG writes it. */
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

const TRANSFORM = /(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/g;

/** Parses an SVG transform list; unknown or malformed parts are skipped (as browsers do for the whole list). */
export function parseTransform(value: string | undefined): Matrix {
  if (!value) return IDENTITY;
  let result = IDENTITY;
  for (const [, name, args = ''] of value.matchAll(TRANSFORM)) {
    const n = args
      .trim()
      .split(/[\s,]+/)
      .filter((part) => part !== '')
      .map(Number);
    if (n.some((x) => !Number.isFinite(x))) return IDENTITY;
    const [p = 0, q, r, s, t, u] = n;
    let m: Matrix | undefined;
    if (name === 'matrix' && n.length === 6) m = [p, q!, r!, s!, t!, u!];
    else if (name === 'translate') m = [1, 0, 0, 1, p, q ?? 0];
    else if (name === 'scale') m = [p, 0, 0, q ?? p, 0, 0];
    else if (name === 'rotate') {
      const angle = (p * Math.PI) / 180;
      const cos = Math.cos(angle);
      const sin = Math.sin(angle);
      const rotation: Matrix = [cos, sin, -sin, cos, 0, 0];
      const cx = q ?? 0;
      const cy = r ?? 0;
      m = multiply(multiply([1, 0, 0, 1, cx, cy], rotation), [1, 0, 0, 1, -cx, -cy]);
    } else if (name === 'skewX') m = [1, 0, Math.tan((p * Math.PI) / 180), 1, 0, 0];
    else if (name === 'skewY') m = [1, Math.tan((p * Math.PI) / 180), 0, 1, 0, 0];
    if (m) result = multiply(result, m);
  }
  return result;
}

/** Output pixels per user unit of the root <svg>, from its size and viewBox (uniform unless 'none'). */
export function rootScale(root: XmlElement, width: number, height: number): { x: number; y: number } {
  const box = (attr(root, 'viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const boxWidth = box[2];
  const boxHeight = box[3];
  if (box.length !== 4 || !boxWidth || !boxHeight || boxWidth <= 0 || boxHeight <= 0) return { x: 1, y: 1 };
  const x = width / boxWidth;
  const y = height / boxHeight;
  if ((attr(root, 'preserveAspectRatio') ?? '').trim().startsWith('none')) return { x, y };
  const uniform = Math.min(x, y);
  return { x: uniform, y: uniform };
}

/** The transform from a node's user space to the root's: the transforms of the chain below the root. */
export function chainMatrix(chain: readonly XmlElement[]): Matrix {
  let result = IDENTITY;
  for (const node of chain) {
    if (localName(node) === 'svg' && node === chain[0]) continue;
    result = multiply(result, parseTransform(attr(node, 'transform')));
  }
  return result;
}

/** How many output pixels one user unit covers along x and y after a matrix and the root scale. */
export function pixelScale(matrix: Matrix, root: { x: number; y: number }): { x: number; y: number } {
  return { x: Math.hypot(matrix[0], matrix[1]) * root.x, y: Math.hypot(matrix[2], matrix[3]) * root.y };
}

/** Writes a number for an attribute: at most 4 decimals, no trailing zeros, no exponent. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const rounded = Math.round(value * 10_000) / 10_000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}
