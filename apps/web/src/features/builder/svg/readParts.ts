/**
 * Reading SVG elements into layer fields: the helpers every layer kind's reader uses (layers/<kind>/svg.ts).
 * Nothing here knows a kind.
 */
import type { XmlElement } from '@adloom/renderer/xml';
import type { Placement } from '../model/matrix.js';
import type { LayerCommon, Point, ShapeStyle } from '../model/types.js';
import { readPlacement } from './transform.js';

/** The fields every layer has besides its placement and size, read by svgToModel. */
export type CommonFields = Omit<LayerCommon, keyof Placement | 'width' | 'height'>;

/** An element's name without its namespace prefix. */
export function localName(node: XmlElement): string {
  return node.name.slice(node.name.indexOf(':') + 1);
}

/** An attribute's value as written, or undefined. */
export function attr(node: XmlElement, name: string): string | undefined {
  return Object.hasOwn(node.attributes, name) ? node.attributes[name] : undefined;
}

/** The element children of an element. */
export function elementsOf(node: XmlElement): XmlElement[] {
  return node.children.filter((child): child is XmlElement => child.type === 'element');
}

/** All text inside an element. */
export function textOf(node: XmlElement): string {
  return node.children.map((child) => (child.type === 'text' ? child.text : textOf(child))).join('');
}

/** A presentation value: the style attribute's declaration wins over the attribute, as in CSS. */
export function presentation(node: XmlElement, name: string): string | undefined {
  const style = attr(node, 'style');
  if (style) {
    const declared = style
      .split(';')
      .map((part) => part.split(':'))
      .filter(([key]) => key?.trim().toLowerCase() === name);
    const last = declared[declared.length - 1];
    if (last && last.length > 1) return last.slice(1).join(':').trim();
  }
  return attr(node, name)?.trim();
}

/** A length in user units (or px); undefined otherwise. */
export function length(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(?:px)?\s*$/i.exec(value);
  return match ? Number(match[1]) : undefined;
}

/** A length attribute the element must have; throws naming the element otherwise. */
export function requiredLength(node: XmlElement, name: string): number {
  const value = length(attr(node, name));
  if (value === undefined) {
    const id = attr(node, 'id');
    throw new Error(
      `The <${node.name}>${id === undefined ? '' : ` ${id}`} has no ${name} the builder can read`,
    );
  }
  return value;
}

/** null for no paint (`none`, or absent when `fallback` is null). */
export function readPaint(node: XmlElement, name: string, fallback: string | null): string | null {
  const value = presentation(node, name);
  if (value === undefined) return fallback;
  return value === '' || value.toLowerCase() === 'none' ? null : value;
}

/** A shape's fill, stroke and stroke width. */
export function readShapeStyle(node: XmlElement, defaultFill: string | null): ShapeStyle {
  return {
    fill: readPaint(node, 'fill', defaultFill),
    stroke: readPaint(node, 'stroke', null),
    strokeWidth: length(presentation(node, 'stroke-width')) ?? 1,
  };
}

/**
 * A layer's geometry: its box, `width` × `height`, drawn with its corner at `origin` in the element's
 * own coordinates, then placed by the element's transform.
 */
export function geometryOf(node: XmlElement, origin: Point, width: number, height: number) {
  return { ...readPlacement(attr(node, 'transform'), origin, width, height), width, height };
}

/** The corner where an element draws its box (x and y, 0 when absent). */
export function cornerOf(node: XmlElement): Point {
  return { x: length(attr(node, 'x')) ?? 0, y: length(attr(node, 'y')) ?? 0 };
}

/** Polygon or polyline points. */
export function readPoints(node: XmlElement): Point[] {
  const numbers = (attr(node, 'points') ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map(Number);
  const points: Point[] = [];
  for (let index = 0; index + 1 < numbers.length; index += 2)
    points.push({ x: numbers[index]!, y: numbers[index + 1]! });
  return points;
}
