/** How the fabric view paints shapes (the view shows the model; gradients stay in the SVG). */
import type { ShapeStyle } from '../../model/types.js';

/**
 * For the simple shapes: drawn straight onto the canvas, not first into a cache canvas of their own. Their
 * drawing costs less than making and filling that cache (a template's first draw is faster), and a drag
 * draws the objects that stay put from snapshots anyway (engine/snapshot-canvas.ts).
 */
export const DRAWN_DIRECTLY = { objectCaching: false } as const;

/** A paint as fabric draws it: a gradient (url(#id)) as a flat grey, none as transparent. */
export function fabricPaint(value: string | null): string {
  if (value === null) return 'transparent';
  return value.startsWith('url(') ? '#b0b0b0' : value;
}

/** A shape's fabric paint options. */
export function fabricShapeStyle(layer: ShapeStyle) {
  return {
    ...DRAWN_DIRECTLY,
    fill: fabricPaint(layer.fill),
    stroke: layer.stroke === null ? null : fabricPaint(layer.stroke),
    strokeWidth: layer.stroke === null ? 0 : layer.strokeWidth,
  };
}
