/**
 * Decimal numbers as text, handled exactly: no floating-point rounding on the way (what a number input
 * holds, and prices moved between units and cents).
 */

const DECIMAL_INPUT = /^(-?)(\d*)(?:\.(\d*))?$/;

/** Whether the text is a decimal number as an input holds it: `49`, `49.99`, `-3`, `.5`, `50.`, ` 7 `. */
export function isDecimalText(text: string): boolean {
  const match = DECIMAL_INPUT.exec(text.trim());
  return match !== null && `${match[2]}${match[3] ?? ''}`.length > 0;
}

/** Moves the decimal point of a decimal text `places` to the right (left when negative), exactly. */
export function shiftDecimal(text: string, places: number): string {
  const match = DECIMAL_INPUT.exec(text.trim());
  if (!match) return text;
  const [, sign, whole = '', fraction = ''] = match;
  let digits = whole + fraction;
  let point = whole.length + places;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const decimals = digits.slice(point).replace(/0+$/, '');
  const magnitude = decimals ? `${integer}.${decimals}` : integer;
  return sign && /[1-9]/.test(magnitude) ? `-${magnitude}` : magnitude;
}
