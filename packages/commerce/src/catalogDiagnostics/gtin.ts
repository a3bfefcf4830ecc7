/**
 * GTINs (UPC, EAN, JAN, ISBN-13, ITF-14): GS1's lengths and mod-10 check digit, and the number ranges Google
 * refuses although GS1 allows them.
 */

// Google: "0, 8, 12, 13, or 14 digits (UPC, EAN, JAN, or ISBN)", "spaces and dashes are accepted, but
// ignored"; ISBN-10 must be converted to ISBN-13, UPC-E to UPC-A.
// https://support.google.com/merchants/answer/6324461
// A value that is not numeric, has a wrong length or a wrong check digit is disapproved until fixed:
// https://support.google.com/merchants/answer/9517063
const GTIN_LENGTHS = [8, 12, 13, 14];
const LENGTHS_EXPECTED = '8, 12, 13 or 14 digits expected (GTIN-8, UPC-A, EAN-13 or GTIN-14)';
const IGNORED_SEPARATORS = /[\s-]/g;

/** The GS1 check digit of a GTIN's other digits: weights 3 and 1 alternate from the right, mod 10. */
export function gtinCheckDigit(digitsBeforeCheck: string): number {
  let sum = 0;
  for (let i = 0; i < digitsBeforeCheck.length; i += 1) {
    const digit = Number(digitsBeforeCheck[digitsBeforeCheck.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A GTIN's problem in words ('13 digits expected…', 'check digit should be 7'), or null when valid. Accepts
 * GTIN-8, 12 (UPC-A), 13 (EAN), 14; spaces and hyphens ignored.
 */
export function gtinProblem(gtin: string): string | null {
  const digits = gtin.replace(IGNORED_SEPARATORS, '');
  const stray = /\D/u.exec(digits);
  if (stray) return `only digits expected, found “${stray[0]}”`;
  if (!GTIN_LENGTHS.includes(digits.length)) {
    if (digits.length === 0) return `${LENGTHS_EXPECTED}, got none`;
    if (digits.length === 10) return `${LENGTHS_EXPECTED}, got 10: an ISBN-10 must be written as its ISBN-13`;
    return `${LENGTHS_EXPECTED}, got ${digits.length}`;
  }
  const expected = gtinCheckDigit(digits.slice(0, -1));
  const actual = Number(digits.slice(-1));
  return actual === expected ? null : `check digit should be ${expected}, not ${actual}`;
}

// Google refuses GS1 prefixes kept for use inside a company or a country: "These codes start with 2, 02, or
// 04" and "The first digit of a 14-digit GTIN is not considered a part of a prefix".
// https://support.google.com/merchants/answer/6286293, https://support.google.com/merchants/answer/7000684
// and coupons: "starts with 981, 982, 983, 984, 99, or 05".
// https://support.google.com/merchants/answer/6286302
// Prefixes are read on the 13-digit form (a UPC-A is an EAN-13 with a leading 0, so a UPC starting with 4 is
// prefix 04). GTIN-8 numbers have prefixes of their own that Google's pages do not list, so they are not
// judged.
const RESTRICTED_PREFIXES = ['2', '02', '04'];
const COUPON_PREFIXES = ['981', '982', '983', '984', '99', '05'];

/** Why Google refuses a valid GTIN ('restricted' or 'coupon' range), or null when it does not. */
export function googleRefusedGtinRange(gtin: string): 'restricted' | 'coupon' | null {
  const ean13 = asEan13(gtin.replace(IGNORED_SEPARATORS, ''));
  if (ean13 === null) return null;
  if (RESTRICTED_PREFIXES.some((prefix) => ean13.startsWith(prefix))) return 'restricted';
  if (COUPON_PREFIXES.some((prefix) => ean13.startsWith(prefix))) return 'coupon';
  return null;
}

/** The GTIN's 13-digit form (a GTIN-14 without its indicator digit, a UPC-A with a leading 0); null for GTIN-8. */
function asEan13(digits: string): string | null {
  if (digits.length === 14) return digits.slice(1);
  if (digits.length === 13) return digits;
  if (digits.length === 12) return `0${digits}`;
  return null;
}
