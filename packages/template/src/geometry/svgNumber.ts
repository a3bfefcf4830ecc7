/**
 * A number for an SVG attribute, as the builder and the renderer write them: at most 4 decimals, no
 * trailing zeros, no exponent (SVG reads one, but the builder's readers and older engines do not expect
 * it), no -0; a value that is not finite is written as 0.
 */
export function formatSvgNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  // From 1e15 on a double holds no decimals to round (and value × 10⁴ would lose the last digits).
  const rounded = Math.abs(value) >= 1e15 ? Math.round(value) : Math.round(value * 10_000) / 10_000;
  if (rounded === 0) return '0';
  const text = String(rounded);
  // Only whole numbers of 1e21 and above print with an exponent once rounded to 4 decimals.
  return /e/i.test(text) ? BigInt(rounded).toString() : text;
}
