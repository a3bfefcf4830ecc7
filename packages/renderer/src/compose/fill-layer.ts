/**
 * Recognises a layer that is one flat colour over whole pixels: a `<rect>` without rounded corners or
 * stroke, filled with a #rrggbb colour (faded or not), whose edges land on pixel edges. The compositor
 * lays it down itself (a copy where it is opaque, one blend per pixel where it is faded), where resvg
 * would allocate a canvas-sized band for it: a darkening overlay over a blurred background, the coloured
 * bar under a price. Its edges on pixel edges mean resvg would not antialias them either, so the two draw
 * the same pixels, within a level of rounding.
 */
import type { Matrix } from '@adloom/template';
import { multiply } from '@adloom/template';
import { parseLength } from '../resolve/template.js';
import { attr, localName, type XmlElement } from '../resolve/xml.js';
import { fraction } from './fold-opacity.js';
import { axisAligned, mapRect, transformOf, wholePixel, type PixelRect } from './geometry.js';

/** A flat colour the compositor lays down. */
export interface FillLayer {
  kind: 'fill';
  /** The output pixels it covers, inside the canvas. */
  area: PixelRect;
  /** sRGB, 0 to 255. */
  colour: readonly [number, number, number];
  /** 0 to 1: opacity times fill-opacity. */
  alpha: number;
}

/** Attributes that say nothing about how the rect is drawn. */
function harmless(name: string): boolean {
  return name === 'id' || name === 'role' || /^(?:data|aria)-/.test(name);
}

const GEOMETRY = new Set(['x', 'y', 'width', 'height', 'fill', 'fill-opacity', 'opacity', 'transform']);

function hexColour(value: string | undefined): [number, number, number] | undefined {
  const match = /^\s*#([0-9a-f]{3}|[0-9a-f]{6})\s*$/i.exec(value ?? '');
  if (!match) return undefined;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

/**
 * The layer as a flat colour, `null` when it paints nothing on the canvas, or undefined when resvg must
 * draw it. `at` maps the node's parent's user units to output pixels; `canvas` is the output's size.
 * The caller has made sure nothing above the node changes how it is drawn (no style sheet, no inherited
 * stroke or fill-opacity: fold-opacity.ts's rootAllowsFolding).
 */
export function fillLayer(
  node: XmlElement,
  at: Matrix,
  canvas: { width: number; height: number },
): FillLayer | null | undefined {
  if (localName(node) !== 'rect' || node.children.some((child) => child.type === 'element')) return undefined;
  for (const [name, value] of Object.entries(node.attributes)) {
    if (GEOMETRY.has(name) || harmless(name)) continue;
    if (name === 'stroke' && value.trim() === 'none') continue;
    if ((name === 'rx' || name === 'ry') && parseLength(value) === 0) continue;
    return undefined;
  }
  const colour = hexColour(attr(node, 'fill'));
  const opacity = fraction(attr(node, 'opacity'));
  const fillOpacity = fraction(attr(node, 'fill-opacity'));
  const own = transformOf(node);
  const width = parseLength(attr(node, 'width'));
  const height = parseLength(attr(node, 'height'));
  const x = attr(node, 'x') === undefined ? 0 : parseLength(attr(node, 'x'));
  const y = attr(node, 'y') === undefined ? 0 : parseLength(attr(node, 'y'));
  if (!colour || opacity === undefined || fillOpacity === undefined || !own) return undefined;
  if (width === undefined || height === undefined || x === undefined || y === undefined) return undefined;
  const alpha = opacity * fillOpacity;
  if (width <= 0 || height <= 0 || alpha === 0) return null;
  const matrix = multiply(at, own);
  if (!axisAligned(matrix)) return undefined;
  const mapped = mapRect(matrix, { x, y, width, height });
  const edges = [mapped.left, mapped.top, mapped.right, mapped.bottom].map(wholePixel);
  if (edges.some((edge) => edge === undefined)) return undefined;
  const [left, top, right, bottom] = edges as [number, number, number, number];
  const area = {
    left: Math.max(0, left),
    top: Math.max(0, top),
    width: Math.min(canvas.width, right) - Math.max(0, left),
    height: Math.min(canvas.height, bottom) - Math.max(0, top),
  };
  if (area.width <= 0 || area.height <= 0) return null;
  return { kind: 'fill', area, colour, alpha };
}
