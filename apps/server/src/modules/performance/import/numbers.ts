/**
 * Numbers as Ads Manager and Excel write them in English, French and Spanish: "1,234.56", "1 234,56"
 * (a space, a non-breaking or a narrow non-breaking space between thousands), "1.234,56", "1234,56". A
 * lone separator followed by exactly three digits ("1,234", "1.234") is read by the file's decimal mark:
 * thousands when it is not the decimal mark. Pure.
 */

/** The decimal mark of a file: ',' for French and Spanish exports (and semicolon-separated CSV), else '.'. */
export type DecimalMark = '.' | ',';

/** What a cell holds: a number, nothing ("", "-", "—": Ads Manager's empty cell), or text that is no number. */
export type NumberCell = { kind: 'number'; value: number } | { kind: 'empty' } | { kind: 'invalid' };

const EMPTY = new Set(['', '-', '–', '—', 'n/a', 'N/A']);

const GROUPED = {
  ',': /^\d{1,3}(,\d{3})+$/,
  '.': /^\d{1,3}(\.\d{3})+$/,
} as const;

/** Reads a cell's text as a number; `decimal` settles "1,234" and "1.234". */
export function readNumber(text: string | number | null | undefined, decimal: DecimalMark): NumberCell {
  if (typeof text === 'number')
    return Number.isFinite(text) ? { kind: 'number', value: text } : { kind: 'invalid' };
  let s = (text ?? '').trim();
  if (EMPTY.has(s)) return { kind: 'empty' };
  let sign = 1;
  if (/^[-−]/.test(s)) {
    sign = -1;
    s = s.slice(1);
  }
  // Thousands written with spaces ("1 234,56"): only between groups of three digits.
  if (/[\s\u00a0\u202f]/.test(s)) {
    if (!/^\d{1,3}([\s\u00a0\u202f]\d{3})+([.,]\d+)?$/.test(s)) return { kind: 'invalid' };
    s = s.replace(/[\s\u00a0\u202f]/g, '');
  }
  const value = plain(s, decimal);
  return value === null ? { kind: 'invalid' } : { kind: 'number', value: sign * value };
}

/** Digits with at most one kind of thousands separator and one decimal mark. */
function plain(s: string, decimal: DecimalMark): number | null {
  if (/^\d+$/.test(s)) return Number(s);
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the later one is the decimal mark, the other separates thousands.
    const mark = lastComma > lastDot ? ',' : '.';
    const group = mark === ',' ? '.' : ',';
    const [whole, fraction, extra] = s.split(mark);
    if (extra !== undefined || !/^\d+$/.test(fraction ?? '') || !GROUPED[group].test(whole ?? ''))
      return null;
    return Number(`${whole!.split(group).join('')}.${fraction}`);
  }
  const sep = lastComma >= 0 ? ',' : lastDot >= 0 ? '.' : null;
  if (!sep) return null;
  const parts = s.split(sep);
  if (parts.length > 2) return GROUPED[sep].test(s) ? Number(parts.join('')) : null;
  const [whole, fraction] = parts as [string, string];
  if (!/^\d*$/.test(whole) || !/^\d+$/.test(fraction) || (whole === '' && sep !== decimal)) return null;
  // "1,234" in an English file, "1.234" in a French one: thousands.
  if (sep !== decimal && GROUPED[sep].test(s)) return Number(whole + fraction);
  return Number(`${whole || '0'}.${fraction}`);
}
