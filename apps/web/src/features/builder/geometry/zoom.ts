/**
 * Zoom steps (spec sections 4 and 9): between 0.25 and 2 in steps of 0.1; zoom in only while below 2,
 * zoom out only while above 0.25; reset to 1.
 *
 * Steps land on the 0.1 grid (0.3, 0.4, … 2) and are computed in whole tenths, so that they give exact
 * decimals (0.8, never 0.7 + 0.1 = 0.7999999999999999) and stay on the grid however many times the user
 * clicks. A zoom off the grid (the 0.25 floor, a zoom to fit) steps to the next grid value
 * in that direction: 0.25 → 0.3; 0.47 → 0.5 in, 0.4 out.
 */
import type { Size } from './types';

export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 2;
export const ZOOM_STEP = 0.1;
export const ZOOM_RESET = 1;
/**
 * The smallest zoom "fit" may pick: below the spec's 0.25, so that a 1080 × 1920 story still fits a small
 * window whole. The spec's steps stay 0.25..2 (zoom out is not offered below 0.25; zoom in goes to 0.3).
 */
export const FIT_ZOOM_MIN = 0.1;

// Steps are counted in whole tenths (ZOOM_STEP) so that the results are exact decimals.
const TENTHS = 10;

/** `zoom` kept within 0.25..2. */
export function clampZoom(zoom: number): number {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

/** Whether zoom in is offered: only while below 2. */
export function canZoomIn(zoom: number): boolean {
  return zoom < ZOOM_MAX;
}

/** Whether zoom out is offered: only while above 0.25. */
export function canZoomOut(zoom: number): boolean {
  return zoom > ZOOM_MIN;
}

/** The next zoom on the 0.1 grid above `zoom`, at most 2. */
export function zoomIn(zoom: number): number {
  return clampZoom((Math.floor(inTenths(zoom)) + 1) / TENTHS);
}

/** The next zoom on the 0.1 grid below `zoom`, at least 0.25. */
export function zoomOut(zoom: number): number {
  return clampZoom((Math.ceil(inTenths(zoom)) - 1) / TENTHS);
}

/** The zoom of ctrl/cmd+0: 1. */
export function resetZoom(): number {
  return ZOOM_RESET;
}

/**
 * The zoom that shows the whole canvas in a viewport (screen pixels), leaving `padding` pixels on every
 * side, within FIT_ZOOM_MIN..2, rounded down to a whole percent (so that it fits and reads as shown). Not
 * rounded to the 0.1 grid: fitting is the point.
 */
export function zoomToFit(canvas: Size, viewport: Size, padding = 0): number {
  const fit = Math.min(
    (viewport.width - 2 * padding) / canvas.width,
    (viewport.height - 2 * padding) / canvas.height,
  );
  const percent = Math.floor(fit * 100 + 1e-9) / 100;
  return Math.min(ZOOM_MAX, Math.max(FIT_ZOOM_MIN, percent));
}

/** `zoom` in tenths, with float noise removed (0.7 + 0.1 would be 7.999999999999999 tenths, not 8). */
function inTenths(zoom: number): number {
  const tenths = zoom * TENTHS;
  const whole = Math.round(tenths);
  return Math.abs(tenths - whole) < 1e-9 ? whole : tenths;
}
