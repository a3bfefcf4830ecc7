/**
 * Brings a layer into the model's form: numbers rounded to the model's precision (numbers.ts), values
 * checked, and what follows from the content worked out (a text's height, the box of a line, polygon,
 * path or group, whose content is moved so its bounds start at the box's corner). Every change function
 * and the SVG reader pass layers through here, so a layer read back from the SVG equals the one written.
 */
import {
  BUILDER,
  BUILDER_ERRORS,
  applyMatrix,
  multiply,
  parseFontWeight,
  rotation,
  scaling,
  stripXmlInvalidChars,
  translation,
  type Matrix,
} from '@adloom/template';
import { boundsOf, layerCorners } from './matrix.js';
import { normalizeAngle, requireFinite, roundFactor, roundLength, roundTo } from './numbers.js';
import { localizePath } from './pathData.js';
import type {
  GroupLayer,
  LayerGeometry,
  LineLayer,
  ModelLayer,
  Point,
  PolygonLayer,
  ShapeStyle,
  TextAlign,
  TextFit,
  TextLayer,
} from './types.js';

/** fabric.js's font size multiplier: a line is `size × lineHeight × 1.13` high (renderer layout.ts). */
const FONT_SIZE_MULT = 1.13;
/** The text box's minimum width (spec section 9). */
export const TEXT_MIN_WIDTH = 20;
const TEXT_ALIGNS: readonly TextAlign[] = ['left', 'center', 'right', 'justify'];

/**
 * The height of a text box holding the template string's own lines, as fabric.js measures it: every
 * line but the last `size × lineHeight × 1.13`, the last `size × 1.13`. Wrapped lines are the view's.
 */
export function textBoxHeight(text: string, fontSize: number, lineHeight: number): number {
  const lines = text.split(/\r\n|\r|\n/).length;
  return roundLength(fontSize * FONT_SIZE_MULT * (lineHeight * (lines - 1) + 1));
}

/** A text's fit rule in the model's form: null when off; both sizes above 0, rounded as lengths. */
function normalizeFit(fit: TextFit | null | undefined): TextFit | null {
  if (fit === null || fit === undefined) return null;
  const height = nonNegativeLength(fit.height, 'fit height');
  const minFontSize = nonNegativeLength(fit.minFontSize, 'fit minFontSize');
  if (height === 0 || minFontSize === 0)
    throw new RangeError('A fit needs a height and a minimum size above 0');
  return { height, minFontSize };
}

/** Throws the spec's 'Rating must be between 1 and 5' unless the value is a number from 1 to 5. */
export function checkRatingValue(value: number): number {
  const { min, max } = BUILDER.ratingStars;
  if (typeof value !== 'number' || !(value >= min && value <= max)) {
    throw new Error(BUILDER_ERRORS.ratingOutOfRange);
  }
  return value;
}

function nonNegativeLength(value: number, what: string): number {
  if (requireFinite(value, what) < 0) throw new RangeError(`${what} must be 0 or more, got ${value}`);
  return roundLength(value);
}

function positiveFactor(value: number, what: string): number {
  const rounded = roundFactor(requireFinite(value, what));
  if (rounded <= 0)
    throw new RangeError(`${what} must be above 0 (mirror with flipX or flipY), got ${value}`);
  return rounded;
}

function paint(value: string | null, what: string): string | null {
  if (value !== null && typeof value !== 'string') throw new RangeError(`${what} must be text or null`);
  return value === null || value.trim() === '' || value.trim().toLowerCase() === 'none' ? null : value.trim();
}

