import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { googleRefusedGtinRange, gtinCheckDigit, gtinProblem } from './gtin.js';

/** A GTIN of this length whose check digit is right, from the digits before it. */
const withCheckDigit = (body: string): string => `${body}${gtinCheckDigit(body)}`;

describe('gtinProblem', () => {
  it.each([
    ['4006381333931', 'EAN-13 (GS1 and Wikipedia example)'],
    ['5901234123457', 'EAN-13 (GS1 General Specifications example)'],
    ['3234567890126', 'EAN-13 (Google’s GTIN attribute example)'],
    ['9780306406157', 'ISBN-13'],
    ['036000291452', 'UPC-A (Wikipedia example)'],
    ['614141000036', 'UPC-A (GS1 US example)'],
    ['96385074', 'EAN-8 (Wikipedia example)'],
    ['00614141000036', 'GTIN-14: the GS1 US UPC-A padded to 14 digits'],
  ])('accepts %s, %s', (gtin) => {
    expect(gtinProblem(gtin)).toBeNull();
  });

  it('ignores spaces and hyphens', () => {
    expect(gtinProblem('400 638 133 393 1')).toBeNull();
    expect(gtinProblem('0-36000-29145-2')).toBeNull();
    expect(gtinProblem(' 9780306406157\u00a0')).toBeNull();
  });

  it.each([
    ['4006381333932', 'check digit should be 1, not 2'],
    ['036000291453', 'check digit should be 2, not 3'],
    ['96385075', 'check digit should be 4, not 5'],
    ['5901234123450', 'check digit should be 7, not 0'],
  ])('refuses %s: %s', (gtin, problem) => {
    expect(gtinProblem(gtin)).toBe(problem);
  });

  it.each([
    ['40063813339', '8, 12, 13 or 14 digits expected (GTIN-8, UPC-A, EAN-13 or GTIN-14), got 11'],
    ['400638133393100', '8, 12, 13 or 14 digits expected (GTIN-8, UPC-A, EAN-13 or GTIN-14), got 15'],
    [
      '0306406152',
      '8, 12, 13 or 14 digits expected (GTIN-8, UPC-A, EAN-13 or GTIN-14), got 10: an ISBN-10 must be written as its ISBN-13',
    ],
    [' - ', '8, 12, 13 or 14 digits expected (GTIN-8, UPC-A, EAN-13 or GTIN-14), got none'],
  ])('refuses %s for its length', (gtin, problem) => {
    expect(gtinProblem(gtin)).toBe(problem);
  });

  it('names the first character that is not a digit', () => {
    expect(gtinProblem('40063813339A1')).toBe('only digits expected, found “A”');
    expect(gtinProblem('4006381.333931')).toBe('only digits expected, found “.”');
  });

  it('accepts any GTIN with its computed check digit, and refuses it once one digit changes', () => {
    const gtinBody = fc
      .constantFrom(8, 12, 13, 14)
      .chain((length) => fc.stringMatching(new RegExp(`^\\d{${length - 1}}$`)));
    fc.assert(
      fc.property(gtinBody, fc.nat(), fc.integer({ min: 1, max: 9 }), (body, where, shift) => {
        const gtin = withCheckDigit(body);
        expect(gtinProblem(gtin)).toBeNull();
        // Changing one digit by 1 to 9 changes the weighted sum by a non-multiple of 10 (weights 1 and 3).
        const at = where % gtin.length;
        const changed = `${gtin.slice(0, at)}${(Number(gtin[at]) + shift) % 10}${gtin.slice(at + 1)}`;
        expect(gtinProblem(changed)).toMatch(/^check digit should be \d, not \d$/);
      }),
    );
  });
});

describe('googleRefusedGtinRange', () => {
  it('lets ordinary GTINs through', () => {
    for (const gtin of ['4006381333931', '036000291452', '9780306406157', '00614141000036', '96385074']) {
      expect(googleRefusedGtinRange(gtin)).toBeNull();
    }
  });

  it('refuses the in-store prefixes 2, 02 and 04, read on the EAN-13 form', () => {
    expect(googleRefusedGtinRange(withCheckDigit('200000000000'))).toBe('restricted'); // EAN-13 20…
    expect(googleRefusedGtinRange(withCheckDigit('290123456789'))).toBe('restricted'); // EAN-13 29…
    expect(googleRefusedGtinRange(withCheckDigit('21234567890'))).toBe('restricted'); // UPC-A 2… is 02…
    expect(googleRefusedGtinRange(withCheckDigit('41234567890'))).toBe('restricted'); // UPC-A 4… is 04…
    expect(googleRefusedGtinRange(withCheckDigit('0041234567890'))).toBe('restricted'); // GTIN-14 0 + 04…
  });

  it('does not count a GTIN-14’s first digit (its indicator) as part of the prefix', () => {
    expect(googleRefusedGtinRange(withCheckDigit('2400638133393'))).toBeNull();
    expect(googleRefusedGtinRange(withCheckDigit('1200000000000'))).toBe('restricted');
  });

  it('refuses the coupon prefixes 981 to 984, 99 and 05', () => {
    for (const body of ['981234567890', '984000000000', '990000000000', '51234567890']) {
      expect(googleRefusedGtinRange(withCheckDigit(body))).toBe('coupon');
    }
    expect(googleRefusedGtinRange(withCheckDigit('980000000000'))).toBeNull(); // refund receipts: not listed
    expect(googleRefusedGtinRange(withCheckDigit('979000000000'))).toBeNull(); // ISBN-13 979
  });

  it('leaves GTIN-8, whose prefixes Google does not list, alone', () => {
    expect(googleRefusedGtinRange(withCheckDigit('2000000'))).toBeNull();
  });
});
