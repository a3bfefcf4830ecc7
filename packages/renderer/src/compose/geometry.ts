/**
 * Where resvg would put a picture's pixels, worked out without resvg. A picture drawn at its own pixel
 * size with nothing but a translation is sampled nearest-neighbour by tiny-skia (a translation never
 * needs its bicubic filter), so its pixels land whole at a computable offset; a box whose edges fall on
 * pixel edges clips it without antialiasing. These are the only cases the composition claims: anything
 * else (a scale, a turn, a box edge inside a pixel) stays resvg's to draw.
 */
import {
  IDENTITY,
  multiply,
  parseTransformList,
  transformFunctionMatrix,
  type Matrix,
} from '@adloom/template';
import { attr, type XmlElement } from '../resolve/xml.js';

/** A rectangle in output pixels (left, top, width, height). */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How far from a whole pixel a value may be and still be treated as one (its coverage rounds to 0). */
const WHOLE = 1e-4;

/** The value as a whole number when it is one (within WHOLE), else undefined. */
export function wholePixel(value: number): number | undefined {
  const rounded = Math.round(value);
  return Math.abs(value - rounded) <= WHOLE ? rounded : undefined;
}

/**
 * The pixel a picture's first column (or row) lands on when its edge is at `edge`: tiny-skia samples the
 * pixel under each output pixel's centre, so an edge at 10.5 puts pixel 0 at 10 and one at 10.75 at 11.
 * Undefined when the edge is so close to a half pixel, without being on one, that single-precision
 * arithmetic in resvg could round it either way.
 */
export function nearestOffset(edge: number): number | undefined {
  const shifted = edge - 0.5;
  const rounded = Math.round(shifted);
  if (shifted !== rounded && Math.abs(shifted - rounded) < 1e-3) return undefined;
  return Math.ceil(shifted) || 0; // never -0
}

/** A transform attribute as a matrix; undefined when it is present but not a transform list. */
export function transformOf(node: XmlElement): Matrix | undefined {
  const value = attr(node, 'transform');
  if (value === undefined || value.trim() === '') return IDENTITY;
  const functions = parseTransformList(value);
  if (!functions) return undefined;
  return functions.reduce<Matrix>((matrix, fn) => multiply(matrix, transformFunctionMatrix(fn)), IDENTITY);
}

/** True when the matrix scales and moves only (no turn, skew or flip). */
export function axisAligned(matrix: Matrix): boolean {
  return matrix[1] === 0 && matrix[2] === 0 && matrix[0] > 0 && matrix[3] > 0;
}

/**
 * The root's user units to output pixels: the viewBox scale and origin. Undefined when the viewBox
 * letterboxes (a uniform scale with room left over on one side), which no template of the builder does.
 */
export function rootMatrix(root: XmlElement, width: number, height: number): Matrix | undefined {
  const viewBox = attr(root, 'viewBox');
  if (viewBox === undefined) return IDENTITY;
  const numbers = viewBox
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (numbers.length !== 4 || !numbers.every(Number.isFinite)) return undefined;
  const [minX, minY, boxWidth, boxHeight] = numbers as [number, number, number, number];
  if (boxWidth <= 0 || boxHeight <= 0) return undefined;
  const scaleX = width / boxWidth;
  const scaleY = height / boxHeight;
  const stretched = (attr(root, 'preserveAspectRatio') ?? '').trim().startsWith('none');
  if (!stretched && Math.abs(scaleX - scaleY) > 1e-12) return undefined;
  return [scaleX, 0, 0, stretched ? scaleY : scaleX, -minX * scaleX, -minY * (stretched ? scaleY : scaleX)];
}

/** preserveAspectRatio as SVG reads it: an alignment per axis (0, 0.5, 1) and meet or slice; `none` stretches. */
export type AspectRatio = { none: true } | { none: false; x: number; y: number; slice: boolean };

const ALIGN = /^x(Min|Mid|Max)Y(Min|Mid|Max)$/;
const FRACTION: Record<string, number> = { Min: 0, Mid: 0.5, Max: 1 };

/** Parses preserveAspectRatio (default xMidYMid meet); undefined when it is not one. */
export function parseAspectRatio(value: string | undefined): AspectRatio | undefined {
  const words = (value ?? '').trim().split(/\s+/).filter(Boolean);
  if (words[0] === 'defer') words.shift();
  const [align = 'xMidYMid', mode = 'meet', ...rest] = words;
  if (rest.length > 0 || (mode !== 'meet' && mode !== 'slice')) return undefined;
  if (align === 'none') return { none: true };
  const match = ALIGN.exec(align);
  if (!match) return undefined;
  return { none: false, x: FRACTION[match[1]!]!, y: FRACTION[match[2]!]!, slice: mode === 'slice' };
}

/**
 * Where a `picture`-sized image is drawn in a viewport (user units), as SVG places it: its rectangle
 * and its scale per axis (user units per picture pixel).
 */
export function placeInViewport(
  viewport: { x: number; y: number; width: number; height: number },
  picture: { width: number; height: number },
  aspect: AspectRatio,
): { x: number; y: number; width: number; height: number; scaleX: number; scaleY: number } {
  if (aspect.none) {
    return {
      ...viewport,
      scaleX: viewport.width / picture.width,
      scaleY: viewport.height / picture.height,
    };
  }
  // As resvg's size_scale: the other side is (side × picture side) / picture side, and a tie goes to width.
  const widthAtHeight = (viewport.height * picture.width) / picture.height;
  const byHeight = aspect.slice ? widthAtHeight > viewport.width : widthAtHeight < viewport.width;
  const width = byHeight ? widthAtHeight : viewport.width;
  const height = byHeight ? viewport.height : (viewport.width * picture.height) / picture.width;
  return {
    x: viewport.x + (viewport.width - width) * aspect.x,
    y: viewport.y + (viewport.height - height) * aspect.y,
    width,
    height,
    scaleX: width / picture.width,
    scaleY: height / picture.height,
  };
}

/** A rectangle (user units) through an axis-aligned matrix, in output pixels (not rounded). */
export function mapRect(
  matrix: Matrix,
  rect: { x: number; y: number; width: number; height: number },
): { left: number; top: number; right: number; bottom: number } {
  return {
    left: matrix[0] * rect.x + matrix[4],
    top: matrix[3] * rect.y + matrix[5],
    right: matrix[0] * (rect.x + rect.width) + matrix[4],
    bottom: matrix[3] * (rect.y + rect.height) + matrix[5],
  };
}
