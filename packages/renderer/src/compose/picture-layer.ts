/**
 * Recognises a layer that is one picture the composition can lay down itself, pixel for pixel as resvg
 * would draw it: an `<image>` of a prepared picture, or a slot's rounded box (a pattern holding the image
 * and the box's rect filled with it, image-layer.ts), under groups that only move it or fade it. It says
 * where the picture's pixels land and which whole pixels of the output it paints; the rounded corners
 * become a mask drawn by resvg from the same rect, so their antialiasing is resvg's own.
 */
import type { Matrix } from '@adloom/template';
import { multiply } from '@adloom/template';
import type { ImageNeed } from '../resolve/context.js';
import { parseLength } from '../resolve/template.js';
import { attr, element, localName, type XmlElement, type XmlNode } from '../resolve/xml.js';
import {
  axisAligned,
  mapRect,
  nearestOffset,
  parseAspectRatio,
  placeInViewport,
  transformOf,
  wholePixel,
  type PixelRect,
} from './geometry.js';

/** A picture laid down by the compositor instead of resvg. */
export interface PictureLayer {
  kind: 'picture';
  need: ImageNeed;
  /** Where the prepared picture's pixel (0, 0) lands in the output (may be outside it). */
  left: number;
  top: number;
  /** The pixels of the output it paints, inside the canvas (edge pixels maybe in part: see mask). */
  area: PixelRect;
  /** 0 to 1: the product of its own and its groups' opacity. */
  opacity: number;
  /**
   * Edges inside a pixel, rounded corners: an SVG document the size of `area` whose alpha is the share
   * of each pixel the picture covers, as resvg covers it (the same shapes, moved by whole pixels only).
   * Pixels of `area` beyond the picture repeat its edge pixels, as resvg samples them.
   */
  mask?: XmlElement;
  /**
   * How many pixels in from the area's edges the mask may be less than full: deeper in, every pixel is
   * wholly covered, so only that border needs drawing.
   */
  maskBorder?: number;
}

/** What the layer's tree tells the recognition. */
export interface PictureContext {
  /** The prepared picture's pixel size for a need (what the image preparation makes of its source). */
  pictureSize: (need: ImageNeed) => { width: number; height: number };
  needs: ReadonlyMap<string, ImageNeed>;
  canvas: { width: number; height: number };
  /** How many times each id is referred to in the whole document. */
  references: ReadonlyMap<string, number>;
}

/** A layer drawn by resvg instead, and why. */
export interface NotAPicture {
  reason: string;
}

/** Attributes that change nothing about how a group or picture is drawn (no style sheet can target them). */
function harmless(name: string): boolean {
  return name === 'id' || name === 'class' || name === 'role' || /^(?:data|aria)-/.test(name);
}

const IMAGE_GEOMETRY = new Set(['x', 'y', 'width', 'height', 'preserveAspectRatio', 'href', 'xlink:href']);

export const PLACEHOLDER = 'adloom-image:';

/** The element children, or undefined when the node holds text that is not white space. */
export function elementChildren(node: XmlElement): XmlElement[] | undefined {
  const elements: XmlElement[] = [];
  for (const child of node.children) {
    if (child.type === 'element') elements.push(child);
    else if (child.text.trim() !== '') return undefined;
  }
  return elements;
}

/** The first attribute that could change how the element is drawn beyond what `allowed` covers. */
function effectOf(node: XmlElement, allowed: (name: string) => boolean): string | undefined {
  for (const [name, value] of Object.entries(node.attributes)) {
    if (allowed(name) || harmless(name)) continue;
    if (name === 'style' && value.trim() === '') continue;
    return name;
  }
  return undefined;
}

/** The placeholder an `<image>` draws (href wins over xlink:href, as in SVG 2), if it draws one. */
export function placeholderOf(node: XmlElement): string | undefined {
  if (localName(node) !== 'image' && localName(node) !== 'feImage') return undefined;
  const href = attr(node, 'href') ?? attr(node, 'xlink:href');
  return href?.startsWith(PLACEHOLDER) ? href : undefined;
}

