/**
 * The numbers the style and canvas fields show and set (pure): opacity in per cent, the canvas size with
 * its proportions kept, and which kinds have a paint.
 */
import { BUILDER } from '@adloom/template';
import type { LayerKind } from '../../model/index.js';

/** Kinds painted with fill, stroke and stroke width. A line has no inside, so no fill. */
const STROKED_KINDS: ReadonlySet<LayerKind> = new Set(['rect', 'ellipse', 'polygon', 'path', 'line']);
const FILLED_KINDS: ReadonlySet<LayerKind> = new Set(['rect', 'ellipse', 'polygon', 'path']);

export const hasStroke = (kind: LayerKind): boolean => STROKED_KINDS.has(kind);
export const hasFill = (kind: LayerKind): boolean => FILLED_KINDS.has(kind);

/** A layer's opacity (0 to 1) as the field shows it: a whole per cent. */
export function opacityPercent(opacity: number): number {
  return Math.round(Math.min(1, Math.max(0, opacity)) * 100);
}

/** The opacity for a per cent typed in the field (clamped to 0 to 100). */
export function opacityFromPercent(percent: number): number {
  return Math.min(100, Math.max(0, percent)) / 100;
}

/** The canvas size the spec allows (section 9: 50 to 3000). */
export const CANVAS_SIZE = { min: BUILDER.minSize, max: BUILDER.maxSize } as const;

export interface CanvasSize {
  width: number;
  height: number;
}

/**
 * The canvas size after typing one side. With proportions kept, the other side follows the proportions
 * the canvas had when the edit began (`base`), so typing 1, 10, 100 does not round them away step by step.
 */
export function resizeCanvas(
  base: CanvasSize,
  edit: { side: 'width' | 'height'; value: number },
  keepProportions: boolean,
): Partial<CanvasSize> {
  const value = Math.round(edit.value);
  if (!keepProportions || base.width <= 0 || base.height <= 0) return { [edit.side]: value };
  if (edit.side === 'width')
    return { width: value, height: Math.max(1, Math.round((value * base.height) / base.width)) };
  return { width: Math.max(1, Math.round((value * base.width) / base.height)), height: value };
}
