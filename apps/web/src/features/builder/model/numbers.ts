/**
 * The precision the model keeps. Values are rounded when they enter the model, so the SVG writes them
 * exactly and reading the SVG back gives the same numbers (ARCHITECTURE.md: round trip is the contract).
 */

/** Decimals of lengths (positions, sizes, radii, stroke widths, font sizes, path coordinates). */
export const LENGTH_DECIMALS = 2;
/** Decimals of angles in degrees. */
export const ANGLE_DECIMALS = 2;
/** Decimals of scale factors, opacity and line height. */
export const FACTOR_DECIMALS = 4;

/** `value` rounded to `decimals` places; -0 becomes 0. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export const roundLength = (value: number): number => roundTo(value, LENGTH_DECIMALS);
export const roundFactor = (value: number): number => roundTo(value, FACTOR_DECIMALS);

/** An angle rounded and brought into [0, 360). */
export function normalizeAngle(value: number): number {
  const rounded = roundTo(value, ANGLE_DECIMALS);
  const turned = roundTo(((rounded % 360) + 360) % 360, ANGLE_DECIMALS);
  return turned === 360 ? 0 : turned;
}

/** Throws a RangeError naming `what` unless `value` is a finite number. */
export function requireFinite(value: number, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${what} must be a finite number, got ${String(value)}`);
  }
  return value;
}