function opacityOf(node: XmlElement): number | undefined {
  const value = attr(node, 'opacity');
  if (value === undefined) return 1;
  const number = Number(value.trim());
  return Number.isFinite(number) ? Math.min(1, Math.max(0, number)) : undefined;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function boxOf(node: XmlElement, defaultOrigin = true): Box | undefined {
  const width = parseLength(attr(node, 'width'));
  const height = parseLength(attr(node, 'height'));
  const x = attr(node, 'x') === undefined && defaultOrigin ? 0 : parseLength(attr(node, 'x'));
  const y = attr(node, 'y') === undefined && defaultOrigin ? 0 : parseLength(attr(node, 'y'));
  if (width === undefined || height === undefined || x === undefined || y === undefined) return undefined;
  return { x, y, width, height };
}

/** The intersection of rectangles given by their edges; undefined when empty. */
function intersect(
  ...rects: { left: number; top: number; right: number; bottom: number }[]
): { left: number; top: number; right: number; bottom: number } | undefined {
  const left = Math.max(...rects.map((rect) => rect.left));
  const top = Math.max(...rects.map((rect) => rect.top));
  const right = Math.min(...rects.map((rect) => rect.right));
  const bottom = Math.min(...rects.map((rect) => rect.bottom));
  return right > left && bottom > top ? { left, top, right, bottom } : undefined;
}

/** `null`: the picture paints nothing at all (outside the canvas, an empty box, opacity 0). */
type Placement = PictureLayer | NotAPicture | null;

type Edges = { left: number; top: number; right: number; bottom: number };

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

function rectElement(edges: Edges, attributes: Record<string, string | undefined> = {}): XmlElement {
  return element('rect', {
    x: String(edges.left),
    y: String(edges.top),
    width: String(edges.right - edges.left),
    height: String(edges.bottom - edges.top),
    ...attributes,
  });
}

/**
 * The coverage of the picture's edge pixels as resvg works it out: its rectangle filled with
 * antialiasing, clipped by the shapes in `clips` (each a clip path, as resvg clips), in a document the
 * size of `area`, moved by whole pixels only.
 */
function coverageMask(area: PixelRect, fill: Edges, clips: readonly XmlElement[]): XmlElement {
  const defs = clips.map((shape, index) => element('clipPath', { id: `c${index}` }, [shape]));
  let drawn = rectElement(fill, { fill: '#ffffff' });
  clips.forEach((_, index) => {
    drawn = element('g', { 'clip-path': `url(#c${index})` }, [drawn]);
  });
  return element(
    'svg',
    {
      xmlns: SVG_NAMESPACE,
      width: String(area.width),
      height: String(area.height),
      viewBox: `${area.left} ${area.top} ${area.width} ${area.height}`,
    },
    [...defs, drawn],
  );
}

/**
 * A picture drawn in `viewport` (user units of `matrix`). `rounded` is a shape (user units) it is
 * painted through, with the whole-pixel box it lies in: a slot's rounded rect.
 */
function place(
  need: ImageNeed,
  matrix: Matrix,
  viewport: Box,
  aspectValue: string | undefined,
  opacity: number,
  context: PictureContext,
  rounded?: { shape: XmlElement; box: Edges; radius: number },
): Placement {
  if (!axisAligned(matrix)) return { reason: 'turned, skewed or flipped' };
  const aspect = parseAspectRatio(aspectValue);
  if (!aspect) return { reason: `preserveAspectRatio="${aspectValue ?? ''}"` };
  if (viewport.width <= 0 || viewport.height <= 0 || opacity === 0) return null;
  const picture = context.pictureSize(need);
  const placed = placeInViewport(viewport, picture, aspect);
  const scaleX = matrix[0] * placed.scaleX;
  const scaleY = matrix[3] * placed.scaleY;
  if (Math.abs(scaleX - 1) > 1e-9 || Math.abs(scaleY - 1) > 1e-9)
    return { reason: `drawn at ${+scaleX.toFixed(4)} × ${+scaleY.toFixed(4)} its prepared size` };
  const image = mapRect(matrix, placed);
  const view = mapRect(matrix, viewport);
  const canvas = { left: 0, top: 0, right: context.canvas.width, bottom: context.canvas.height };
  // A sliced picture is clipped to its viewport; a met one lies inside it.
  const sliced = aspect.none || aspect.slice;
  const visible = intersect(image, canvas, ...(sliced ? [view] : []), ...(rounded ? [rounded.box] : []));
  if (!visible) return null;
  const left = nearestOffset(image.left);
  const top = nearestOffset(image.top);
  if (left === undefined || top === undefined) return { reason: 'within a rounding error of half a pixel' };
  const whole = [visible.left, visible.top, visible.right, visible.bottom].map(wholePixel);
  const area = {
    left: Math.floor(visible.left),
    top: Math.floor(visible.top),
    width: Math.ceil(visible.right) - Math.floor(visible.left),
    height: Math.ceil(visible.bottom) - Math.floor(visible.top),
  };
  if (whole.every((edge) => edge !== undefined)) {
    const [areaLeft, areaTop, areaRight, areaBottom] = whole as number[];
    Object.assign(area, {
      left: areaLeft!,
      top: areaTop!,
      width: areaRight! - areaLeft!,
      height: areaBottom! - areaTop!,
    });
    const layer: PictureLayer = { kind: 'picture', need, left, top, area, opacity };
    if (!rounded) return layer;
    return { ...layer, mask: coverageMask(area, visible, [rounded.shape]), maskBorder: rounded.radius };
  }
  const clips = [...(sliced ? [rectElement(view)] : []), ...(rounded ? [rounded.shape] : [])];
  const mask = coverageMask(area, image, clips);
  // A part-covered edge is one pixel deep; a rounded corner as deep as its radius.
  return {
    kind: 'picture',
    need,
    left,
    top,
    area,
    opacity,
    mask,
    maskBorder: Math.max(2, rounded?.radius ?? 0),
  };
}

/** An `<image>` of a prepared picture. */
function plainImage(node: XmlElement, matrix: Matrix, opacity: number, context: PictureContext): Placement {
  const ref = placeholderOf(node)!;
  const need = context.needs.get(ref);
  if (!need) return { reason: 'no image need' };
  const effect = effectOf(
    node,
    (name) => IMAGE_GEOMETRY.has(name) || name === 'transform' || name === 'opacity',
  );
  if (effect) return { reason: `its ${effect} attribute` };
  const own = transformOf(node);
  const ownOpacity = opacityOf(node);
  const viewport = boxOf(node);
  if (!own || ownOpacity === undefined || !viewport) return { reason: 'attributes it cannot read' };
  return place(
    need,
    multiply(matrix, own),
    viewport,
    attr(node, 'preserveAspectRatio'),
    opacity * ownOpacity,
    context,
  );
}

/**
 * A slot with rounded corners (image-layer.ts): `<pattern>` holding the `<image>` at the box, and the
 * box's `<rect rx ry>` filled with it. The pattern's one tile is the box, so nothing repeats.
 */
function roundedBox(
  pattern: XmlElement,
  rect: XmlElement,
  matrix: Matrix,
  opacity: number,
  context: PictureContext,
): Placement | undefined {
  const id = attr(pattern, 'id');
  const inner = elementChildren(pattern);
  const image = inner?.length === 1 ? inner[0] : undefined;
  if (id === undefined || image === undefined || localName(image) !== 'image' || !placeholderOf(image))
    return undefined;
  if (attr(rect, 'fill')?.trim() !== `url(#${id})`) return undefined;
  // The pattern is this rect's alone: nothing else may draw with it.
  if ((context.references.get(id) ?? 0) !== 1) return { reason: 'its pattern is used elsewhere' };
  const patternEffect = effectOf(pattern, (name) =>
    ['x', 'y', 'width', 'height', 'patternUnits'].includes(name),
  );
  const rectEffect = effectOf(rect, (name) =>
    ['x', 'y', 'width', 'height', 'rx', 'ry', 'fill'].includes(name),
  );
  const imageEffect = effectOf(image, (name) => IMAGE_GEOMETRY.has(name));
  if (patternEffect || rectEffect || imageEffect || attr(pattern, 'patternUnits') !== 'userSpaceOnUse')
    return { reason: `its rounded box's ${patternEffect ?? rectEffect ?? imageEffect ?? 'patternUnits'}` };
  const tile = boxOf(pattern);
  const box = boxOf(rect);
  const viewport = boxOf(image);
  if (!tile || !box || !viewport) return { reason: 'a rounded box it cannot read' };
  if (tile.x !== box.x || tile.y !== box.y || tile.width !== box.width || tile.height !== box.height)
    return { reason: 'a pattern tile other than its box' };
  if (!axisAligned(matrix)) return { reason: 'turned, skewed or flipped' };
  const tileEdges = mapRect(matrix, tile);
  // The tile is drawn into a pixmap of its own and then moved to its place: on whole pixels, that move is exact.
  if (
    [tileEdges.left, tileEdges.top, tileEdges.right, tileEdges.bottom].some(
      (edge) => wholePixel(edge) === undefined,
    )
  )
    return { reason: 'a rounded box with an edge inside a pixel' };
  const need = context.needs.get(placeholderOf(image)!);
  if (!need) return { reason: 'no image need' };
  const shifted = { ...viewport, x: viewport.x + tile.x, y: viewport.y + tile.y };
  const shape = element('rect', {
    x: attr(rect, 'x'),
    y: attr(rect, 'y'),
    width: attr(rect, 'width'),
    height: attr(rect, 'height'),
    rx: attr(rect, 'rx'),
    ry: attr(rect, 'ry'),
    fill: '#ffffff',
    transform: `matrix(${matrix.join(' ')})`,
  });
  // The corners' depth in pixels (a radius larger than half the box is drawn smaller; this covers it).
  const written = [attr(rect, 'rx'), attr(rect, 'ry')].filter((value) => value !== undefined);
  const radii = written.map(parseLength);
  const radius = radii.every((value) => value !== undefined)
    ? Math.ceil(Math.max(0, ...radii) * Math.max(matrix[0], matrix[3])) + 2
    : Infinity;
  return place(need, matrix, shifted, attr(image, 'preserveAspectRatio'), opacity, context, {
    shape,
    box: tileEdges,
    radius,
  });
}

/**
 * The picture `node` draws when it is one the compositor can lay down: an `<image>`, a rounded slot, or a
 * group holding only one of those that moves or fades it. `undefined` when the node is not a picture at
 * all; a reason when it is one resvg must draw.
 */
export function pictureLayer(
  node: XmlElement,
  matrix: Matrix,
  opacity: number,
  context: PictureContext,
): Placement | undefined {
  const name = localName(node);
  if (name === 'image') return placeholderOf(node) ? plainImage(node, matrix, opacity, context) : undefined;
  if (name !== 'g') return undefined;
  const children = elementChildren(node);
  if (!children || children.length === 0 || children.length > 2) return undefined;
  const effect = effectOf(node, (attribute) => attribute === 'transform' || attribute === 'opacity');
  const own = transformOf(node);
  const ownOpacity = opacityOf(node);
  if (effect || !own || ownOpacity === undefined) {
    const holdsPicture = children.some(
      (child) => pictureLayer(child, matrix, opacity, context) !== undefined,
    );
    return holdsPicture ? { reason: effect ? `its group's ${effect}` : 'a group it cannot read' } : undefined;
  }
  if (attr(node, 'id') !== undefined && (context.references.get(attr(node, 'id')!) ?? 0) > 0)
    return { reason: 'its group is used elsewhere' };
  const inner = multiply(matrix, own);
  const faded = opacity * ownOpacity;
  if (children.length === 2) {
    const [first, second] = children as [XmlElement, XmlElement];
    if (localName(first) !== 'pattern' || localName(second) !== 'rect') return undefined;
    return roundedBox(first, second, inner, faded, context);
  }
  return pictureLayer(children[0]!, inner, faded, context);
}

/** True when the node is text that is only white space or a comment-like leftover. */
export function isBlank(node: XmlNode): boolean {
  return node.type === 'text' && node.text.trim() === '';
}
