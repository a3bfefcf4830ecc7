/**
 * Layers the renderer fills (image slots, logos, blur, copy, rating) are elements found by `id`. The
 * box to fill is the element's own x, y, width and height when it is an <image> or <rect>, otherwise
 * those of its first <image> or <rect> descendant (the builder may wrap a slot in a group). Filling
 * replaces the whole layer with a group that keeps its id, transform and look (opacity, clip, mask).
 */
import { formatSvgNumber } from '@adloom/template';
import { styleWithout } from './style.js';
import { parseLength } from './template.js';
import { attr, element, findElement, localName, type XmlElement, type XmlNode } from './xml.js';

/** Where a layer's content goes, in the user space of `inner` (the layer, then its chain to the box). */
export interface LayerBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Corner radii of a <rect> box: a rounded slot clips its image with the same corners. */
  rx: number | undefined;
  ry: number | undefined;
  /** Transforms from the layer (exclusive) down to the box element (inclusive), outermost first. */
  innerTransforms: string[];
  /** The chain of elements from the layer (inclusive) to the box element (inclusive). */
  chain: XmlElement[];
}

const BOX_ELEMENTS = new Set(['image', 'rect']);

function ownBox(node: XmlElement): { x: number; y: number; width: number; height: number } | undefined {
  if (!BOX_ELEMENTS.has(localName(node))) return undefined;
  const width = parseLength(attr(node, 'width'));
  const height = parseLength(attr(node, 'height'));
  if (width === undefined || height === undefined || width <= 0 || height <= 0) return undefined;
  return { x: parseLength(attr(node, 'x')) ?? 0, y: parseLength(attr(node, 'y')) ?? 0, width, height };
}

function pathTo(from: XmlElement, target: XmlElement): XmlElement[] | undefined {
  if (from === target) return [from];
  for (const child of from.children) {
    if (child.type !== 'element') continue;
    const rest = pathTo(child, target);
    if (rest) return [from, ...rest];
  }
  return undefined;
}

/** The box a layer is filled into, or undefined when it has none. */
export function findLayerBox(layer: XmlElement): LayerBox | undefined {
  const boxElement = ownBox(layer) ? layer : findElement(layer, (node) => ownBox(node) !== undefined);
  if (!boxElement) return undefined;
  const box = ownBox(boxElement)!;
  const chain = pathTo(layer, boxElement)!;
  const innerTransforms = chain
    .slice(1)
    .map((node) => attr(node, 'transform'))
    .filter((value): value is string => value !== undefined);
  const isRect = localName(boxElement) === 'rect';
  const rx = isRect ? parseLength(attr(boxElement, 'rx')) : undefined;
  const ry = isRect ? parseLength(attr(boxElement, 'ry')) : undefined;
  return { ...box, rx: rx ?? ry, ry: ry ?? rx, innerTransforms, chain };
}

// What describes the layer's old content rather than its place and look.
const CONTENT_ATTRIBUTES = new Set([
  'x',
  'y',
  'width',
  'height',
  'rx',
  'ry',
  'href',
  'xlink:href',
  'preserveAspectRatio',
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'crossorigin',
  'image-rendering',
  'data-empty-fill',
]);

/** Replaces a layer by a group with its id, transform and look, holding `content` at the box's place. */
export function replaceLayer(layer: XmlElement, box: LayerBox, content: readonly XmlNode[]): XmlElement {
  let inner: readonly XmlNode[] = content;
  for (const transform of [...box.innerTransforms].reverse()) inner = [element('g', { transform }, inner)];
  const kept: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(layer.attributes).filter(([name]) => !CONTENT_ATTRIBUTES.has(name)),
  );
  // Paint of the old content must not be inherited by the new one (a slot's grey placeholder fill).
  kept.style = styleWithout(attr(layer, 'style'), (name) => CONTENT_ATTRIBUTES.has(name));
  return element('g', kept, inner);
}

/** A rect element for the box, with its corners, for clip paths. */
export function boxRect(box: LayerBox, attributes: Record<string, string | undefined> = {}): XmlElement {
  return element('rect', {
    x: formatSvgNumber(box.x),
    y: formatSvgNumber(box.y),
    width: formatSvgNumber(box.width),
    height: formatSvgNumber(box.height),
    rx: box.rx === undefined ? undefined : formatSvgNumber(box.rx),
    ry: box.ry === undefined ? undefined : formatSvgNumber(box.ry),
    ...attributes,
  });
}
