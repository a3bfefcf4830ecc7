/**
 * The canvas in its scrolling viewport (pure): zooming with the wheel or a pinch around the pointer, the
 * point of the canvas at the viewport's centre, and where a new layer lands there.
 *
 * Screen values are client pixels (getBoundingClientRect), canvas values canvas units (the template's
 * pixels); the canvas is drawn at `zoom` screen pixels per unit.
 */
import type { Rect, Size } from './types';
import { FIT_ZOOM_MIN, ZOOM_MAX, ZOOM_MIN } from './zoom';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** How fast the wheel zooms: a mouse wheel notch (100 pixels of delta) zooms by about 18%. */
const WHEEL_ZOOM_RATE = 0.002;
/** One event never zooms more than a notch (a fast trackpad fling, a line-mode wheel). */
const WHEEL_DELTA_LIMIT = 100;
/** Pixels per line for wheels that report lines (deltaMode 1). */
const LINE_HEIGHT = 40;

/** A wheel event's parts that zooming reads. */
export interface WheelInput {
  readonly deltaY: number;
  /** 0: pixels, 1: lines, 2: pages. */
  readonly deltaMode?: number;
}

/**
 * The zoom after a ctrl/cmd+wheel or pinch event (a pinch comes as a wheel event with ctrlKey): up for a
 * negative deltaY, by a factor that grows with the delta, so a pinch zooms smoothly and a wheel in notches.
 * Within the spec's 0.25..2, except that a zoom already below 0.25 (a fit of a big canvas) may stay there.
 */
export function wheelZoom(zoom: number, wheel: WheelInput): number {
  const pixels = wheel.deltaY * (wheel.deltaMode === 1 ? LINE_HEIGHT : wheel.deltaMode === 2 ? 800 : 1);
  const delta = Math.max(-WHEEL_DELTA_LIMIT, Math.min(WHEEL_DELTA_LIMIT, pixels));
  const next = zoom * Math.exp(-delta * WHEEL_ZOOM_RATE);
  const floor = Math.max(FIT_ZOOM_MIN, Math.min(ZOOM_MIN, zoom));
  // Thousandths keep the value free of float noise; the toolbar shows whole percents.
  return Math.round(Math.min(ZOOM_MAX, Math.max(floor, next)) * 1000) / 1000;
}

/** What anchoredScroll needs: the viewport's scroll, the pointer, the canvas before and after the zoom. */
export interface AnchorInput {
  /** The viewport's scrollLeft and scrollTop before the zoom. */
  readonly scroll: Point;
  /** The pointer (client pixels). */
  readonly pointer: Point;
  /** The canvas's top left corner (client pixels) before the zoom ... */
  readonly canvasBefore: Point;
  /** ... and after it, with the scroll not yet changed. */
  readonly canvasAfter: Point;
  readonly zoomBefore: number;
  readonly zoomAfter: number;
}

/**
 * The scroll that keeps the canvas point under the pointer where it was after a zoom (zoom around the
 * pointer). The browser clamps it to what can be scrolled: a canvas smaller than its viewport is centred
 * instead.
 */
export function anchoredScroll(input: AnchorInput): Point {
  const { scroll, pointer, canvasBefore, canvasAfter, zoomBefore, zoomAfter } = input;
  const unitX = (pointer.x - canvasBefore.x) / zoomBefore;
  const unitY = (pointer.y - canvasBefore.y) / zoomBefore;
  return {
    x: scroll.x + canvasAfter.x + unitX * zoomAfter - pointer.x,
    y: scroll.y + canvasAfter.y + unitY * zoomAfter - pointer.y,
  };
}

/**
 * The canvas point at the centre of the visible viewport (canvas units), kept on the canvas: `viewport`
 * and `canvas` are client rectangles (the canvas as drawn, at `zoom`), `size` the template's size.
 */
export function visibleCentre(viewport: Rect, canvas: Rect, zoom: number, size: Size): Point {
  const x = (viewport.left + viewport.width / 2 - canvas.left) / zoom;
  const y = (viewport.top + viewport.height / 2 - canvas.top) / zoom;
  return { x: Math.min(size.width, Math.max(0, x)), y: Math.min(size.height, Math.max(0, y)) };
}

/** How far each new layer moves from the one added before while that one is still in its place. */
export const NEW_LAYER_STEP = 20;

/**
 * Where a new layer of `size` lands: centred on `centre` (the visible canvas's centre), moved by
 * NEW_LAYER_STEP right and down for as long as another layer already has its top left corner there (the
 * one added before, still where it landed), as in Canva and Figma. Whole units.
 */
export function newLayerPlace(
  size: Size,
  centre: Point,
  others: readonly { readonly left: number; readonly top: number }[],
): { left: number; top: number } {
  let left = Math.round(centre.x - size.width / 2);
  let top = Math.round(centre.y - size.height / 2);
  const taken = new Set(others.map((layer) => `${layer.left},${layer.top}`));
  // Bounded, so that a document of stacked copies cannot keep it looping.
  for (let step = 0; step < 100 && taken.has(`${left},${top}`); step += 1) {
    left += NEW_LAYER_STEP;
    top += NEW_LAYER_STEP;
  }
  return { left, top };
}
