/**
 * Money in cents. Every amount the product stores is in hundredths of its currency unit (catalog_items'
 * price_amount, product-set filters' price rules), whatever the currency: the importer's scale decides.
 * Here are the readings of price texts into cents and the writings of cents as decimal text.
 */
import { isDecimalText, shiftDecimal } from './decimalText.js';

/** A price in cents, with its ISO 4217 code when the text gave one. */
export interface Price {
  amount: number;
  currency: string | null;
}

/** A price text that cannot be read; the message says what is wrong with it, in lower case. */
export class PriceError extends Error {
  override readonly name = 'PriceError';
}

const PRICE_FORM = /^(?:([A-Za-z]{3})\s*)?([+-]?[\d.,\s\u00a0\u202f'’]*\d[\d.,]*)(?:\s*([A-Za-z]{3}))?$/;
const SPACE_GROUPS = /^\d{1,3}(?:[\s\u00a0\u202f'’]\d{3})+(?:[.,]\d+)?$/;
const GROUP_SPACES = /[\s\u00a0\u202f'’]/;
let currencies: ReadonlySet<string> | undefined;
/** Larger amounts lose cents in a double; no real price comes near. */
const MAX_PRICE_CENTS = Number.MAX_SAFE_INTEGER;

/**
 * Reads a feed's price: an amount and an ISO 4217 code on either side (`15.00 USD`, `USD 15.00`, `15 USD`,
 * `1,299.00 USD`, `15,00 EUR`, `1 299,00 EUR`), or an amount alone (null currency). The decimal
 * separator rule:
 * - with both `.` and `,`, the one written last is the decimal separator and the other groups thousands;
 * - with one of them written several times, it groups thousands (`1.299.000`);
 * - with one of them written once, it groups thousands when exactly three digits follow and the integer
 *   part is not 0 (`1,299` and `1.299` are 1299), otherwise it is the decimal separator (`15,5`,
 *   `15.00`, `0.125`);
 * - spaces, no-break spaces and apostrophes may group thousands (`1 299,00`, `1'299.00`).
 * Amounts are rounded half up to the cent. Currency symbols (`$`, `€`) are refused: `$` alone does not
 * say which dollar. Throws a PriceError for a negative, empty or unreadable price.
 */
export function parsePrice(value: string): Price {
  const text = value.trim();
  const match = PRICE_FORM.exec(text);
  if (!match || (match[1] !== undefined && match[3] !== undefined)) {
    throw new PriceError('write an amount and an ISO 4217 currency code, e.g. 15.00 USD');
  }
  let number = (match[2] ?? '').trim();
  if (number.startsWith('-')) throw new PriceError('a price cannot be negative');
  if (number.startsWith('+')) number = number.slice(1);
  if (GROUP_SPACES.test(number)) {
    if (!SPACE_GROUPS.test(number)) throw new PriceError('the amount is not a number');
    number = number.replace(new RegExp(GROUP_SPACES.source, 'g'), '');
  }
  const cents = amountToCents(number);
  if (cents === undefined) throw new PriceError('the amount is not a number');
  if (cents > MAX_PRICE_CENTS) throw new PriceError('the amount is too large');
  const currency = (match[1] ?? match[3])?.toUpperCase() ?? null;
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  if (currency !== null && !currencies.has(currency))
    throw new PriceError(`${currency} is not an ISO 4217 currency code`);
  return { amount: cents, currency };
}

/** `1,299.50` → 129950; undefined when the separators do not form a number. */
function amountToCents(number: string): number | undefined {
  const parts = splitAmount(number);
  if (parts === undefined) return undefined;
  const { integer, fraction } = parts;
  if (!/^\d+$/.test(integer) || !/^\d*$/.test(fraction)) return undefined;
  const whole = Number(integer) * 100;
  const cents = fraction === '' ? 0 : Math.round(Number(`0.${fraction}`) * 100);
  const total = whole + cents;
  return Number.isFinite(total) ? total : undefined;
}

/** The integer digits and the fraction digits of an amount, by the separator rule of parsePrice. */
function splitAmount(number: string): { integer: string; fraction: string } | undefined {
  const dots = count(number, '.');
  const commas = count(number, ',');
  if (dots > 0 && commas > 0) {
    const decimal = number.lastIndexOf('.') > number.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = number.lastIndexOf(decimal);
    if (count(number, decimal) > 1) return undefined;
    const integer = ungroup(number.slice(0, at), group) ?? '';
    return integer === '' ? undefined : { integer, fraction: number.slice(at + 1) };
  }
  if (dots + commas === 0) return { integer: number, fraction: '' };
  const separator = dots > 0 ? '.' : ',';
  const at = number.indexOf(separator);
  const head = number.slice(0, at);
  const tail = number.slice(at + 1);
  const once = dots + commas === 1;
  if (!once || (/^\d{3}$/.test(tail) && /^[1-9]\d{0,2}$/.test(head))) {
    const integer = ungroup(number, separator) ?? '';
    return integer === '' ? undefined : { integer, fraction: '' };
  }
  return { integer: head, fraction: tail };
}

/** `1,299,000` with `,` → `1299000`; undefined when the groups are not 1–3 digits then threes. */
function ungroup(text: string, group: string): string | undefined {
  const parts = text.split(group);
  if (parts.length === 1) return /^\d+$/.test(text) ? text : undefined;
  if (!/^\d{1,3}$/.test(parts[0] ?? '')) return undefined;
  if (!parts.slice(1).every((p) => /^\d{3}$/.test(p))) return undefined;
  return parts.join('');
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n += 1;
  return n;
}

/**
 * A decimal typed in an input (`49.99`, `.5`), in cents, exactly: "49.99" → 4999, "1.005" → 100.5.
 * NaN when the text is not a decimal (see isDecimalText).
 */
export function decimalToCents(text: string): number {
  return isDecimalText(text) ? Number(shiftDecimal(text, 2)) : Number.NaN;
}

/**
 * Cents as decimal text with at least two decimals, exactly: 12900 → '129.00', -5 → '-0.05',
 * 4999.5 → '49.995'. A currency without cents (JPY) is still divided by 100: the stored scale decides.
 */
export function formatCents(cents: number): string {
  if (Number.isInteger(cents)) {
    const sign = cents < 0 ? '-' : '';
    const magnitude = Math.abs(cents);
    return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
  }
  const written = String(cents);
  // An exponent (1e-7) is no decimal text to shift; such an amount is no real price either.
  if (!isDecimalText(written)) return String(cents / 100);
  const [integer, decimals = ''] = shiftDecimal(written, -2).split('.');
  return `${integer}.${decimals.padEnd(2, '0')}`;
}

/** An amount written as text with its currency code after it: '49.99 USD'; the amount alone without one. */
export function withCurrency(amount: string, currency: string | null | undefined): string {
  return currency ? `${amount} ${currency}` : amount;
}
