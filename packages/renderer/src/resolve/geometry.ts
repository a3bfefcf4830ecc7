/**
 * Just enough SVG geometry to know how many output pixels a layer's box covers: transform lists and
 * the root viewBox scale. Used to size images before they are embedded. The matrix maths and the
 * transform parser are @adloom/template's (the builder reads transforms with the same ones).
 */
import { IDENTITY, multiply, parseTransform, type Matrix } from '@adloom/template';
import { attr, localName, type XmlElement } from './xml.js';

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
