import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NUMBER_LOCALES } from './constants.js';
import { formatNumber, parseMetadataNumber, parseNumberPattern } from './numberFormat.js';

describe('parseNumberPattern', () => {
  it('reads grouping, integer and fraction digits', () => {
    expect(parseNumberPattern('#,##0.00')).toEqual({
      grouping: true,
      minimumIntegerDigits: 1,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    expect(parseNumberPattern('000')).toEqual({
      grouping: false,
      minimumIntegerDigits: 3,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    expect(parseNumberPattern('0.0##')).toMatchObject({ minimumFractionDigits: 1, maximumFractionDigits: 3 });
  });

  it('refuses anything that is not a number pattern', () => {
    for (const pattern of ['', '.', 'abc', '$#,##0', '0#', ',##0', '#,##0,', '0.#0', `0.${'0'.repeat(21)}`]) {
      expect(() => parseNumberPattern(pattern)).toThrow(/number pattern|more digits/);
    }
  });
});

describe('formatNumber', () => {
  it('uses the separators of each supported locale', () => {
    expect(formatNumber(1234567.891, '#,##0.00')).toBe('1,234,567.89');
    expect(formatNumber(1234567.891, '#,##0.00', 'de')).toBe('1.234.567,89');
    expect(formatNumber(1234.5, '#,##0.00', 'es')).toBe('1.234,50');
    expect(formatNumber(1234.5, '#,##0.00', 'fr')).toBe('1\u202f234,50');
    expect(formatNumber(1234.5, '#,##0.00', 'ru')).toBe('1\u00a0234,50');
  });

  it('shows optional decimals only when needed and pads integer digits', () => {
    expect(formatNumber(3, '0.##')).toBe('3');
    expect(formatNumber(3.14159, '0.##')).toBe('3.14');
    expect(formatNumber(7, '000')).toBe('007');
    expect(formatNumber(1234.5, '0')).toBe('1235');
  });

  it('agrees with toFixed for two decimals, with and without grouping', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }).filter((v) => !Object.is(v, -0)),
        (value) => {
          expect(formatNumber(value, '0.00')).toBe(value.toFixed(2));
          expect(formatNumber(value, '#,##0.00').replace(/,/g, '')).toBe(value.toFixed(2));
          expect(formatNumber(value, '#,##0.00', 'de').replace(/\./g, '').replace(',', '.')).toBe(
            value.toFixed(2),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses numbers that are not finite', () => {
    expect(() => formatNumber(Number.NaN, '0')).toThrow();
    expect(() => formatNumber(Number.POSITIVE_INFINITY, '0')).toThrow();
  });

  it('registers the locales of spec section 9', () => {
    expect(NUMBER_LOCALES).toEqual(['en', 'es', 'de', 'fr', 'ru']);
  });
});

describe('parseMetadataNumber', () => {
  it('reads feed prices', () => {
    expect(parseMetadataNumber('19.99')).toBe(19.99);
    expect(parseMetadataNumber('9.99 USD')).toBe(9.99);
    expect(parseMetadataNumber('EUR 12')).toBe(12);
    expect(parseMetadataNumber('1,299.00 USD')).toBe(1299);
    expect(parseMetadataNumber(' -3.5 ')).toBe(-3.5);
    expect(parseMetadataNumber(42)).toBe(42);
  });

  it('refuses anything else', () => {
    for (const value of ['', 'abc', '12,99', '1.2.3', '$5', '5 usd', 'NaN', 'Infinity', '1e3']) {
      expect(parseMetadataNumber(value)).toBeUndefined();
    }
    expect(parseMetadataNumber(Number.NaN)).toBeUndefined();
  });
});
