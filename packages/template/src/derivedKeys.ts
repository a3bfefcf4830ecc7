/**
 * Metadata values as placeholders see them, including the derived keys of template-format.md
 * section 3: price_delta and the _round, _floor, _super and _dot variants of the three prices.
 */
import { parseMetadataNumber } from './numberFormat.js';
import { isMissingValue, ownMetadataValue, type Metadata } from './metadata.js';

export const PRICE_KEYS = ['price', 'sale_price', 'price_delta'] as const;
export const PRICE_VARIANTS = ['round', 'floor', 'super', 'dot'] as const;
export type PriceVariant = (typeof PRICE_VARIANTS)[number];

/** A placeholder's value before filters; `superscriptCents` asks for the cents to be raised afterwards. */
export interface PlaceholderValue {
  text: string;
  superscriptCents: boolean;
}

function priceNumber(metadata: Metadata, key: (typeof PRICE_KEYS)[number]): number | undefined {
  const value = ownMetadataValue(metadata, key);
  if ((typeof value === 'string' || typeof value === 'number') && !isMissingValue(value)) {
    return parseMetadataNumber(value);
  }
  if (key !== 'price_delta') return undefined;
  const price = priceNumber(metadata, 'price');
  const salePrice = priceNumber(metadata, 'sale_price');
  // Default 0 when either price is missing: a "save {price_delta}" text then shows 0.00.
  return price === undefined || salePrice === undefined ? 0 : Math.round((price - salePrice) * 100) / 100;
}

function variantText(value: number, variant: PriceVariant): string {
  switch (variant) {
    case 'round':
      return String(Math.round(value));
    case 'floor':
      return String(Math.floor(value));
    case 'super':
    case 'dot':
      return value.toFixed(2);
  }
}

const VARIANT_KEY = /^(price|sale_price|price_delta)_(round|floor|super|dot)$/;

/**
 * The value of a placeholder key: the metadata value when present (it wins over a derived one), else a
 * derived price key; undefined when missing (null, undefined or blank text count as missing).
 */
export function resolvePlaceholderValue(key: string, metadata: Metadata): PlaceholderValue | undefined {
  const value = ownMetadataValue(metadata, key);
  if (!isMissingValue(value)) return { text: String(value), superscriptCents: false };
  if (key === 'price_delta') {
    return { text: (priceNumber(metadata, 'price_delta') ?? 0).toFixed(2), superscriptCents: false };
  }
  const match = VARIANT_KEY.exec(key);
  if (!match) return undefined;
  const base = match[1] as (typeof PRICE_KEYS)[number];
  const variant = match[2] as PriceVariant;
  const number = priceNumber(metadata, base);
  if (number === undefined) return undefined;
  return { text: variantText(number, variant), superscriptCents: variant === 'super' };
}

/** A piece of filled text; superscript runs are drawn at RENDERER.superscript size and baseline. */
export interface TextRun {
  text: string;
  superscript: boolean;
}

/**
 * Splits a price into the part before its decimal separator and the cents, which become superscript:
 * '19.99' gives 19 and raised 99; '1.234,50' (de) gives 1.234 and raised 50. Text without cents stays whole.
 */
export function superscriptCents(text: string): TextRun[] {
  const match = /^(.*\d)[.,](\d+)(\D*)$/su.exec(text);
  if (!match) return [{ text, superscript: false }];
  const [, whole = '', cents = '', rest = ''] = match;
  const runs: TextRun[] = [
    { text: whole, superscript: false },
    { text: cents, superscript: true },
  ];
  if (rest !== '') runs.push({ text: rest, superscript: false });
  return runs;
}
