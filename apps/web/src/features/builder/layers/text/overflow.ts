/**
 * Text that leaves its room (issue 16, item 3): a text whose drawn box goes past the canvas's edge (that
 * part is cut off the ad), or whose lines overflow its auto-fit box even at the minimum size (the renderer
 * leaves the lines below the box out). Pure: the canvas measures the drawn box (engine/text-boxes.ts), these
 * rules read it, and the fixes are layer patches the panel applies through a command.
 */
import { placeholderKeys } from '@adloom/template';
import { roundLength } from '../../model/numbers.js';
import type { TextFit, TextLayer } from '../../model/types.js';
import { TEXT_MIN_WIDTH } from './model.js';

/** A text as the canvas draws it, in canvas units. */
export interface DrawnTextBox {
  /** The axis-aligned bounds of the drawn text (turned and scaled as drawn). */
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** The height of its wrapped lines in the box's own units (before its scale). */
  linesHeight: number;
  /** The size the text is drawn at (below its own size when auto-fit shrank it). */
  fontSize: number;
}

export type CanvasEdge = 'left' | 'top' | 'right' | 'bottom';

/** What is wrong with a text's room; none when it fits. */
export type TextOverflow =
  | { kind: 'canvas'; edges: CanvasEdge[] }
  | { kind: 'box'; minFontSize: number; linesHeight: number; boxHeight: number };

/** Drawing is measured in fractions of a unit: less than this past an edge is not past it. */
const TOLERANCE = 0.5;

/**
 * The bottom of what the ad shows: with auto-fit, the renderer never draws below the box, even where the
 * canvas (drawing every line at the minimum size) does. Only an unturned text is cut so simply.
 */
function shownBottom(layer: TextLayer, drawn: DrawnTextBox): number {
  if (layer.fit === null || layer.angle % 360 !== 0) return drawn.bottom;
  return Math.min(drawn.bottom, drawn.top + layer.fit.height * layer.scaleY);
}

/** The canvas edges the shown text goes past. */
function edgesPassed(layer: TextLayer, drawn: DrawnTextBox, canvas: CanvasSize): CanvasEdge[] {
  const edges: CanvasEdge[] = [];
  if (drawn.left < -TOLERANCE) edges.push('left');
  if (drawn.top < -TOLERANCE) edges.push('top');
  if (drawn.right > canvas.width + TOLERANCE) edges.push('right');
  if (shownBottom(layer, drawn) > canvas.height + TOLERANCE) edges.push('bottom');
  return edges;
}

export interface CanvasSize {
  width: number;
  height: number;
}

/** The ways a drawn text leaves its room: past the canvas's edges, and out of its fit box at the minimum size. */
export function textOverflows(layer: TextLayer, drawn: DrawnTextBox, canvas: CanvasSize): TextOverflow[] {
  const overflows: TextOverflow[] = [];
  const edges = edgesPassed(layer, drawn, canvas);
  if (edges.length > 0) overflows.push({ kind: 'canvas', edges });
  const { fit } = layer;
  // A text with placeholders is drawn here as its template string ('{title|maxlength:48}'), not as any
  // item's words, so its lines say nothing of how an item's text fits the box (the product view shows that).
  if (
    fit !== null &&
    placeholderKeys(layer.text).length === 0 &&
    drawn.fontSize <= Math.min(fit.minFontSize, layer.fontSize) &&
    drawn.linesHeight > fit.height + TOLERANCE
  )
    overflows.push({
      kind: 'box',
      minFontSize: Math.min(fit.minFontSize, layer.fontSize),
      linesHeight: roundLength(drawn.linesHeight),
      boxHeight: fit.height,
    });
  return overflows;
}

/** The edges in words: "right", "right and bottom", "left, top and right". */
function edgeList(edges: readonly CanvasEdge[]): string {
  return edges.length === 1 ? edges[0]! : `${edges.slice(0, -1).join(', ')} and ${edges[edges.length - 1]}`;
}

/** What the properties panel and the layers panel say of an overflow. */
export function overflowMessage(overflow: TextOverflow): string {
  if (overflow.kind === 'canvas') {
    const edge = overflow.edges.length === 1 ? 'edge' : 'edges';
    return `The text goes past the canvas's ${edgeList(overflow.edges)} ${edge}: that part is cut off the ad.`;
  }
  return `The text does not fit its box even at the minimum size ${overflow.minFontSize}: the lines below the box are left out of the ad.`;
}

/** The fit a text gets when it must shrink into a room `height` high: its own minimum, else half its size. */
function fitWithin(layer: TextLayer, height: number): TextFit {
  return {
    height: roundLength(Math.max(1, Math.min(layer.fit?.height ?? height, height))),
    minFontSize: layer.fit?.minFontSize ?? Math.max(1, Math.round(layer.fontSize / 2)),
  };
}

/** How far to move a span [start, end] into [0, room] (0 when it is inside, or cannot be: it is wider). */
function shiftInto(start: number, end: number, room: number): number {
  if (end - start > room) return -start;
  if (start < 0) return -start;
  if (end > room) return room - end;
  return 0;
}

/**
 * "Fit to canvas": moves the text inside the canvas; a box wider than the canvas is narrowed to it, and a
 * text taller than the room left below its top (or narrowed, so wrapping onto more lines) shrinks to fit
 * that room with auto-fit. The canvas measures the result again; the warning goes when it fits.
 */
export function fitToCanvasPatch(
  layer: TextLayer,
  drawn: DrawnTextBox,
  canvas: CanvasSize,
): Pick<TextLayer, 'left' | 'top'> & Partial<Pick<TextLayer, 'width' | 'fit'>> {
  const drawnWidth = drawn.right - drawn.left;
  const narrowed = drawnWidth > canvas.width + TOLERANCE;
  const width = narrowed
    ? roundLength(Math.max(TEXT_MIN_WIDTH, (layer.width * canvas.width) / drawnWidth))
    : layer.width;
  const shownWidth = narrowed ? canvas.width : drawnWidth;
  const dx = shiftInto(drawn.left, drawn.left + shownWidth, canvas.width);
  const bottom = shownBottom(layer, drawn);
  const dy = shiftInto(drawn.top, bottom, canvas.height);
  const top = roundLength(layer.top + dy);
  const patch = { left: roundLength(layer.left + dx), top };
  const room = (canvas.height - (drawn.top + dy)) / layer.scaleY;
  const tooTall = bottom - drawn.top > canvas.height + TOLERANCE;
  if (!narrowed && !tooTall) return patch;
  return { ...patch, ...(narrowed ? { width } : {}), fit: fitWithin(layer, room) };
}

/**
 * "Shrink to fit" for a text that overflows its box at the minimum size: a lower minimum, by the share of
 * the box its lines fill (a text's area goes with the square of its size). The canvas measures again.
 */
export function shrinkToFitPatch(
  layer: TextLayer,
  overflow: TextOverflow & { kind: 'box' },
): { fit: TextFit } {
  const ratio = Math.sqrt(overflow.boxHeight / overflow.linesHeight);
  const lower = Math.max(1, Math.min(overflow.minFontSize - 1, Math.floor(overflow.minFontSize * ratio)));
  return { fit: { height: overflow.boxHeight, minFontSize: lower } };
}

/** Whether a text can shrink further (a minimum of 1 is as small as a text gets). */
export function canShrink(overflow: TextOverflow & { kind: 'box' }): boolean {
  return overflow.minFontSize > 1;
}
