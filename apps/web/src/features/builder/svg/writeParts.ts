/**
 * Writing layers as SVG elements: the helpers every layer kind's writer uses (layers/<kind>/svg.ts).
 * Nothing here knows a kind.
 */
import type { ModelLayer, ShapeStyle } from '../model/types.js';
import { formatLayerTransform, isUntransformed } from './transform.js';
import { attributes } from './xmlText.js';

/** An attribute to write; undefined values are left out. */
export type Attribute = readonly [string, string | number | undefined];

/** A shape's paint; `writeNoFill`: no fill is written as `fill="none"` (SVG's default fill is black). */
export function shapePaint(layer: ShapeStyle, writeNoFill: boolean): Attribute[] {
  return [
    ['fill', layer.fill ?? (writeNoFill ? 'none' : undefined)],
    ['stroke', layer.stroke ?? undefined],
    ['stroke-width', layer.strokeWidth === 1 ? undefined : layer.strokeWidth],
  ];
}

/** Attributes every layer may have, written after its own. */
export function look(layer: ModelLayer, transform: string | undefined): Attribute[] {
  return [
    ['opacity', layer.opacity === 1 ? undefined : layer.opacity],
    ['clip-path', layer.clipPath === null ? undefined : `url(#${layer.clipPath})`],
    ['transform', transform],
    ['display', layer.hidden ? 'none' : undefined],
    ['data-locked', layer.locked ? 'true' : undefined],
  ];
}

/** Where a box-drawn layer draws its corner, and its transform. */
export function boxPlacement(layer: ModelLayer): { x: number; y: number; transform: string | undefined } {
  return isUntransformed(layer)
    ? { x: layer.left, y: layer.top, transform: undefined }
    : { x: 0, y: 0, transform: formatLayerTransform(layer) };
}

/** The transform of a layer whose content is in its local box; none when that is the parent's. */
export function contentTransform(layer: ModelLayer): string | undefined {
  return isUntransformed(layer) && layer.left === 0 && layer.top === 0
    ? undefined
    : formatLayerTransform(layer);
}

/** undefined for 0 (an attribute whose default is 0 is left out). */
export const nonZero = (value: number): number | undefined => (value === 0 ? undefined : value);

/** An element with its attributes, empty or with content. */
export function element(name: string, values: Attribute[], content?: string): string {
  return content === undefined
    ? `<${name}${attributes(values)}/>`
    : `<${name}${attributes(values)}>${content}</${name}>`;
}
