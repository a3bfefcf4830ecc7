/**
 * Numbers in text: reading metadata values as numbers, and the `format:PATTERN[:LOCALE]` filter.
 *
 * PATTERN is the number part of an ICU/Excel decimal pattern: `#,##0.00`, `0.0`, `#,##0.##`, `000`.
 * - `0` in the integer part: a digit always shown (minimum integer digits); `#`: a digit shown if any.
 * - `,` anywhere in the integer part switches grouping on; group sizes and separators come from the
 *   locale through Intl.NumberFormat, so `#,##0.00` gives 1,234.50 (en), 1.234,50 (de), 1 234,50 (fr).
 * - after `.`: each `0` is a decimal always shown, each `#` one more shown only when not zero.
 * Nothing else (currency signs, text) belongs in a pattern: write it around the placeholder instead.
 */
import { NUMBER_LOCALES, type NumberLocale } from './constants.js';

/** A parsed number pattern: Intl.NumberFormat options in the pattern's own words. */
export interface NumberPattern {
  grouping: boolean;
  minimumIntegerDigits: number;
  minimumFractionDigits: number;
  maximumFractionDigits: number;
}

// Intl.NumberFormat accepts at most 21 integer and 20 fraction digits everywhere (older engines).
const MAX_INTEGER_DIGITS = 21;
const MAX_FRACTION_DIGITS = 20;

/** Parses a number pattern such as '#,##0.00'; throws an Error that says what is wrong. */
export function parseNumberPattern(pattern: string): NumberPattern {
  const match = /^([#,]*)([0,]*)(?:\.(0*)(#*))?$/.exec(pattern.trim());
  const [, hashes = '', zeros = '', fixed = '', optional = ''] = match ?? [];
  if (!match || !/[#0]/.test(pattern) || /^,|,$/.test(hashes + zeros)) {
    throw new Error(`'${pattern}' is not a number pattern; write it like #,##0.00`);
  }
  const minimumIntegerDigits = Math.max(1, zeros.replace(/,/g, '').length);
  const maximumFractionDigits = fixed.length + optional.length;
  if (minimumIntegerDigits > MAX_INTEGER_DIGITS || maximumFractionDigits > MAX_FRACTION_DIGITS) {
    throw new Error(`'${pattern}' asks for more digits than a number format can show`);
  }
  return {
    grouping: (hashes + zeros).includes(','),
    minimumIntegerDigits,
    minimumFractionDigits: fixed.length,
    maximumFractionDigits,
  };
}

/** True when a text is one of the locales the format filter knows. */
export function isNumberLocale(text: string): text is NumberLocale {
  return (NUMBER_LOCALES as readonly string[]).includes(text);
}

/** Formats a number with a pattern such as '#,##0.00' and the separators of a supported locale. */
export function formatNumber(value: number, pattern: string, locale: NumberLocale = 'en'): string {
  if (!Number.isFinite(value)) throw new Error(`${value} cannot be formatted as a number`);
  const parsed = parseNumberPattern(pattern);
  return new Intl.NumberFormat(locale, {
    // 'always', not 'auto': es would otherwise leave four-digit numbers ungrouped (CLDR's minimum
    // grouping digits), and the pattern already says whether the user wants grouping.
    useGrouping: parsed.grouping ? 'always' : false,
    minimumIntegerDigits: parsed.minimumIntegerDigits,
    minimumFractionDigits: parsed.minimumFractionDigits,
    maximumFractionDigits: parsed.maximumFractionDigits,
  }).format(value);
}

// A feed price looks like '1299.00', '1,299.00 USD' or 'USD 12'; commas are thousands separators there.
const METADATA_NUMBER = /^(?:[A-Z]{3}\s*)?(-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|-?\.\d+)(?:\s*[A-Z]{3})?$/;

/**
 * Reads a metadata value as a number: plain decimals, comma thousands separators, and a three-letter
 * currency code before or after ('9.99 USD', as catalogue feeds write prices). Undefined otherwise.
 */
export function parseMetadataNumber(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const match = METADATA_NUMBER.exec(value.trim());
  if (!match?.[1]) return undefined;
  const number = Number(match[1].replace(/,/g, ''));
  return Number.isFinite(number) ? number : undefined;
}
