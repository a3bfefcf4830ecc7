/**
 * A band's shape that is only filled draws the same with its `opacity` folded into `fill-opacity`: for
 * one filled shape, fading the finished shape (a layer, which resvg allocates at the canvas's size and
 * blends back) and fading its paint give the same pixels, within two levels of rounding. The standard ad's
 * darkening overlay, a canvas-sized rect at opacity 0.2, costs resvg about twice as much drawn as a layer
 * as drawn as a paint.
 *
 * Only a shape whose every paint property is in its own attributes qualifies: no stroke (it would overlap
 * the fill, which a layer draws once), no markers, no filter, mask or clip path, no style attribute, and
 * nothing above it that could hand it a stroke or a fill-opacity (the caller says whether the root does;
 * the groups the plan opens keep only their move).
 */
import { attr, localName, withAttributes, type XmlElement } from '../resolve/xml.js';

const SHAPES = new Set(['rect', 'circle', 'ellipse', 'polygon', 'path']);

/** Attributes that change what opacity means for the shape, or hide paint the rule cannot see. */
const BLOCKING = [
  'stroke',
  'marker-start',
  'marker-mid',
  'marker-end',
  'filter',
  'mask',
  'clip-path',
  'style',
  'class',
];

/** An opacity attribute as a plain number from 0 to 1 (1 when absent; no percentage, no unit), or undefined. */
export function fraction(value: string | undefined): number | undefined {
  if (value === undefined) return 1;
  const trimmed = value.trim();
  if (!/^[+]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(trimmed)) return undefined;
  return Math.min(1, Math.max(0, Number(trimmed)));
}

/** Root attributes a shape would inherit that the rule needs to know. */
export function rootAllowsFolding(root: XmlElement): boolean {
  return ['stroke', 'fill-opacity', 'style', 'class'].every((name) => attr(root, name) === undefined);
}

/** The shape with its opacity folded into its fill-opacity, or the node as it is. */
export function foldOpacity(node: XmlElement): XmlElement {
  if (!SHAPES.has(localName(node)) || attr(node, 'opacity') === undefined) return node;
  if (node.children.some((child) => child.type === 'element')) return node;
  for (const name of BLOCKING) {
    const value = attr(node, name);
    if (value !== undefined && !(name === 'stroke' && value.trim() === 'none')) return node;
  }
  const opacity = fraction(attr(node, 'opacity'));
  const fillOpacity = fraction(attr(node, 'fill-opacity'));
  if (opacity === undefined || fillOpacity === undefined) return node;
  return withAttributes(node, { opacity: undefined, 'fill-opacity': String(opacity * fillOpacity) });
}