function normalizeGeometry<L extends LayerGeometry>(layer: L): L {
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

function normalizeShapeStyle<L extends ShapeStyle>(layer: L): L {
  return {
    ...layer,
    fill: paint(layer.fill, 'fill'),
    stroke: paint(layer.stroke, 'stroke'),
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
function localizePoints(points: readonly Point[]): {
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

function normalizeLine(layer: LineLayer): LineLayer {
  const local = localizePoints([
    { x: requireFinite(layer.x1, 'x1'), y: requireFinite(layer.y1, 'y1') },
    { x: requireFinite(layer.x2, 'x2'), y: requireFinite(layer.y2, 'y2') },
  ]);
  const [from, to] = local.points as [Point, Point];
  return {
    ...moveContentOrigin(layer, local.offset, local.width, local.height),
    x1: from.x,
    y1: from.y,
    x2: to.x,
    y2: to.y,
  };
}

function normalizePolygon(layer: PolygonLayer): PolygonLayer {
  if (layer.points.length < 3)
    throw new RangeError(`A polygon needs at least 3 points, got ${layer.points.length}`);
  const local = localizePoints(
    layer.points.map((point, index) => ({
      x: requireFinite(point.x, `points[${index}].x`),
      y: requireFinite(point.y, `points[${index}].y`),
    })),
  );
  return { ...moveContentOrigin(layer, local.offset, local.width, local.height), points: local.points };
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

/**
 * A group whose members' bounds start at (0, 0), its box their size. Members move by whole hundredths,
 * so the second pass finds nothing to move and a saved group reads back the same.
 */
function normalizeGroup(layer: GroupLayer): GroupLayer {
  let group = layer;
  for (let step = 0; step < 5; step += 1) {
    const { offset, width, height } = membersBox(group.children);
    const moved = moveContentOrigin(group, offset, width, height);
    if (offset.x === 0 && offset.y === 0) return moved;
    group = { ...moved, children: moveMembers(group.children, offset) };
  }
  return group;
}

function normalizeText(layer: TextLayer): TextLayer {
  const fontWeight = parseFontWeight(layer.fontWeight);
  if (fontWeight === undefined)
    throw new RangeError(`fontWeight must be 100 to 900 in hundreds, got ${layer.fontWeight}`);
  if (!TEXT_ALIGNS.includes(layer.textAlign))
    throw new RangeError(`textAlign must be one of ${TEXT_ALIGNS.join(', ')}`);
  if (layer.fontStyle !== 'normal' && layer.fontStyle !== 'italic') {
    throw new RangeError(`fontStyle must be normal or italic, got ${String(layer.fontStyle)}`);
  }
  if (typeof layer.fontFamily !== 'string' || layer.fontFamily.trim() === '') {
    throw new RangeError('fontFamily must name a font family');
  }
  const fontSize = nonNegativeLength(layer.fontSize, 'fontSize');
  if (fontSize === 0) throw new RangeError('fontSize must be above 0');
  const lineHeight = positiveFactor(layer.lineHeight, 'lineHeight');
  // A character XML cannot hold would make the saved template unreadable.
  const text = stripXmlInvalidChars(String(layer.text));
  return {
    ...layer,
    text,
    fontFamily: layer.fontFamily.trim(),
    fontWeight,
    fontSize,
    lineHeight,
    fill: paint(layer.fill, 'fill'),
    fit: normalizeFit(layer.fit),
    width: Math.max(TEXT_MIN_WIDTH, layer.width),
    height: textBoxHeight(text, fontSize, lineHeight),
  };
}

/** The renderer's star colours when a layer names none (renderer rating.ts). */
export const DEFAULT_STAR_COLORS = { filled: '#FFB400', empty: '#D9D9D9' } as const;

function starColor(value: string, fallback: string): string {
  const color = typeof value === 'string' ? value.trim() : '';
  return color === '' ? fallback : color;
}

function optionalSize(value: number | null, what: string): number | null {
  if (value === null) return null;
  const size = nonNegativeLength(value, what);
  return size === 0 ? null : size;
}

/** The layer in the model's form (see the file comment); throws a RangeError on values it cannot hold. */
export function normalizeLayer<L extends ModelLayer>(input: L): L {
  const layer = normalizeGeometry(input) as ModelLayer;
  const common = {
    locked: Boolean(layer.locked),
    hidden: Boolean(layer.hidden),
    clipPath: layer.clipPath === null || layer.clipPath.trim() === '' ? null : layer.clipPath.trim(),
  };
  switch (layer.kind) {
    case 'rect':
      return {
        ...normalizeShapeStyle(layer),
        ...common,
        rx: nonNegativeLength(layer.rx, 'rx'),
        ry: nonNegativeLength(layer.ry, 'ry'),
      } as L;
    case 'ellipse':
      return { ...normalizeShapeStyle(layer), ...common } as L;
    case 'line':
      return { ...normalizeLine(normalizeShapeStyle(layer)), ...common } as L;
    case 'polygon':
      return { ...normalizePolygon(normalizeShapeStyle(layer)), ...common } as L;
    case 'path': {
      const local = localizePath(layer.d);
      return {
        ...moveContentOrigin(normalizeShapeStyle(layer), local.offset, local.width, local.height),
        ...common,
        d: local.d,
      } as L;
    }
    case 'image':
      return {
        ...layer,
        ...common,
        href: layer.href === null || layer.href.trim() === '' ? null : layer.href.trim(),
        naturalWidth: optionalSize(layer.naturalWidth, 'naturalWidth'),
        naturalHeight: optionalSize(layer.naturalHeight, 'naturalHeight'),
      } as L;
    case 'text':
      return { ...normalizeText(layer), ...common } as L;
    case 'rating':
      return {
        ...layer,
        ...common,
        value: roundTo(checkRatingValue(layer.value), 2),
        filledColor: starColor(layer.filledColor, DEFAULT_STAR_COLORS.filled),
        emptyColor: starColor(layer.emptyColor, DEFAULT_STAR_COLORS.empty),
      } as L;
    case 'group':
      return { ...normalizeGroup(layer), ...common } as L;
  }
}
