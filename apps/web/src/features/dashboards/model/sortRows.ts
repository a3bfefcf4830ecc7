/**
 * Rows sorted by one column's raw value: numbers by size, texts alphabetically (numbers inside texts by
 * value, "Ad 2" before "Ad 10"); empty values (a ratio over zero) last whichever the direction, so the
 * rows with a value stay on top.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  value: (row: Row) => string | number | null,
  direction: 'asc' | 'desc',
): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x == null || y == null) return x == null ? (y == null ? 0 : 1) : -1;
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * collator.compare(String(x), String(y));
  });
}
